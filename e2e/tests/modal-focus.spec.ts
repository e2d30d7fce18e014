import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test, type Account } from '../support/fixtures';
import { importRows } from './identifiers-support';

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** A dialog's Close action in its footer (its header's close icon is named Close too). */
const footerClose = (dialog: Locator) =>
  dialog.locator('.cds--modal-footer').getByRole('button', { name: 'Close', exact: true });

/** An admin, signed in on the page, with a tag of their own in the tag list. */
async function tagsPageWithTag(page: Page): Promise<{ admin: Account; tagName: string }> {
  const admin = await createAccount('admin');
  const tagName = unique('scam');
  const api = await apiAs(admin.email, admin.password);
  expect((await api.post('/api/tags', { data: { name: tagName } })).status()).toBe(201);
  await api.dispose();
  await signIn(page, admin);
  await page.goto('/tags');
  await page.getByRole('searchbox', { name: 'Search tags' }).fill(tagName);
  // The search is debounced: until its answer replaces the unfiltered list, the row may be re-rendered
  // under a menu opened on it. Only the searched tag matches, so the list then holds one row.
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Actions for ${tagName}` })).toBeVisible();
  return { admin, tagName };
}

/** Signs an admin in on the page, with a new e-mail identifier of theirs; answers its address. */
async function signedInWithEmailIdentifier(page: Page, prefix: string): Promise<string> {
  const admin = await createAccount('admin');
  const address = `${unique(prefix)}@example.org`;
  await importRows(admin, [{ type: 'email', data: { address } }]);
  await signIn(page, admin);
  return address;
}

async function chooseRowAction(page: Page, row: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${row}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test.describe('modal focus', () => {
  test('a form dialog focuses its first field; the first Escape closes it and focus returns to its button', async ({
    page,
  }) => {
    await tagsPageWithTag(page);
    const newTag = page.getByRole('button', { name: 'New tag' });
    await newTag.click();
    const dialog = dialogNamed(page, 'New tag');
    await expect(dialog.getByLabel('Name')).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(newTag).toBeFocused();

    // The close button and a successful submit give focus back too.
    await newTag.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(newTag).toBeFocused();

    await newTag.click();
    await dialog.getByLabel('Name').fill(unique('smishing'));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Tag created')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(newTag).toBeFocused();
  });

  test('Tab and Shift+Tab stay inside a dialog, going round from its last control to its first', async ({
    page,
  }) => {
    await signIn(page, await createAccount('investigator'));
    await page.goto('/cases');
    await page.getByRole('button', { name: 'New case' }).first().click();
    const dialog = dialogNamed(page, 'New case');
    await expect(dialog.getByLabel('Title')).toBeFocused();
    const focusIsInside = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"][aria-label="New case"]')));
    // Round the whole dialog and a little more; focus never leaves it (it went to the page behind).
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(), `after ${i + 1} Tab`).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Create case' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Create case' })).toBeFocused();
  });

  test('a delete confirmation focuses Cancel; closing it returns focus to the row’s menu button', async ({
    page,
  }) => {
    const { tagName } = await tagsPageWithTag(page);
    await chooseRowAction(page, tagName, 'Delete');
    const dialog = dialogNamed(page, `Delete tag “${tagName}”?`);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Actions for ${tagName}` })).toBeFocused();

    await chooseRowAction(page, tagName, 'Delete');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Actions for ${tagName}` })).toBeFocused();
  });

  test('after a row is deleted, focus goes to the heading of its table, not to <body>', async ({ page }) => {
    const { tagName } = await tagsPageWithTag(page);
    await chooseRowAction(page, tagName, 'Delete');
    await dialogNamed(page, `Delete tag “${tagName}”?`).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tag deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: `Actions for ${tagName}` })).toHaveCount(0);
    const table = page.locator('.cds--data-table-container');
    await expect(table.getByRole('heading', { name: 'Tags', exact: true })).toBeFocused();
  });

  test('a dialog whose code arrives only after its menu button was pressed still gives focus back to that button', async ({
    page,
  }) => {
    const address = await signedInWithEmailIdentifier(page, 'late');
    // The list preloads its dialogs' code once it is shown. Hold that code back until the person has
    // pressed the row's menu button, as a slow network would: focus must be remembered from the start.
    let releaseCode!: () => void;
    const menuPressed = new Promise<void>((resolve) => (releaseCode = resolve));
    const held: string[] = [];
    await page.route(/\/assets\/(modal-focus|identifier-detail-modal)-[\w-]+\.js$/, async (route) => {
      held.push(route.request().url());
      await menuPressed;
      await route.continue();
    });
    await page.goto(`/identifiers?search=${encodeURIComponent(address)}`);
    const menuButton = page.getByRole('button', { name: `Actions for ${address}` });
    await menuButton.click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    releaseCode();

    await page.getByRole('menuitem', { name: 'View details', exact: true }).click();
    const details = dialogNamed(page, 'Email Details');
    await expect(footerClose(details)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('the identifier details open on Close, not their whole body; a badge dialog inside gives focus back to its badge', async ({
    page,
  }) => {
    const address = await signedInWithEmailIdentifier(page, 'focus');
    await page.goto(`/identifiers?search=${encodeURIComponent(address)}`);
    await chooseRowAction(page, address, 'View details');
    const details = dialogNamed(page, 'Email Details');
    await expect(footerClose(details)).toBeFocused();
    await expect(details.getByRole('region', { name: 'Email Details' })).not.toBeFocused();

    // A keyboard user reaches the badge and opens the dialog it offers, on top of the details.
    const badge = details.getByRole('button', { name: /\(Team\)$/ });
    await badge.focus();
    await page.keyboard.press('Enter');
    const originator = dialogNamed(page, 'Originator Details');
    await expect(footerClose(originator)).toBeFocused();
    await expect(originator.getByRole('region', { name: 'Team Member' })).not.toBeFocused();
    await page.keyboard.press('Escape');
    await expect(originator).toBeHidden();
    await expect(details).toBeVisible();
    await expect(badge).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(page.getByRole('button', { name: `Actions for ${address}` })).toBeFocused();
  });
});
