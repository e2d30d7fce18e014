import { expectNoSeriousViolations } from '../support/axe';
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

  test('signs out of the other sessions: the other browser is sent to sign in, this one stays', async ({
    page,
    browser,
  }) => {
    const account = await createAccount('viewer');
    const elsewhere = await browser.newContext();
    try {
      const otherPage = await elsewhere.newPage();
      await signIn(otherPage, account);
      await otherPage.goto('/profile');
      await expect(otherPage.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

      await signIn(page, account);
      await page.goto('/profile');
      const sessions = page.getByRole('region', { name: 'Sessions' });
      // The header row, this browser and the other one.
      await expect(sessions.getByRole('row')).toHaveCount(3);
      // A hovered row turns grey: its red Revoke still reads (it read at 4.08:1 in Carbon's red 60).
      const otherRow = sessions.getByRole('row').nth(2);
      await otherRow.hover();
      await expect(otherRow.getByRole('button', { name: 'Revoke' })).toBeVisible();
      await expectNoSeriousViolations(
        page,
        'a hovered session row',
        'section[aria-labelledby="profile-sessions"] tbody',
      );
      const signOutOthers = sessions.getByRole('button', { name: 'Sign out other sessions' });
      // At 390 px the button wraps under the heading, and nothing scrolls sideways.
      const desktop = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(signOutOthers).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await sessions.screenshot({ path: test.info().outputPath('sessions-390.png') });
      await page.setViewportSize(desktop);
      await signOutOthers.click();
      const dialog = page.getByRole('dialog', { name: 'Sign out of all other sessions?' });
      await expect(dialog).toContainText('This signs out 1 other session at once');
      await expectNoSeriousViolations(page, 'the sign-out of the other sessions', '[role="dialog"]');
      await page.screenshot({ path: test.info().outputPath('sign-out-others.png') });
      await dialog.getByRole('button', { name: 'Sign out others' }).click();
      await expect(page.getByRole('status').getByText('Other sessions signed out')).toBeVisible();
      await expect(sessions.getByRole('row')).toHaveCount(2);
      // The button is gone with the other sessions: focus is on the section's heading.
      await expect(signOutOthers).toBeHidden();
      await expect(sessions.getByRole('heading', { name: 'Sessions' })).toBeFocused();
      const activity = page.getByRole('region', { name: 'Security activity' });
      await expect(activity.getByRole('cell', { name: 'Session revoked' })).toBeVisible();

      // The other browser is signed out at once; this one is not.
      await otherPage.goto('/cases');
      await expect(otherPage).toHaveURL(/\/login\?redirect=%2Fcases$/);
      await page.goto('/cases');
      await expect(page).toHaveURL(/\/cases$/);
    } finally {
      await elsewhere.close();
    }
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
