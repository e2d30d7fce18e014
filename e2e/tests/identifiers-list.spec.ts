import type { Page } from '@playwright/test';
import { createAccount, expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { importRows, itemRange, openList, rowAction, signInAs, uniqueTag } from './identifiers-support';

/** The list's type dropdown. */
const typeFilter = (page: Page) => page.getByRole('combobox', { name: /^Type/ });

test.describe('identifier list', () => {
  test('searches, filters by type, clears filters and pages, all kept in the URL', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    const tag = `pg${uniqueTag()}`;
    await importRows(account, [
      ...Array.from({ length: 30 }, (_, index) => ({
        type: 'email',
        data: { address: `${tag}-${String(index).padStart(2, '0')}@scam.example` },
      })),
      { type: 'zelle', data: { identifierType: 'email', identifier: `${tag}-zelle@pay.example` } },
    ]);
    await openList(page);
    await expect(page.getByRole('heading', { name: 'Identifiers', level: 1 })).toBeVisible();
    await expect(page.getByText('Manage and validate identifiers across the system')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Data Management');
    const clear = page.getByRole('button', { name: 'Clear filters' }).first();
    await expect(clear).toBeDisabled();

    await page.getByPlaceholder('Search by display value...').fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`));
    await expect(itemRange(page)).toHaveText('1–25 of 31 items');
    await expect(page.getByRole('row')).toHaveCount(26);
    await expect(clear).toBeEnabled();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(itemRange(page)).toHaveText('26–31 of 31 items');

    // A filter change goes back to page 1.
    await typeFilter(page).click();
    await page.getByRole('option', { name: 'Zelle' }).click();
    await expect(page).toHaveURL(new RegExp(`/identifiers\\?search=${tag}&type=zelle$`));
    await expect(page.getByRole('link', { name: `Zelle: ${tag}-zelle@pay.example` })).toBeVisible();
    await expect(itemRange(page)).toHaveText('1–1 of 1 item');

    // The view is shareable: a reload shows the same filters.
    await page.reload();
    await expect(page.getByPlaceholder('Search by display value...')).toHaveValue(tag);
    await expect(typeFilter(page)).toContainText('Zelle');
    await expect(itemRange(page)).toHaveText('1–1 of 1 item');

    await typeFilter(page).click();
    await page.getByRole('option', { name: 'Phone' }).click();
    await expect(page.getByText('No identifiers found')).toBeVisible();
    await expect(page.getByText(`No identifier matches "${tag}".`)).toBeVisible();

    await clear.click();
    await expect(page).toHaveURL(/\/identifiers$/);
    await expect(page.getByPlaceholder('Search by display value...')).toHaveValue('');
    await expect(clear).toBeDisabled();

    // Page size 50, then a search change goes back to page 1.
    await page.getByPlaceholder('Search by display value...').fill(tag);
    // The search is in the URL before the page size changes (on a server holding only these 31
    // identifiers, the list before it already reads "1–25 of 31").
    await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`));
    await expect(itemRange(page)).toHaveText('1–25 of 31 items');
    await page.getByLabel('Items per page:').selectOption('50');
    await expect(itemRange(page)).toHaveText('1–31 of 31 items');
    await page.getByLabel('Items per page:').selectOption('25');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await page.getByPlaceholder('Search by display value...').fill(`${tag}-0`);
    await expect(itemRange(page)).toHaveText('1–10 of 10 items');
    await expect(page).not.toHaveURL(/[?&]page=/);
  });

  test('shows evidence and originator columns with a dash, and dates like "Nov 20, 2026"', async ({
    page,
  }) => {
    const account = await signInAs(page, 'investigator');
    // Long, as a scammer's often is: its column must not squeeze the date onto two lines.
    const address = `cols-${uniqueTag()}.refunds.department.verification.team@secure-account-verification-helpdesk.example`;
    await importRows(account, [{ type: 'email', data: { address } }]);
    await openList(page, `?search=${address}`);
    const cells = page.getByRole('row').nth(1).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(address);
    await expect(cells.nth(1)).toHaveText('—');
    await expect(cells.nth(2)).toHaveText(`${account.firstName} ${account.lastName} (Team)`);
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await expect(cells.nth(3)).toHaveText(today);
    const dateLines = await cells.nth(3).evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top))).size;
    });
    expect(dateLines, 'lines of the date').toBe(1);
  });

  test('deletes an identifier only after the confirmation', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    const address = `delete-${uniqueTag()}@scam.example`;
    await importRows(account, [{ type: 'email', data: { address } }]);
    await openList(page, `?search=${address}`);

    await rowAction(page, address, 'Delete');
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to delete this identifier?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('link', { name: address })).toBeVisible();

    await rowAction(page, address, 'Delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Identifier deleted')).toBeVisible();
    await expect(page.getByText('No identifiers found')).toBeVisible();
  });

  test('empties the list with "Failed to fetch identifiers" when it cannot load', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    const address = `fail-${uniqueTag()}@scam.example`;
    await importRows(account, [{ type: 'email', data: { address } }]);
    await openList(page, `?search=${address}`);
    await expect(page.getByRole('link', { name: address })).toBeVisible();
    await page.route('**/api/identifiers?*', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'UNAVAILABLE', message: 'Down for maintenance' } },
      }),
    );
    await typeFilter(page).click();
    await page.getByRole('option', { name: 'Email' }).click();
    await expect(page.getByText('Failed to fetch identifiers')).toBeVisible();
    await expect(page.getByText('Please try again')).toBeVisible();
    await expect(page.getByRole('link', { name: address })).toHaveCount(0);
    await expect(page.getByText('Identifiers could not be loaded')).toBeVisible();
  });

  test('the header search finds the identifier, and its hit opens it in the list', async ({ page }) => {
    const admin = await createAccount('admin');
    const address = `header-${uniqueTag()}@scam.example`;
    const [id] = await importRows(admin, [{ type: 'email', data: { address } }]);
    await signInAs(page, 'viewer');
    await page.goto('/cases');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('searchbox', { name: 'Search cases, journals, identifiers and evidence' })
      .fill(address);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    const identifiers = page.getByRole('region', { name: 'Identifiers (1)' });
    await identifiers.getByRole('link', { name: address, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/identifiers\\?open=${id}$`));
    await expect(page.getByRole('dialog', { name: 'Email Details' })).toBeVisible();
  });
});

test.describe('a search naming an identifier written differently', () => {
  test('finds the phone number on record typed in another format, and opens it', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    const digits = String(parseInt(uniqueTag(), 16) % 10_000_000).padStart(7, '0');
    await importRows(account, [{ type: 'phone', data: { countryCode: '+44', number: `770${digits}` } }]);
    await openList(page);
    // The list matches every written form of the number, not only its display "+44 770...".
    await page
      .getByPlaceholder('Search by display value...')
      .fill(`+44 (770) ${digits.slice(0, 3)}-${digits.slice(3)}`);
    // Until the search's answer comes the list shows the newest identifiers, this one among them: the
    // row to open is the search's, alone in the list (not one of a list being replaced under the click).
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: `+44 770${digits}` }).click();
    await expect(page.getByRole('dialog', { name: 'Phone Details' })).toBeVisible();
  });

  test('finds the phone number on record when dialled from abroad, and opens it', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    // A number of its own: 7 random digits after a fixed prefix.
    const digits = String(parseInt(uniqueTag(), 16) % 10_000_000).padStart(7, '0');
    await importRows(account, [{ type: 'phone', data: { countryCode: '+44', number: `770${digits}` } }]);
    await openList(page);
    const written = `0044 770 ${digits.slice(0, 3)} ${digits.slice(3)}`;
    await page.getByPlaceholder('Search by display value...').fill(written);
    // The list reads the international prefix "00" as the "+" it stands for (DEFAULT_PHONE_REGION's
    // search keys), so the number on record is found itself, alone in the list.
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expectNoSeriousViolations(page, 'identifier list found by a number dialled from abroad');
    await page.getByRole('link', { name: `+44 770${digits}` }).click();
    await expect(page.getByRole('dialog', { name: 'Phone Details' })).toBeVisible();
  });
});
