import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('an administrator’s edit made while someone else changed the record', () => {
  test('an export stream: the dialog shows what changed, reloads onto it and saves', async ({ page }) => {
    const unique = randomBytes(3).toString('hex');
    const admin = await createAccount('admin');
    const api = await apiAs(admin.email, admin.password);
    const created = await api.post('/api/export-streams', {
      data: { name: `SIEM feed ${unique}`, topics: ['cases', 'identifiers'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, admin);
    await page.goto('/export-streams');
    await page.getByRole('button', { name: `Actions for SIEM feed ${unique}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = modal(page, 'Edit export stream');
    await form.getByLabel('Description (optional)').fill('Read by the SOC');

    // Meanwhile, another administrator renames it.
    const renamed = await api.patch(`/api/export-streams/${id}`, { data: { name: `SOC feed ${unique}` } });
    expect(renamed.status(), await renamed.text()).toBe(200);

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('Someone else changed this export stream while you were editing'),
    ).toBeVisible();
    await expect(form.getByText(`Name: SOC feed ${unique}`)).toBeVisible();
    await expectNoSeriousViolations(page, 'the export stream dialog with its conflict notice');
    const widths = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widths).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('export-stream-conflict-390.png') });

    await form.getByRole('button', { name: 'Reload' }).click();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(`SOC feed ${unique}`);
    await expect(form.getByLabel('Description (optional)')).toHaveValue('Read by the SOC');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Export stream saved')).toBeVisible();
    const stream = (await (await api.get(`/api/export-streams/${id}`)).json()) as Record<string, unknown>;
    expect(stream).toMatchObject({ name: `SOC feed ${unique}`, description: 'Read by the SOC' });
    await api.dispose();
  });
});
