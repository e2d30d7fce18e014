import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openCreateModal, openList, signInAs } from './identifiers-support';

const SUMMARY = 'Please correct the errors in the form';

/** Fills a field and leaves it, which runs the field's blur check. */
async function fillAndLeave(dialog: Locator, label: string, value: string) {
  const field = dialog.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

test.describe('identifier form validation (spec 5)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'investigator');
    await openList(page);
  });

  test('asks for a type, then for each required field, with the summary', async ({ page }) => {
    const dialog = await openCreateModal(page);
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    const type = dialog.getByLabel('Type of identifier');
    await create.click();
    await expect(dialog.getByText('Please select an identifier type')).toBeVisible();
    await expect(dialog.getByText(SUMMARY)).toBeVisible();

    const required: Record<string, string[]> = {
      email: ['Email Address is required'],
      phone: ['Country Code is required', 'Phone Number is required'],
      bank_account: ['Bank Name is required', 'Account Name is required', 'Account Number is required'],
      zelle: ['Identifier Type is required', 'Zelle identifier is required'],
      crypto_wallet: ['Network is required', 'Wallet Address is required'],
      social_media: ['Platform is required', 'Username is required'],
      other: ['Type is required', 'Value is required'],
    };
    for (const [value, messages] of Object.entries(required)) {
      await type.selectOption(value);
      // Changing the type resets the fields and their messages.
      await expect(dialog.getByText(SUMMARY)).toBeHidden();
      await create.click();
      for (const message of messages)
        await expect(dialog.getByText(message, { exact: true }), value).toBeVisible();
      await expect(dialog.getByText(SUMMARY)).toBeVisible();
    }
    // Nothing was left out on the way: the modal is still open and nothing was created.
    await expect(dialog).toBeVisible();
  });

  test('says "Invalid {label} format" on blur and the specific message on submit', async ({ page }) => {
    const dialog = await openCreateModal(page);
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    const type = dialog.getByLabel('Type of identifier');
    const expectMessages = async (messages: string[]) => {
      for (const message of messages) await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    };

    await type.selectOption('email');
    await fillAndLeave(dialog, 'Email Address', 'not an email');
    await expectMessages(['Invalid email address format']);
    await expect(dialog.getByText(SUMMARY)).toBeHidden();
    await create.click();
    await expectMessages(['Please enter a valid email address', SUMMARY]);

    await type.selectOption('phone');
    await fillAndLeave(dialog, 'Country Code', '12345');
    await fillAndLeave(dialog, 'Phone Number', '12-34');
    await expectMessages(['Invalid country code format', 'Invalid phone number format']);
    await create.click();
    await expectMessages(['Country code must be 1-4 digits (e.g., +1)', 'Please enter a valid phone number']);

    await type.selectOption('bank_account');
    await fillAndLeave(dialog, 'Account Number', '12');
    await fillAndLeave(dialog, 'Routing Number (optional)', '1234');
    await expectMessages(['Invalid account number format', 'Invalid routing number format']);
    await create.click();
    await expectMessages(['Account Number format is invalid', 'Routing number must be 9 digits']);

    await type.selectOption('zelle');
    await dialog.getByLabel('Identifier Type', { exact: true }).selectOption('email');
    await fillAndLeave(dialog, 'Zelle Identifier', 'nobody-at-example');
    await expectMessages(['Invalid zelle identifier format']);
    await create.click();
    await expectMessages(['Please enter a valid email address']);

    await type.selectOption('crypto_wallet');
    await fillAndLeave(dialog, 'Wallet Address', 'bc1-too-short');
    await expectMessages(['Invalid wallet address format']);
    await create.click();
    await expectMessages(['Please enter a valid wallet address']);

    await type.selectOption('social_media');
    await fillAndLeave(dialog, 'Profile URL (optional)', 'ftp://example');
    await expectMessages(['Invalid profile url format']);
    await create.click();
    await expectMessages(['Profile URL format is invalid']);
  });

  test('clears a message once the value is fixed and then creates', async ({ page }) => {
    const dialog = await openCreateModal(page);
    await dialog.getByLabel('Type of identifier').selectOption('phone');
    await fillAndLeave(dialog, 'Country Code', '12345');
    await expect(dialog.getByText('Invalid country code format')).toBeVisible();
    await fillAndLeave(dialog, 'Country Code', '1');
    await expect(dialog.getByText('Invalid country code format')).toBeHidden();
    const number = `202555${String(Date.now()).slice(-4)}`;
    await fillAndLeave(dialog, 'Phone Number', number);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    // The plus is added to the country code (spec 5).
    await expect(page.getByRole('link', { name: `+1 ${number}`, exact: true })).toBeVisible();
  });
});
