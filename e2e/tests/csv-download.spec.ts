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
});
