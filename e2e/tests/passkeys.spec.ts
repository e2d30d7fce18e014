import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { withDatabase } from '../support/database';
import { apiAs, createAccount, expect, test } from '../support/fixtures';

/*
 * Passkeys end to end, in Chromium with its virtual authenticator: register one on the profile, sign in
 * with it, sign a journal entry from the badge modal and see it verified; then change the entry in the
 * database and see the signature invalid with its reason, and the journal's chain broken. The test stops
 * the worker's server to reach its database (PGlite has one owner at a time), and starts it again.
 */

async function created<T>(api: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await api.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** An investigator with a case and one journal entry of theirs, made through the API. */
async function seed() {
  const unique = randomBytes(3).toString('hex');
  const investigator = await createAccount('investigator', {
    firstName: 'Grace',
    lastName: `Signer ${unique}`,
  });

  const api = await apiAs(investigator.email, investigator.password);
  const caseItem = await created<{ id: string }>(api, '/api/cases', { title: `Invoice fraud ${unique}` });
  const entry = await created<{ id: string }>(api, '/api/journal-entries', {
    type: 'call',
    description: 'The victim confirmed the transfer of 4,000 EUR to the fake supplier.',
    evidence: null,
    identifierIds: [],
  });
  const linked = await api.post(`/api/cases/${caseItem.id}/journal-entries`, {
    data: { journalEntryId: entry.id },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  await api.dispose();
  return { investigator, caseId: caseItem.id, entryId: entry.id };
}

const PHONE = { width: 390, height: 844 };

/** At a phone's width the page does not scroll sideways; a screenshot of it goes with the test's output. */
async function expectFitsPhone(page: Page, name: string) {
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize(desktop);
}

async function openSignature(page: Page, badge: RegExp) {
  await page
    .getByRole('article', { name: /^Call entry/ })
    .getByRole('button', { name: badge })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Originator Details' });
  await expect(dialog).toBeVisible();
  // The originator's details load as it opens; the section moves once they are in.
  await expect(dialog.getByText('Originator ID')).toBeVisible();
  await expect(dialog.getByText('Loading details...')).toBeHidden();
  return { dialog, section: dialog.getByRole('region', { name: 'Digital Signature' }) };
}

test('a passkey signs in and signs a journal entry, which anyone can verify until it is altered', async ({
  page,
  virtualAuthenticator,
  server,
}) => {
  test.setTimeout(180_000);
  const { investigator, caseId, entryId } = await seed();
  const fullName = `${investigator.firstName} ${investigator.lastName}`;
  await virtualAuthenticator();
  const signedIn = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: investigator.email, password: investigator.password },
    headers: { origin: server.url },
  });
  expect(signedIn.ok()).toBe(true);

  // Register a passkey on the profile.
  await page.goto(`${server.url}/profile`);
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('No passkeys yet')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add passkey' });
  await add.getByLabel('Name').fill('E2E virtual key');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  const row = passkeys.getByRole('row').filter({ hasText: 'E2E virtual key' });
  await expect(row).toContainText('Never');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByText('This device', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, '/profile with a passkey');
  await page.screenshot({ path: test.info().outputPath('profile.png'), fullPage: true });
  await expectFitsPhone(page, 'profile');

  // Sign out, then sign in with the passkey alone.
  await page.goto(`${server.url}/logout`);
  await expect(page.getByRole('heading', { name: 'You have been signed out' })).toBeVisible();
  await page.goto(`${server.url}/login?redirect=${encodeURIComponent(`/cases/${caseId}`)}`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${server.url}/cases/${caseId}`);
  await expect(page.getByText(/^Journal intact \(\d+ events?\)$/)).toBeVisible();

  // Sign the entry from its badge; the page reloads, and the badge shows the lock.
  let { section } = await openSignature(page, new RegExp(`^${fullName} \\(Team\\)$`));
  await expect(section).toContainText('You have not signed this entry yet');
  await page.screenshot({ path: test.info().outputPath('badge-unsigned.png') });
  await section.getByRole('button', { name: 'Sign entry' }).click();
  // The page reloads once signed (spec 4): the lock shows on the badge then, and a toast says so.
  await expect(page.getByRole('button', { name: /\(Team\), signed$/ })).toBeVisible();
  await expect(page.getByText('Entry signed')).toBeVisible();
  ({ section } = await openSignature(page, /\(Team\), signed$/));
  await expect(section.getByText('Signature verified')).toBeVisible();
  for (const text of [fullName, investigator.email, 'E2E virtual key', 'ES256']) {
    await expect(section.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(section.getByRole('link', { name: 'Download signature bundle' })).toHaveAttribute(
    'href',
    `/api/journal-entries/${entryId}/signature-bundle`,
  );
  await expectNoSeriousViolations(page, 'the badge modal of a verified entry', '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('badge-verified.png') });
  await expectFitsPhone(page, 'badge-verified');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Verify signatures' }).click();
  await expect(page.getByText('Signatures verified')).toBeVisible();
  // Read-only while it ran, never disabled: focus stayed on it.
  await expect(page.getByRole('button', { name: 'Verify signatures' })).toBeFocused();
  await expect(page.getByText('1 entry: 1 valid, 0 invalid, 0 unsigned.')).toBeVisible();

  // Alter the signed entry in the database, behind the application's back.
  await withDatabase(server, async (db) => {
    const changed = await db.query('UPDATE journal_entries SET description = $1 WHERE id = $2', [
      'The victim confirmed the transfer of 400 EUR to the real supplier.',
      entryId,
    ]);
    expect(changed.affectedRows).toBe(1);
  });
  await page.reload();
  await expect(page.getByText(/^Journal integrity broken at event #\d+: .+/)).toBeVisible();
  ({ section } = await openSignature(page, /\(Team\), signed$/));
  await expect(section.getByText('Signature invalid')).toBeVisible();
  await expect(section.getByText(/The description changed after signing/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('badge-invalid.png') });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Verify signatures' }).click();
  await expect(page.getByText('1 signature invalid')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invalid signatures' })).toContainText(
    'The description changed after signing',
  );
  await page.screenshot({ path: test.info().outputPath('case-invalid.png'), fullPage: true });
});
