import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { importRows, openList, signInAs, uniqueTag } from './identifiers-support';

test.describe('CSV downloads', () => {
  test('the identifier list downloads its current filter as CSV, formulas escaped', async ({
    page,
  }, testInfo) => {
    const account = await signInAs(page, 'investigator');
    const tag = `csv${uniqueTag()}`;
    await importRows(account, [
      { type: 'email', data: { address: `${tag}-one@scam.example`, notes: '=HYPERLINK("http://x")' } },
      { type: 'email', data: { address: `${tag}-two@scam.example` } },
      { type: 'phone', data: { countryCode: '+44', number: '7700 900555', notes: tag } },
    ]);
    await openList(page);
    await page.getByPlaceholder('Search by display value...').fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`));
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.screenshot({ path: testInfo.outputPath('identifiers-download-csv.png') });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^identifiers-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,type,displayValue,/);
    // The search's two e-mails, not the phone whose notes merely hold the text.
    expect(lines).toHaveLength(3);
    expect(text).toContain(`${tag}-one@scam.example`);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  test('the search page downloads every identifier its section lists, those written differently too', async ({
    page,
  }) => {
    const account = await signInAs(page, 'investigator');
    // A number of its own, on record as "+44 770..."; searched with the trunk "(0)", which the list's
    // search does not read: only the normalised-key matches find it.
    const digits = String(parseInt(uniqueTag(), 16) % 10_000_000).padStart(7, '0');
    await importRows(account, [{ type: 'phone', data: { countryCode: '+44', number: `770${digits}` } }]);
    await page.goto(`/search?q=${encodeURIComponent(`+44 (0) 770 ${digits}`)}`);
    const identifiers = page.getByRole('region', { name: 'Identifiers (1)' });
    await expect(identifiers.getByRole('link', { name: `+44 770${digits}`, exact: true })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      identifiers.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const lines = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`+44 770${digits}`);
  });
});
