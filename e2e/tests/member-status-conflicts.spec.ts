import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { ADMIN } from '../support/env';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('disabling a team member someone else changed meanwhile', () => {
  test('the dialog says what changed, reloads onto it and disables from it', async ({ page }) => {
    const unique = randomBytes(3).toString('hex');
    const member = await createAccount('investigator', { firstName: 'Rosa', lastName: `Status ${unique}` });
    const admin = await createAccount('admin');
    const other = await apiAs(ADMIN.email, ADMIN.password);

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, admin);
    await page.goto(`/team-members/${member.id}`);
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    const dialog = modal(page, `Disable Rosa Status ${unique}?`);
    await expect(dialog).toBeVisible();

    // Meanwhile, another administrator makes them a viewer.
    const changed = await other.patch(`/api/team-members/${member.id}`, { data: { role: 'viewer' } });
    expect(changed.status(), await changed.text()).toBe(200);

    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(
      dialog.getByText('Someone else changed this team member while you were editing'),
    ).toBeVisible();
    await expect(dialog.getByText('Role: Viewer')).toBeVisible();
    await expectNoSeriousViolations(page, 'the disable dialog with its conflict notice');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('disable-member-conflict-390.png') });

    await dialog.getByRole('button', { name: 'Reload' }).click();
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByText('Team member disabled')).toBeVisible();
    // The page reads the member again: it offers Enable now.
    await expect(page.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();
    const now = (await (await other.get(`/api/team-members/${member.id}`)).json()) as Record<string, unknown>;
    expect(now).toMatchObject({ role: 'viewer', status: 'disabled' });
    await other.dispose();
  });
});
