import { randomBytes } from 'node:crypto';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;
const SHOTS = process.env.AUTOMATION_SCREENSHOTS;

test.describe('automations', () => {
  test('an admin creates an automation and a key, the key acts within its scopes, and revoking it stops it', async ({
    page,
    request,
  }) => {
    await signIn(page, await createAccount('admin'));
    const systemName = unique('Inbox Scanner');
    await page.goto('/automations');
    await page.getByRole('button', { name: 'New automation' }).click();
    await page.getByLabel('System name').fill(systemName);
    await page.getByLabel('Description (optional)').fill('Scans the abuse inbox');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: systemName, level: 1 })).toBeVisible();
    await expect(page.getByText('No API keys')).toBeVisible();

    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Name', { exact: true }).fill('tag reader');
    const scopes = page.getByRole('combobox', { name: /^Scopes/ });
    await scopes.fill('tag.vi');
    await page.getByRole('option', { name: 'View tags' }).click();
    await page.getByRole('button', { name: 'Create key' }).click();

    await expect(page.getByRole('heading', { name: 'API key created' })).toBeVisible();
    await expect(page.getByText('It will not be shown again.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy API key' })).toBeVisible();
    const key = (await page.getByRole('textbox', { name: 'API key' }).textContent())?.trim() ?? '';
    expect(key).toMatch(/^\S{20,}$/);
    await page.getByRole('button', { name: 'I have copied the key' }).click();
    await expect(page.getByText(key)).toHaveCount(0);

    const bearer = { authorization: `Bearer ${key}` };
    expect((await request.get('/api/tags', { headers: bearer })).status()).toBe(200);
    // Outside the key's scopes, even though the admin who made it holds them.
    expect((await request.get('/api/groups', { headers: bearer })).status()).toBe(403);

    const row = page.getByRole('row', { name: /tag reader/ });
    await expect(row.getByText('Active')).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByRole('row', { name: /tag reader/ })
        .getByRole('cell')
        .nth(4),
    ).not.toHaveText('Never');

    await page.getByRole('button', { name: 'Revoke tag reader' }).click();
    await expect(page.getByRole('heading', { name: 'Revoke API key “tag reader”?' })).toBeVisible();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText('API key revoked')).toBeVisible();
    await expect(page.getByRole('row', { name: /tag reader/ }).getByText('Revoked')).toBeVisible();

    expect((await request.get('/api/tags', { headers: bearer })).status()).toBe(401);
  });

  test('a webhook URL aimed at a private address is refused on the field', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    await page.goto('/automations');
    await page.getByRole('button', { name: 'New automation' }).click();
    await page.getByLabel('System name').fill(unique('Local hook'));
    await page.getByLabel('Webhook URL (optional)').fill('http://127.0.0.1/hook');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(/must not point at a private, loopback or link-local address/)).toBeVisible();
    await expect(page.getByLabel('Webhook URL (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/automations$/);
  });

  test('a viewer sees automations but no create or edit actions', async ({ page }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/automations');
    await expect(page.getByRole('heading', { name: 'Automations', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New automation' })).toHaveCount(0);
  });

  test("a viewer reads only the webhook URL's origin, and is told why", async ({ page }) => {
    const account = await createAccount('admin');
    const admin = await apiAs(account.email, account.password);
    const created = await admin.post('/api/automations', {
      data: { systemName: unique('Bank feed'), webhookUrl: 'https://93.184.216.34/in/s3cr3t-token?key=k3y' },
    });
    expect(created.status()).toBe(201);
    const automation = await created.json();
    await admin.dispose();

    await signIn(page, await createAccount('viewer'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/automations/${automation.id}`);
    const shown = 'https://93.184.216.34/… (only those who may edit automations see the full address)';
    await expect(page.getByLabel('Automation details').getByText(shown)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Webhook' }).getByText(shown)).toBeVisible();
    await expect(page.getByText(/s3cr3t|k3y/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, "a viewer's automation page at 390 px");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/automation-viewer-390.png`, fullPage: true });
  });
});
