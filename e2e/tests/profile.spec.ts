import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

test.describe('profile', () => {
  test('shows the account and changes the password, asking for the current one', async ({ page }) => {
    const account = await createAccount('investigator', { firstName: 'Jake', lastName: 'Peralta' });
    await signIn(page, account);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText('Jake Peralta')).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Current password is incorrect')).toBeVisible();

    // The server refuses a common password; the form shows why on the field.
    await form.getByLabel('Current password').fill(account.password);
    await form.getByLabel('New password').fill('password12');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText(/New password is too easy to guess/)).toBeVisible();

    await form.getByLabel('New password').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').getByText('Password changed')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    // And the security activity, asked for again, lists it.
    const activity = page.getByRole('region', { name: 'Security activity' });
    await expect(activity.getByRole('cell', { name: 'Password changed' })).toBeVisible();

    // The new password signs in; the old one no longer does.
    const api = await apiAs(account.email, 'a brand new passphrase');
    expect((await api.get('/api/auth/me')).status()).toBe(200);
    await expect(apiAs(account.email, account.password)).rejects.toThrow(/401/);
  });

  test('a submit with invalid fields focuses the first one and says "Please fix the errors in the form"', async ({
    page,
  }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('New password').fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Current password')).toBeFocused();
    const message = page
      .locator('.cds--toast-notification')
      .filter({ hasText: 'Please fix the errors in the form' });
    await expect(message).toBeVisible();
    // It closes itself after 5 seconds.
    await expect(message).toBeHidden({ timeout: 8000 });
  });

  test('lists the sign-in in the security activity, and a passkey-free account says how it signed in', async ({
    page,
  }) => {
    const account = await createAccount('viewer');
    await signIn(page, account);
    await page.goto('/profile');
    const activity = page.getByRole('region', { name: 'Security activity' });
    await expect(activity.getByRole('cell', { name: 'Signed in with a password' })).toBeVisible();
    // Another sign-in elsewhere is the newest row after a reload.
    await (await apiAs(account.email, account.password)).dispose();
    await page.reload();
    await expect(activity.getByRole('cell', { name: 'Signed in with a password' })).toHaveCount(2);
  });
});
