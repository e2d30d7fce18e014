import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

// Deleting a tag that is in use (409 IN_USE) is covered with a tagged identifier in
// identifier-tags.spec.ts.
test.describe('tags', () => {
  test('an admin creates, renames and recolours, then deletes an unused tag', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    const name = `Phishing ${randomBytes(3).toString('hex')}`;
    await page.goto('/tags');
    await page.getByRole('button', { name: 'New tag' }).click();
    let form = modal(page, 'New tag');
    await form.getByLabel('Name').fill(name);
    await form.getByRole('combobox', { name: 'Colour' }).click();
    await form.getByRole('option', { name: 'Red' }).click();
    await form.getByLabel('Description (optional)').fill('Credential theft');
    await expect(form.locator('.tags-page__preview .cds--tag')).toHaveText(name);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Tag created')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search tags' }).fill(name);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    const swatch = page.locator('tbody tr').locator('.cds--tag');
    await expect(swatch).toHaveText(name);
    await expect(swatch).toHaveClass(/cds--tag--red/);
    await expect(page.locator('tbody tr')).toContainText('Credential theft');

    const renamed = `${name} (renamed)`;
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    form = modal(page, 'Edit tag');
    await form.getByLabel('Name').fill(renamed);
    await form.getByRole('combobox', { name: 'Colour' }).click();
    await form.getByRole('option', { name: 'Teal' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Tag saved')).toBeVisible();
    await expect(swatch).toHaveText(renamed);
    await expect(swatch).toHaveClass(/cds--tag--teal/);

    await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await modal(page, `Delete tag “${renamed}”?`).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tag deleted')).toBeVisible();
    await expect(page.getByText('No tags match')).toBeVisible();
  });

  test('a duplicate name is refused on the field', async ({ page }) => {
    const admin = await createAccount('admin');
    const name = `Dup ${randomBytes(3).toString('hex')}`;
    const api = await apiAs(admin.email, admin.password);
    expect((await api.post('/api/tags', { data: { name } })).status()).toBe(201);
    await api.dispose();

    await signIn(page, admin);
    await page.goto('/tags');
    await page.getByRole('button', { name: 'New tag' }).click();
    const form = modal(page, 'New tag');
    await form.getByLabel('Name').fill(name.toUpperCase());
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(/already exists/)).toBeVisible();
  });
});
