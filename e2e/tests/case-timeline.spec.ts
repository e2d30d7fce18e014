import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

async function created<T>(api: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await api.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** A valid GB IBAN with this 8-digit account number: the check digits computed (ISO 13616, mod 97). */
function gbIban(account: string): string {
  const bban = `WEST123456${account}`;
  const digits = `${bban}GB00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(digits) % 97n);
  return `GB${String(check).padStart(2, '0')}${bban}`;
}

const spaced = (iban: string) => (iban.match(/.{1,4}/g) ?? []).join(' ');

test.describe('case timeline', () => {
  test('an investigator adds an entry and links the identifiers the server found in it', async ({ page }) => {
    const unique = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const caseItem = await created<{ id: string }>(api, '/api/cases', { title: `Refund scam ${unique}` });
    // On record already: offered as such, and linked rather than created again.
    const email = `refunds-${unique}@example.org`;
    const onRecord = await created<{ id: string }>(api, '/api/identifiers', {
      type: 'email',
      data: { address: email },
    });
    await signIn(page, investigator);

    await page.goto(`/cases/${caseItem.id}`);
    await expect(page.getByRole('heading', { name: 'No journal entries yet' })).toBeVisible();
    const addEntry = page.getByRole('button', { name: 'Add entry' }).first();
    await addEntry.click();
    const form = modal(page, 'Add journal entry');
    // Open (its code may still be loading after the click), then closed untouched: focus goes back to
    // the button that opened it.
    await expect(form).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(addEntry).toBeFocused();

    await addEntry.click();
    await form.getByLabel('Type').selectOption({ label: 'Call' });
    const iban = gbIban(String(parseInt(unique, 16) % 100_000_000).padStart(8, '0'));
    const dropped = `spare-${unique}@example.org`;
    await form
      .getByLabel('Description')
      .fill(
        `The caller said he was from the bank.\nCall back on +1 415-555-0134 or (415) 555-0134, write to ${email}` +
          ` or ${dropped}. Wire went to IBAN ${spaced(iban)} on 03/05/2024.`,
      );

    // Read on the server: each once (the phone written twice, no digits of the IBAN or the date as a
    // phone), ticked, the IBAN masked, each with why, the e-mail on record said so.
    const offer = form.getByRole('group', { name: 'Found in the text: link to the entry' });
    const ibanBox = offer.getByRole('checkbox', { name: `IBAN ****${iban.slice(-4)} (bank account)` });
    await expect(ibanBox).toBeChecked();
    await expect(offer.getByRole('checkbox', { name: '+1 415-555-0134 (phone)' })).toBeChecked();
    await expect(offer.getByRole('checkbox', { name: `${email} (email)` })).toBeChecked();
    await expect(offer.getByRole('checkbox')).toHaveCount(4);
    await expect(offer.getByText(/^An IBAN/)).toBeVisible();
    await expect(offer.getByText(/^A valid phone number for US/)).toBeVisible();
    await expect(offer.getByText(`A well-formed e-mail address. On record as ${email}`)).toBeVisible();
    await expectNoSeriousViolations(page, 'the entry dialog with identifiers found in its text');
    await offer.getByText(`${dropped} (email)`).click();
    await expect(offer.getByRole('checkbox', { name: `${dropped} (email)` })).not.toBeChecked();
    await form.getByRole('button', { name: 'Add entry' }).click();

    await expect(page.getByText('Entry added')).toBeVisible();
    await expect(form).toBeHidden();
    const entry = page.getByRole('article', { name: /^Call entry/ });
    await expect(entry).toContainText('Call back on +1 415-555-0134');
    const identifiers = entry.getByRole('list', { name: 'Linked identifiers' });
    await expect(identifiers.getByRole('link', { name: '+1 4155550134' })).toBeVisible();
    await expect(identifiers.getByRole('link', { name: email })).toBeVisible();
    await expect(identifiers.getByRole('link', { name: `Unknown ****${iban.slice(-4)}` })).toBeVisible();
    await expect(identifiers.getByRole('link')).toHaveCount(3);
    await expect(entry.getByRole('button', { name: /\(Team\)$/ })).toBeVisible();

    // The e-mail on record was linked, not created again; the one unticked was not created at all.
    const entries = await api.get(`/api/cases/${caseItem.id}/journal-entries`);
    const [saved] = (await entries.json()).data as { identifierIds: string[] }[];
    expect(saved.identifierIds).toContain(onRecord.id);
    const search = await api.get(`/api/identifiers?search=${encodeURIComponent(dropped)}`);
    expect((await search.json()).data).toEqual([]);
    await api.dispose();
  });

  test('a removed entry leaves the timeline and shows struck through, with its reason, among removed entries', async ({
    page,
  }) => {
    const unique = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator', {
      firstName: 'Mary',
      lastName: `Jackson ${unique}`,
    });
    const api = await apiAs(investigator.email, investigator.password);
    const caseItem = await created<{ id: string }>(api, '/api/cases', { title: `Romance scam ${unique}` });
    await created(api, '/api/journal-entries', {
      type: 'note',
      description: 'Victim forwarded the first messages.',
      caseId: caseItem.id,
      evidence: null,
      identifierIds: [],
    });
    await created(api, '/api/journal-entries', {
      type: 'meeting',
      description: 'Met the victim at the branch.',
      caseId: caseItem.id,
      evidence: null,
      identifierIds: [],
    });
    await api.dispose();
    await signIn(page, investigator);

    await page.goto(`/cases/${caseItem.id}`);
    const meeting = page.getByRole('article', { name: /^Meeting entry/ });
    await meeting.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    const form = modal(page, 'Remove entry');
    await form.getByLabel('Reason').fill('Entered in the wrong case');
    await form.getByRole('button', { name: 'Remove' }).click();

    await expect(page.getByText('Entry removed')).toBeVisible();
    await expect(meeting).toBeHidden();
    await expect(page.getByRole('article', { name: /^Note entry/ })).toBeVisible();

    // Carbon's switch lies under its drawn track; a keyboard press is what reaches the control itself.
    const showRemoved = page.getByRole('switch', { name: 'Show removed entries' });
    await showRemoved.press('Space');
    await expect(showRemoved).toBeChecked();
    const removed = page.getByRole('article', { name: /^Meeting entry.*removed$/ });
    await expect(removed).toContainText(
      new RegExp(`Removed by Mary Jackson ${unique} \\(Team\\) on .*: Entered in the wrong case`),
    );
    await expect(removed.getByText('Met the victim at the branch.')).toHaveCSS(
      'text-decoration-line',
      'line-through',
    );
    await expect(removed.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

    // The journal's search finds entries by their text (removed ones too, while they are shown), marked.
    await page.getByRole('searchbox', { name: 'Search the journal' }).fill('BRANCH');
    await expect(page).toHaveURL(/journalSearch=BRANCH/);
    await expect(page.getByRole('article', { name: /^Note entry/ })).toBeHidden();
    await expect(removed.locator('mark')).toHaveText('branch');

    // The journal searched, with a removed entry shown: accessible, and no wider than a phone.
    await expectNoSeriousViolations(page, 'the timeline with removed entries');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(removed).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
