import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { importRows, openList, signInAs, uniqueTag } from './identifiers-support';

/**
 * Identifiers found in written evidence and in pasted text (issue 37): offered as the journal entry
 * dialog offers them, each with why, nothing read twice, those on record said so.
 */

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

const section = (page: Page, title: string) =>
  page.getByRole('region', { name: new RegExp(`^${title} \\(`) });

/** A valid GB IBAN with this 8-digit account number: the check digits computed (ISO 13616, mod 97). */
function gbIban(account: string): string {
  const bban = `WEST123456${account}`;
  const digits = `${bban}GB00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(digits) % 97n);
  return `GB${String(check).padStart(2, '0')}${bban}`;
}

const spaced = (iban: string) => (iban.match(/.{1,4}/g) ?? []).join(' ');

test.describe('identifiers found in text', () => {
  test('written evidence offers its IBAN and e-mail, links them, and its text is found by the header search', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const account = await signInAs(page, 'investigator');
    const address = `fraud-${tag}@secure-bank.example`;
    await importRows(account, [{ type: 'email', data: { address } }]);
    const iban = gbIban(String(parseInt(tag, 16) % 100_000_000).padStart(8, '0'));
    const text =
      `Wire went to IBAN ${spaced(iban)} on 03/05/2024, 1,250.00 EUR, ticket #4521 (${tag}). ` +
      `The "bank" wrote from ${address}.`;

    await page.goto('/evidence');
    await page.getByRole('button', { name: 'Add evidence' }).first().click();
    const dialog = modal(page, 'Add evidence');
    await dialog.getByRole('tab', { name: 'Written text' }).click();
    await dialog.getByLabel('Title', { exact: true }).fill(`Bank e-mail ${tag}`);
    await dialog.getByLabel('Text', { exact: true }).fill(text);

    const found = dialog.getByRole('group', { name: 'Found in the text: link to the evidence' });
    const ibanBox = found.getByRole('checkbox', { name: `IBAN ****${iban.slice(-4)} (bank account)` });
    await expect(ibanBox).toBeChecked();
    await expect(found.getByRole('checkbox', { name: `${address} (email)` })).toBeChecked();
    // No digits of the IBAN, the date, the amount or the ticket number are offered as a phone.
    await expect(found.getByRole('checkbox')).toHaveCount(2);
    await expect(found.getByText(/^An IBAN/)).toBeVisible();
    await dialog.screenshot({ path: test.info().outputPath('written-evidence-found.png') });
    await expect(found.getByText(`A well-formed e-mail address. On record as ${address}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Add evidence' }).click();
    await expect(dialog).toBeHidden();

    // The masked account is found by its IBAN as written, and the item's text by the header search.
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('searchbox', { name: 'Search cases, journals, identifiers and evidence' })
      .fill(spaced(iban));
    await page.keyboard.press('Enter');
    const identifiers = section(page, 'Identifiers');
    await expect(identifiers.getByRole('heading', { name: 'Identifiers (1)', level: 2 })).toBeVisible();
    await expect(identifiers.getByRole('link', { name: `Unknown ****${iban.slice(-4)}` })).toBeVisible();
    const evidence = section(page, 'Evidence');
    await expect(evidence.getByRole('link', { name: `Bank e-mail ${tag}` })).toBeVisible();

    // Both are linked to the item.
    await evidence.getByRole('link', { name: `Bank e-mail ${tag}` }).click();
    const detail = modal(page, `Bank e-mail ${tag}`);
    const linked = detail.getByRole('list', { name: 'Linked identifiers' });
    await expect(linked.getByRole('link', { name: address, exact: true })).toBeVisible();
    await expect(linked.getByRole('link', { name: `Unknown ****${iban.slice(-4)}` })).toBeVisible();
  });

  test('the import reads pasted text and imports the identifiers left ticked', async ({ page }) => {
    const tag = uniqueTag();
    await signInAs(page, 'investigator');
    const kept = `payments-${tag}@mule.example`;
    const dropped = `noreply-${tag}@mule.example`;
    await openList(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = modal(page, 'Import Identifiers');
    await dialog.getByRole('tab', { name: 'Pasted text' }).click();
    await dialog
      .getByLabel('Text', { exact: true })
      .fill(`From: ${dropped}\nPlease send the deposit to ${kept} today (order 20240503).`);
    const found = dialog.getByRole('group', { name: 'Found in the text: import' });
    await expect(found.getByRole('checkbox')).toHaveCount(2);
    await found.getByText(`${dropped} (email)`).click();
    await expect(found.getByRole('checkbox', { name: `${dropped} (email)` })).not.toBeChecked();
    // On a phone: the list and its reasons fit, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(found.getByText('A well-formed e-mail address').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('import-pasted-text-390.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Import summary' })).toContainText('1');
    // Import gave way to Done: focus is on what the import did, not on <body>.
    await expect(dialog.getByRole('group', { name: 'Import result' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.goto(`/identifiers?search=${tag}`);
    await expect(page.getByRole('link', { name: kept, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: dropped, exact: true })).toHaveCount(0);
  });
});
