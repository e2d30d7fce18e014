import type { Locator, Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

/*
 * A passkey prompt that fails or is cancelled gives focus back: its button was disabled (or replaced by
 * progress) while the prompt ran, and Chromium then moved focus to <body>, where a keyboard or screen
 * reader user has to start the page over. Chromium's virtual authenticator fails the prompt at once
 * when it holds no credential the request allows (as NotAllowedError, what a cancel gives too), and
 * refuses to create a second passkey for the same account (InvalidStateError).
 */

/** What has focus: an element's tag, and its accessible text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName}: ${active.textContent?.trim().slice(0, 40) ?? ''}` : 'none';
  });
}

/**
 * The space between a failure's message and the explanation under it, in CSS pixels: a Stack's gap
 * (1rem). The message once sat on the text, 0 px apart.
 */
async function gapUnder(notice: Locator, scope: Locator) {
  const above = await notice.boundingBox();
  const below = await scope.getByText(/^Sign it with your passkey/).boundingBox();
  if (!above || !below) throw new Error('the message or the explanation is not on screen');
  return below.y - (above.y + above.height);
}

test('a cancelled passkey sign-in gives focus back to its button, which reads the message', async ({
  page,
  virtualAuthenticator,
}) => {
  await virtualAuthenticator();
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await button.click();

  const alert = page.getByRole('alert').filter({ hasText: 'Authentication was cancelled' });
  await expect(alert).toBeVisible();
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleDescription(/Authentication was cancelled/);
  await page.screenshot({ path: test.info().outputPath('sign-in-cancelled.png') });
});

test('after a failed passkey prompt on the profile and on a journal entry, focus is not on <body>', async ({
  page,
  virtualAuthenticator,
}) => {
  test.setTimeout(120_000);
  const investigator = await createAccount('investigator');
  const api = await apiAs(investigator.email, investigator.password);
  const created = await api.post('/api/cases', { data: { title: 'Passkey focus case' } });
  expect(created.status(), await created.text()).toBe(201);
  const caseItem = (await created.json()) as { id: string };
  const entry = await api.post('/api/journal-entries', {
    data: {
      type: 'call',
      description: 'The caller asked for a gift card.',
      evidence: null,
      identifierIds: [],
    },
  });
  expect(entry.status(), await entry.text()).toBe(201);
  const { id: entryId } = (await entry.json()) as { id: string };
  const linked = await api.post(`/api/cases/${caseItem.id}/journal-entries`, {
    data: { journalEntryId: entryId },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  await api.dispose();

  const { cdp, authenticatorId } = await virtualAuthenticator();
  await signIn(page, investigator);

  // The profile: a first passkey, then a second one on the same device, which the authenticator refuses.
  await page.goto('/profile');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add passkey' }).click();
  let add = page.getByRole('dialog', { name: 'Add passkey' });
  await add.getByLabel('Name').fill('First key');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(passkeys.getByRole('row').filter({ hasText: 'First key' })).toBeVisible();
  await expect(add).toBeHidden();
  await passkeys.getByRole('button', { name: 'Add passkey' }).click();
  add = page.getByRole('dialog', { name: 'Add passkey' });
  await add.getByLabel('Name').fill('Second key');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add.getByText('Passkey not added')).toBeVisible();
  expect(await focused(page)).not.toMatch(/^BODY/);
  await expect(add.getByLabel('Name')).toBeFocused();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();

  // The passkey is gone from the device: signing finds no credential it may use, and fails.
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await page.goto(`/cases/${caseItem.id}`);
  const article = page.getByRole('article', { name: /^Call entry/ });

  // From the entry's menu: the dialog's primary button was disabled while the prompt ran.
  await article.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign entry' });
  await dialog.getByRole('button', { name: 'Sign with passkey' }).click();
  // As a dialog's failed save: the message takes focus, inside the dialog, and is read.
  await expect(dialog.getByText('Not signed', { exact: true })).toBeVisible();
  await expect(dialog.locator('.form-modal__error')).toBeFocused();
  expect(await gapUnder(dialog.locator('.form-modal__error'), dialog)).toBeGreaterThanOrEqual(15);
  await page.screenshot({ path: test.info().outputPath('sign-dialog-failed.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // From the originator badge: "Sign entry" gave way to progress while the prompt ran.
  await article.getByRole('button', { name: /\(Team\)$/ }).click();
  const details = page.getByRole('dialog', { name: 'Originator Details' });
  await expect(details.getByText('Loading details...')).toBeHidden();
  const section = details.getByRole('region', { name: 'Digital Signature' });
  await section.getByRole('button', { name: 'Sign entry' }).click();
  await expect(section.getByText('Not signed', { exact: true })).toBeVisible();
  await expect(section.locator('.form-modal__error')).toBeFocused();
  expect(await gapUnder(section.locator('.form-modal__error'), section)).toBeGreaterThanOrEqual(15);
  await page.screenshot({ path: test.info().outputPath('badge-sign-failed.png') });
});
