import { randomInt } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { importRows, openList, rowAction, signInAs } from './identifiers-support';

/*
 * A phone number is shown grouped by its country's numbering plan wherever it is shown, however it was
 * written: as detection stores it (national digits), with a trunk 0, with spaces or punctuation. Its
 * data keeps what was written. (Ofcom's drama ranges and the US 555-01xx range: numbers no one has.)
 */

test('phone numbers written three ways are shown grouped the same way in the list and the details', async ({
  page,
}) => {
  const account = await signInAs(page, 'investigator');
  const three = () => String(randomInt(1000)).padStart(3, '0');
  const mobile = three();
  const london = three();
  const us = String(randomInt(100)).padStart(2, '0');
  await importRows(account, [
    { type: 'phone', data: { countryCode: '+44', number: `7700900${mobile}` } },
    { type: 'phone', data: { countryCode: '44', number: `020 7946 0${london}` } },
    { type: 'phone', data: { countryCode: '+1', number: `(415) 555-01${us}` } },
  ]);

  await openList(page, '?type=phone');
  const shown = [`+44 7700 900${mobile}`, `+44 20 7946 0${london}`, `+1 415 555 01${us}`];
  for (const displayValue of shown) {
    await page.getByPlaceholder('Search by display value...').fill(displayValue.replace(/\D/g, '').slice(-7));
    await expect(page.getByRole('link', { name: displayValue, exact: true })).toBeVisible();
  }

  // The details show the same value; the fields keep the number as it was written.
  await rowAction(page, `+1 415 555 01${us}`, 'View details');
  const details = page.getByRole('dialog');
  await expect(details.getByText(`+1 415 555 01${us}`, { exact: true }).first()).toBeVisible();
  await expect(details.getByText(`(415) 555-01${us}`, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-details.png') });
});
