import { expect, test } from '../support/fixtures';
import { openCreateModal, openList, signInAs, uniqueTag } from './identifiers-support';

const hex = (length: number) =>
  Array.from({ length }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
const digits = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');

test.describe('creating identifiers', () => {
  test('creates one identifier of each type through the modal and lists its display value', async ({
    page,
  }) => {
    await signInAs(page, 'investigator');
    await openList(page);
    const tag = uniqueTag();
    const account = digits(8);
    const phone = digits(6);
    const wallet = `0x${hex(40)}`;
    const cases: {
      type: string;
      fields: Record<string, string>;
      selects?: Record<string, string>;
      shows: string;
    }[] = [
      {
        type: 'email',
        fields: { 'Email Address': `e2e-${tag}@scam.example` },
        shows: `e2e-${tag}@scam.example`,
      },
      {
        type: 'phone',
        fields: { 'Country Code': '44', 'Phone Number': `7911 ${phone}` },
        shows: `+44 7911 ${phone}`,
      },
      {
        type: 'bank_account',
        fields: { 'Bank Name': `Bank ${tag}`, 'Account Name': 'J Doe', 'Account Number': account },
        selects: { 'Account Type (optional)': 'savings' },
        shows: `Bank ${tag} ****${account.slice(-4)}`,
      },
      {
        type: 'zelle',
        selects: { 'Identifier Type': 'email' },
        fields: { 'Zelle Identifier': `zelle-${tag}@pay.example` },
        shows: `Zelle: zelle-${tag}@pay.example`,
      },
      {
        type: 'crypto_wallet',
        selects: { Network: 'ethereum' },
        fields: { 'Wallet Address': wallet },
        shows: `ETHEREUM ${wallet.slice(0, 6)}...${wallet.slice(-4)}`,
      },
      {
        type: 'social_media',
        selects: { Platform: 'telegram' },
        fields: { Username: `@scam_${tag}` },
        shows: `Telegram @scam_${tag}`,
      },
      {
        type: 'other',
        fields: { Type: 'Website', Value: `scam-${tag}.example` },
        shows: `Website: scam-${tag}.example`,
      },
    ];

    for (const { type, fields, selects = {}, shows } of cases) {
      const dialog = await openCreateModal(page);
      await dialog.getByLabel('Type of identifier').selectOption(type);
      for (const [label, value] of Object.entries(selects)) {
        await dialog.getByLabel(label, { exact: true }).selectOption(value);
      }
      for (const [label, value] of Object.entries(fields))
        await dialog.getByLabel(label, { exact: true }).fill(value);
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole('status').filter({ hasText: 'Identifier created' }).filter({ hasText: shows }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: shows, exact: true }), type).toBeVisible();
    }
  });

  test('fills the form from pasted text and says when a value already exists', async ({ page }) => {
    await signInAs(page, 'investigator');
    await openList(page);
    const address = `detect-${uniqueTag()}@scam.example`;
    let dialog = await openCreateModal(page);
    await dialog.getByLabel('Detect from text').fill(address);
    await expect(dialog.getByText('Detected: Email (confidence 1.00)')).toBeVisible();
    // From the keyboard: Enter in "Detect from text" uses what it found, Enter in a field creates.
    await dialog.getByLabel('Detect from text').press('Enter');
    await expect(dialog.getByLabel('Type of identifier')).toHaveValue('email');
    await expect(dialog.getByLabel('Email Address')).toHaveValue(address);
    await dialog.getByLabel('Email Address').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: address })).toBeVisible();

    dialog = await openCreateModal(page);
    await dialog.getByLabel('Detect from text').fill('+1 (202) 555-0143');
    await expect(dialog.getByText('Detected: Phone (confidence 0.90)')).toBeVisible();
    await dialog.getByLabel('Detect from text').fill(address.toUpperCase());
    await dialog.getByRole('button', { name: 'Use', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('An identifier with the same value already exists')).toBeVisible();
    await dialog.getByRole('button', { name: 'Open the existing identifier' }).click();
    await expect(page.getByRole('dialog', { name: 'Email Details' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]open=/);
  });

  test('/identifiers/new creates on a page and opens the new identifier', async ({ page }) => {
    await signInAs(page, 'investigator');
    await page.goto('/identifiers/new');
    await expect(page.getByRole('heading', { name: 'New Identifier', level: 1 })).toBeVisible();
    const username = `@page_${uniqueTag()}`;
    await page.getByLabel('Type of identifier').selectOption('social_media');
    await page.getByLabel('Platform').selectOption('instagram');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Social Media Details' });
    await expect(detail).toBeVisible();
    await expect(page).toHaveURL(/\/identifiers\?open=[0-9a-f-]{36}$/);
    await expect(detail.getByText(`Instagram ${username}`)).toBeVisible();
  });

  test('a viewer sees no Add Identifier or Import button', async ({ page }) => {
    await signInAs(page, 'viewer');
    await openList(page);
    await expect(page.getByRole('button', { name: 'Clear filters' }).first()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add Identifier' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add your first identifier' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
  });
});
