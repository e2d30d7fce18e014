import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';
import { importRows } from './identifiers-support';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

/** The Tags section of the open "Email Details" modal. */
const tagsSection = (page: Page) =>
  page
    .getByRole('dialog', { name: 'Email Details' })
    .locator('section', { has: page.getByRole('heading', { name: 'Tags', exact: true }) });

/** Opens the identifier's details, picks or unpicks the tag in "Edit tags" and saves. */
async function toggleTag(page: Page, identifierId: string, tagName: string) {
  await page.goto(`/identifiers?open=${identifierId}`);
  const section = tagsSection(page);
  await section.getByRole('button', { name: 'Edit tags' }).click();
  await section.getByRole('combobox', { name: /^Tags/ }).click();
  await page.getByRole('option', { name: tagName }).click();
  await section.getByRole('button', { name: 'Save tags' }).click();
  await expect(page.getByText('Tags saved')).toBeVisible();
  return section;
}

/** On /tags, asks to delete the tag and confirms; answers the confirmation dialog. */
async function deleteTagFromList(page: Page, tagName: string) {
  await page.goto('/tags');
  await page.getByRole('searchbox', { name: 'Search tags' }).fill(tagName);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${tagName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = modal(page, `Delete tag “${tagName}”?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  return confirm;
}

test.describe('identifier tags', () => {
  test('a tag an identifier carries cannot be deleted until it is taken off', async ({ page }) => {
    const admin = await createAccount('admin');
    const suffix = randomBytes(3).toString('hex');
    const tagName = `Romance ${suffix}`;
    const api = await apiAs(admin.email, admin.password);
    expect((await api.post('/api/tags', { data: { name: tagName, color: 'red' } })).status()).toBe(201);
    await api.dispose();
    const [identifierId] = await importRows(admin, [
      { type: 'email', data: { address: `tagged-${suffix}@example.com` } },
    ]);
    await signIn(page, admin);

    await page.goto(`/identifiers?open=${identifierId}`);
    await expect(tagsSection(page).getByText('No tags')).toBeVisible();
    let section = await toggleTag(page, identifierId, tagName);
    const shown = section.getByRole('list', { name: 'Tags' }).locator('.cds--tag');
    await expect(shown).toHaveText([tagName]);
    await expect(shown).toHaveClass(/cds--tag--red/);

    const refused = await deleteTagFromList(page, tagName);
    await expect(refused.getByText('Tag is in use by 1 identifier; remove it from them first')).toBeVisible();
    await refused.getByRole('button', { name: 'Cancel' }).click();

    section = await toggleTag(page, identifierId, tagName);
    await expect(section.getByText('No tags')).toBeVisible();

    await deleteTagFromList(page, tagName);
    await expect(page.getByText('Tag deleted')).toBeVisible();
    await expect(page.getByText('No tags match')).toBeVisible();
  });
});
