import { randomBytes } from 'node:crypto';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const SHOTS = process.env.WEBHOOK_SCREENSHOTS;

test.describe('an automation webhook', () => {
  test('an admin makes its signing secret, sees it once, sends a test ping and reads the log', async ({
    page,
  }) => {
    const account = await createAccount('admin');
    const admin = await apiAs(account.email, account.password);
    // A public address: the server refuses private ones, and this one is not reached from the test
    // machine, so the ping's attempt fails and waits for its retry.
    const created = await admin.post('/api/automations', {
      data: {
        systemName: `Bank feed ${randomBytes(3).toString('hex')}`,
        webhookUrl: 'https://93.184.216.34/scamtrail/hook',
      },
    });
    expect(created.status()).toBe(201);
    const automation = await created.json();
    await admin.post(`/api/automations/${automation.id}/api-keys`, {
      data: { name: 'feed', scopes: ['export.view', 'case.view', 'identifier.view'] },
    });
    await admin.dispose();

    await signIn(page, account);
    await page.goto(`/automations/${automation.id}`);
    const section = page.getByRole('region', { name: 'Webhook' });
    await expect(section.getByText('No signing secret yet.')).toBeVisible();
    await expect(section.getByText('No deliveries yet')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Send test ping' })).toBeDisabled();

    const make = section.getByRole('button', { name: 'Make signing secret' });
    await make.click();
    const dialog = page.getByRole('dialog', { name: 'Webhook signing secret' });
    await expect(dialog).toBeVisible();
    const secret = (await dialog.getByRole('textbox', { name: 'Signing secret' }).textContent())?.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-secret.png` });
    await dialog.getByRole('button', { name: 'I have copied the secret' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(secret!)).toHaveCount(0);
    // Focus is back on the button that opened it, now named for what it does next.
    await expect(section.getByRole('button', { name: 'Rotate secret' })).toBeFocused();

    await section.getByRole('button', { name: 'Send test ping' }).click();
    await expect(page.getByText('Test ping queued')).toBeVisible();
    const row = section
      .getByRole('table', { name: 'Deliveries' })
      .getByRole('row', { name: /webhook\.ping/ });
    await expect(row).toBeVisible();
    // The worker attempts it: the public address is not reached from here, so it waits for a retry.
    await expect(async () => {
      await page.reload();
      await expect(
        page
          .getByRole('region', { name: 'Webhook' })
          .getByRole('table', { name: 'Deliveries' })
          .getByRole('row', { name: /webhook\.ping/ }),
      ).not.toContainText('Not yet');
    }).toPass({ timeout: 40_000 });
    await expect(section.getByRole('button', { name: /Send again/ })).toBeVisible();
    // The log has the attempt (a retry may have followed it), with why it failed.
    const attempts = section
      .getByRole('table', { name: 'Delivery log' })
      .getByRole('row', { name: /webhook\.ping/ });
    await expect(attempts.last()).toContainText('Failed');
    await expect(attempts.last()).toContainText('webhook.ping');
    await expectNoSeriousViolations(page, 'the automation page with its webhook');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(section.getByRole('button', { name: 'Send test ping' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, 'the automation page with its webhook at 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-390.png`, fullPage: true });
  });
});
