import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, expect, test, type Account } from '../support/fixtures';
import { importRows, openList, rowOf, signInAs, uniqueTag } from './identifiers-support';

/**
 * Identifiers are found by any written form of their value, not by what the screen shows: in the
 * header search (the search page) and in the identifier list.
 */

/** A valid GB IBAN (mod-97 check digits) with a random account number, compact. */
function randomIban(): string {
  const bban = `WEST${String(randomInt(100_000, 999_999))}${String(randomInt(10_000_000, 99_999_999))}`;
  const digits = `${bban}GB00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(digits) % 97n);
  return `GB${String(check).padStart(2, '0')}${bban}`;
}

interface Seeded {
  iban: string;
  phoneDigits: string;
  tag: string;
  wallet: string;
  /** Display values, by identifier. */
  shown: Record<'account' | 'phone' | 'email' | 'wallet' | 'handle', string>;
}

async function seed(account: Account): Promise<Seeded> {
  const tag = uniqueTag();
  const iban = randomIban();
  // A US number of 555's fictional block, different each run: 415 555 01xx is too small a block.
  const phoneDigits = `415${randomInt(200, 999)}${randomInt(1000, 9999)}`;
  const wallet = `0x${tag}${tag}${tag}${tag}${tag}`;
  const ids = await importRows(account, [
    {
      type: 'bank_account',
      data: {
        bankName: 'Westminster',
        accountName: `Mule ${tag}`,
        accountNumber: iban.replace(/(.{4})/g, '$1 ').trim(),
      },
    },
    { type: 'phone', data: { countryCode: '+1', number: phoneDigits } },
    { type: 'email', data: { address: `jane.${tag}@scam.example` } },
    { type: 'crypto_wallet', data: { network: 'ethereum', address: wallet } },
    { type: 'social_media', data: { platform: 'telegram', username: `refund_${tag}` } },
  ]);
  const api = await apiAs(account.email, account.password);
  const shown = await Promise.all(
    ids.map(
      async (id) =>
        ((await (await api.get(`/api/identifiers/${id}`)).json()) as { displayValue: string }).displayValue,
    ),
  );
  await api.dispose();
  const [accountShown, phone, email, walletShown, handle] = shown;
  return {
    iban,
    phoneDigits,
    tag,
    wallet,
    shown: { account: accountShown, phone, email, wallet: walletShown, handle },
  };
}

/** What each written form should find, by the identifier it names. */
function searches(s: Seeded): [string, keyof Seeded['shown']][] {
  const d = s.phoneDigits;
  return [
    [s.iban, 'account'],
    [s.iban.replace(/(.{4})/g, '$1 ').trim(), 'account'],
    [`(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`, 'phone'],
    [`jane.${s.tag}`, 'email'],
    [s.wallet.slice(10, 24), 'wallet'],
    [`@refund_${s.tag}`, 'handle'],
  ];
}

const identifiersSection = (page: Page) => page.getByRole('region', { name: /^Identifiers \(/ });

test.describe('identifier search by any written form', () => {
  test('the header search finds a masked bank account by its IBAN, a phone typed nationally, an e-mail local part, a wallet fragment and a handle with @', async ({
    page,
  }) => {
    const account = await signInAs(page, 'investigator');
    const seeded = await seed(account);
    // The account's number is masked on screen, never shown whole.
    expect(seeded.shown.account).not.toContain(seeded.iban.slice(4, 12));
    for (const [query, which] of searches(seeded)) {
      await page.goto('/cases');
      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      await page
        .getByRole('searchbox', { name: 'Search cases, journals, identifiers and evidence' })
        .fill(query);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('searchbox', { name: 'Search text' })).toHaveValue(query);
      await expect(
        identifiersSection(page).getByRole('link', { name: seeded.shown[which], exact: true }),
        `"${query}" finds the ${which}`,
      ).toBeVisible();
    }
  });

  test('the identifier list finds them the same way', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    const seeded = await seed(account);
    for (const [query, which] of searches(seeded)) {
      await openList(page, `?search=${encodeURIComponent(query)}`);
      await expect(rowOf(page, seeded.shown[which]), `"${query}" finds the ${which}`).toBeVisible();
    }
    // The masked account stays masked in the row.
    await openList(page, `?search=${seeded.iban}`);
    await expect(rowOf(page, seeded.shown.account)).not.toContainText(seeded.iban);
    // Its detail says where it was seen and what its IBAN tells, offline.
    await rowOf(page, seeded.shown.account)
      .getByRole('link', { name: seeded.shown.account, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Bank Account Details' });
    await expect(dialog.getByRole('heading', { name: 'Seen In' })).toBeVisible();
    await expect(dialog.getByText('United Kingdom (GB)')).toBeVisible();
    await expect(dialog.getByText('1 distinct source')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('identifier-detail.png') });
  });
});
