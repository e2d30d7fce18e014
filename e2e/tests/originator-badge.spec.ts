import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../support/fixtures';

/** The demo tile titled `title`, and the details modal its badge opens. */
async function openBadge(page: Page, title: string) {
  const tile = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await tile.getByRole('button').click();
  const modal = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: 'Originator Details' }) });
  await expect(modal).toBeVisible();
  return { tile, modal };
}

async function close(page: Page) {
  // The dialog's Close action, in its footer (its header's close icon is named Close too).
  await page.locator('.cds--modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Originator Details' })).toHaveCount(0);
}

test.describe('originator badge demo', () => {
  test('each type opens its details, from the held data when the lookup fails', async ({ page }) => {
    // Signed out: the lookup answers 401, which must neither redirect nor toast.
    await page.goto('/components/originator-badge');
    await expect(page.getByRole('heading', { name: 'Originator Badge Demo' })).toBeVisible();

    let { modal } = await openBadge(page, 'Team member');
    await expect(modal.getByLabel('Originator information')).toContainText('Team Member');
    await expect(modal.getByText('ada.lovelace@example.org')).toBeVisible();
    await expect(modal.getByText('Investigator')).toBeVisible();
    await expect(modal.getByRole('region', { name: 'Additional Data' })).toContainText('Originator ID');
    await expect(modal.getByRole('region', { name: 'Digital Signature' })).toHaveCount(0);
    await close(page);

    ({ modal } = await openBadge(page, 'Community member'));
    await expect(modal.getByLabel('Originator information')).toContainText('Community Member');
    const reputation = modal.getByLabel('Originator information').locator('.cds--tag');
    await expect(reputation).toHaveText('120');
    await expect(reputation).toHaveClass(/cds--tag--green/);
    await close(page);

    ({ modal } = await openBadge(page, 'Automation'));
    await expect(modal.getByText('https://hooks.example.org/inbox-scanner')).toBeVisible();
    await expect(
      modal.getByText('Extracts identifiers from messages sent to the abuse inbox.'),
    ).toBeVisible();
    await close(page);

    await expect(page).toHaveURL(/\/components\/originator-badge$/);
    await expect(page.getByText('Access Denied')).toHaveCount(0);
  });

  test('a record entered on behalf of someone names both', async ({ page }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/components/originator-badge');
    const { modal } = await openBadge(page, 'Community member, entered by a team member');
    await expect(modal.getByRole('region', { name: 'Proxy' })).toContainText(
      'Entered by Ada Lovelace (Team) on behalf of scamwatcher42 (Community).',
    );
    await close(page);
  });

  test('the Digital Signature section shows unsigned, verified and invalid', async ({ page }) => {
    await signIn(page, await createAccount('investigator'));
    await page.goto('/components/originator-badge');

    let { tile, modal } = await openBadge(page, 'Unsigned');
    await expect(tile.getByRole('button', { name: 'Ada Lovelace (Team)', exact: true })).toBeVisible();
    await expect(modal.getByRole('region', { name: 'Digital Signature' })).toContainText(
      'This entry has not been digitally signed',
    );
    await close(page);

    ({ tile, modal } = await openBadge(page, 'Signed and verified'));
    await expect(tile.getByRole('button', { name: 'Ada Lovelace (Team), signed' })).toBeVisible();
    let signature = modal.getByRole('region', { name: 'Digital Signature' });
    await expect(signature.getByText('Signature verified')).toBeVisible();
    for (const text of ['Ada Lovelace', 'Work laptop passkey', 'ES256']) {
      await expect(signature.getByText(text, { exact: true })).toBeVisible();
    }
    await close(page);

    ({ modal } = await openBadge(page, 'Signed but invalid'));
    signature = modal.getByRole('region', { name: 'Digital Signature' });
    await expect(signature.getByText('Signature invalid')).toBeVisible();
    await expect(signature.getByText('The entry was changed after it was signed')).toBeVisible();
    await close(page);

    ({ modal } = await openBadge(page, 'Verified on opening'));
    await expect(
      modal.getByRole('region', { name: 'Digital Signature' }).getByText('Signature verified'),
    ).toBeVisible();
    await close(page);

    ({ modal } = await openBadge(page, 'Verification failing'));
    signature = modal.getByRole('region', { name: 'Digital Signature' });
    await expect(signature.getByText('Failed to verify signature')).toBeVisible();
    await close(page);
  });
});
