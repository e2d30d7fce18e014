import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

interface CreatedCase {
  id: string;
  number: number;
  title: string;
}

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

/** The value beside a label of the case summary. */
const fact = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Case summary' }).locator('dt', { hasText: label }).locator('+ dd');

async function created<T>(api: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await api.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** A journal entry naming the identifier, created then added to the case (spec 4: create, then link). */
async function addEntryNaming(
  api: APIRequestContext,
  caseId: string,
  identifierId: string,
  description: string,
) {
  const entry = await created<{ id: string }>(api, '/api/journal-entries', {
    type: 'call',
    description,
    evidence: null,
    identifierIds: [identifierId],
  });
  const res = await api.post(`/api/cases/${caseId}/journal-entries`, { data: { journalEntryId: entry.id } });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('case detail', () => {
  test('an investigator closes a case with a resolution, reopens it, and reads both in its history', async ({
    page,
  }) => {
    const unique = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator', {
      firstName: 'Ida',
      lastName: `Wells ${unique}`,
    });
    const admin = await createAccount('admin');
    const adminApi = await apiAs(admin.email, admin.password);
    const tag = await created<{ id: string; name: string }>(adminApi, '/api/tags', {
      name: `urgent-${unique}`,
      color: 'red',
    });
    await adminApi.dispose();
    const api = await apiAs(investigator.email, investigator.password);
    const caseItem = await created<CreatedCase>(api, '/api/cases', {
      title: `Crypto recovery scam ${unique}`,
      priority: 'high',
      scamType: 'recovery',
      reportedLoss: { amount: 1250, currency: 'EUR' },
      tagIds: [tag.id],
    });
    await api.dispose();
    await signIn(page, investigator);

    await page.goto(`/cases/${caseItem.id}`);
    await expect(page.getByRole('heading', { name: caseItem.title, level: 1 })).toBeVisible();
    // A tag keeps its colour in the summary, as on the tags page and in the lists.
    await expect(fact(page, 'Tags').locator('.cds--tag', { hasText: tag.name })).toHaveClass(/cds--tag--red/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(`#${caseItem.number}`);
    await expect(fact(page, 'Status')).toHaveText('Open');
    await expect(fact(page, 'Reported loss')).toHaveText('€1,250.00');
    await expect(fact(page, 'Scam type')).toHaveText('Recovery');

    // Closing needs a resolution and notes: without the notes the dialog says so and stays.
    await page.getByRole('button', { name: 'Close case' }).click();
    const dialog = modal(page, 'Close case');
    await dialog.getByLabel('Resolution').selectOption({ label: 'Transferred' });
    await dialog.getByRole('button', { name: 'Close case' }).click();
    await expect(dialog.getByText('Closure notes are required to close a case')).toBeVisible();
    await dialog.getByLabel('Closure notes').fill('Handed to the national fraud office.');
    await dialog.getByRole('button', { name: 'Close case' }).click();

    await expect(page.getByText('Case closed')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(fact(page, 'Status')).toHaveText('Closed');
    await expect(fact(page, 'Resolution')).toHaveText('Transferred');
    await expect(page.getByText('Handed to the national fraud office.')).toBeVisible();

    await page.getByRole('button', { name: 'Reopen' }).click();
    await page
      .getByRole('dialog', { name: /^Reopen case/ })
      .getByRole('button', { name: 'Reopen' })
      .click();
    await expect(page.getByText('Case reopened')).toBeVisible();
    await expect(fact(page, 'Status')).toHaveText('Open');
    await expect(page.getByText('Handed to the national fraud office.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close case' })).toBeVisible();

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page).toHaveURL(/\?tab=history$/);
    const history = page.getByRole('table', { name: 'History' });
    const rows = history.getByRole('row');
    await expect(rows.filter({ hasText: 'Reopened the case' })).toContainText('Status: Closed → Open');
    const closedRow = rows.filter({ hasText: 'Closed the case' });
    await expect(closedRow).toContainText('Resolution: — → Transferred');
    await expect(closedRow).toContainText(`Ida Wells ${unique}`);
    await expect(rows.filter({ hasText: 'Created the case' })).toContainText(caseItem.title);

    // The tab is in the address: a reload opens it again.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the status select keeps focus through a move, by mouse and by keyboard', async ({ page }) => {
    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const caseItem = await created<CreatedCase>(api, '/api/cases', {
      title: `Gift card scam ${randomBytes(3).toString('hex')}`,
      priority: 'medium',
      scamType: 'other',
    });
    await api.dispose();
    await signIn(page, investigator);
    await page.goto(`/cases/${caseItem.id}`);

    const select = page.getByRole('combobox', { name: 'Change status' });
    await select.click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await expect(fact(page, 'Status')).toHaveText('In progress');
    await expect(select).toContainText('Status: In progress');
    await expect(select).toBeFocused();

    // Read-only while the move is saved and the case read again.
    await expect(select).not.toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'In progress (current)' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(fact(page, 'Status')).toHaveText('Open');
    await expect(select).toContainText('Status: Open');
    await expect(select).toBeFocused();
  });

  test('a case closed as a duplicate links to the case it repeats', async ({ page }) => {
    const unique = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const original = await created<CreatedCase>(api, '/api/cases', { title: `Parcel fee scam ${unique}` });
    const copy = await created<CreatedCase>(api, '/api/cases', { title: `Parcel fee scam again ${unique}` });
    await api.dispose();
    await signIn(page, investigator);

    await page.goto(`/cases/${copy.id}`);
    await page.getByRole('button', { name: 'Close case' }).click();
    const dialog = modal(page, 'Close case');
    await dialog.getByLabel('Resolution').selectOption({ label: 'Duplicate' });
    await dialog.getByRole('combobox', { name: 'Duplicate of (optional)' }).fill(`Parcel fee scam ${unique}`);
    await dialog.getByRole('option', { name: `#${original.number} ${original.title}`, exact: true }).click();
    await dialog.getByLabel('Closure notes').fill('Reported twice by the same victim.');
    await dialog.getByRole('button', { name: 'Close case' }).click();

    await expect(page.getByText('Case closed')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(fact(page, 'Resolution')).toHaveText('Duplicate');
    const link = fact(page, 'Duplicate of').getByRole('link', {
      name: `#${original.number} ${original.title}`,
    });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/cases/${original.id}$`));
    await expect(page.getByRole('heading', { name: original.title, level: 1 })).toBeVisible();
    // The original lists it among its duplicates.
    const duplicates = page.getByRole('complementary', { name: 'Duplicates (1)' });
    await expect(duplicates.getByRole('link', { name: `#${copy.number} ${copy.title}` })).toBeVisible();
  });

  test('an investigator links two cases with a note, sees the link on both, and unlinks them', async ({
    page,
  }) => {
    const unique = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const first = await created<CreatedCase>(api, '/api/cases', { title: `Crypto mentor ${unique}` });
    const second = await created<CreatedCase>(api, '/api/cases', { title: `Trading app refund ${unique}` });
    await api.dispose();
    await signIn(page, investigator);

    await page.goto(`/cases/${first.id}`);
    const panel = page.getByRole('complementary', { name: /^Linked cases/ });
    await expect(panel).toContainText('No linked cases yet');
    const opener = panel.getByRole('button', { name: 'Link a case' });
    await opener.click();
    const dialog = modal(page, 'Link a case');
    await dialog.getByRole('combobox', { name: 'Case' }).fill(`Trading app refund ${unique}`);
    await dialog.getByRole('option', { name: `#${second.number} ${second.title}`, exact: true }).click();
    await dialog.getByLabel('Why they belong together (optional)').fill('The same Telegram persona');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();

    await expect(page.getByText('Cases linked', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByRole('complementary', { name: 'Linked cases (1)' })).toContainText(
      'The same Telegram persona',
    );
    await page.screenshot({ path: test.info().outputPath('linked-cases.png'), fullPage: true });

    // The other case lists it too, and the link comes off both.
    await panel.getByRole('link', { name: `#${second.number} ${second.title}` }).click();
    await expect(page.getByRole('heading', { name: second.title, level: 1 })).toBeVisible();
    const fromSecond = page.getByRole('complementary', { name: 'Linked cases (1)' });
    await expect(fromSecond.getByRole('link', { name: `#${first.number} ${first.title}` })).toBeVisible();
    await fromSecond.getByRole('button', { name: `Unlink #${first.number} ${first.title}` }).click();
    await modal(page, `Unlink case #${first.number}?`).getByRole('button', { name: 'Unlink' }).click();
    await expect(page.getByText('Cases unlinked', { exact: true })).toBeVisible();
    await expect(page.getByRole('complementary', { name: /^Linked cases/ })).toContainText(
      'No linked cases yet',
    );
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('table', { name: 'History' })).toContainText('Unlinked a case');
  });

  test('an investigator adds a task, ticks it off, and reads both in the history', async ({ page }) => {
    const unique = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator', { firstName: 'Tess', lastName: unique });
    const api = await apiAs(investigator.email, investigator.password);
    const caseItem = await created<CreatedCase>(api, '/api/cases', { title: `Refund scam ${unique}` });
    await api.dispose();
    await signIn(page, investigator);

    await page.goto(`/cases/${caseItem.id}?tab=tasks`);
    await expect(page.getByText('No tasks yet', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add task' }).click();
    const dialog = modal(page, 'Add task');
    await dialog.getByLabel('Title').fill('Ask the exchange to freeze the wallet');
    await dialog.getByRole('combobox', { name: 'Assignee (optional)' }).fill(`Tess ${unique}`);
    await page.getByRole('option', { name: `Tess ${unique}` }).click();
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await expect(page.getByText('Task added', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    const tasks = page.getByRole('list', { name: 'Tasks' });
    await expect(page.getByRole('heading', { name: '1 open of 1' })).toBeVisible();
    await expect(tasks).toContainText(`Tess ${unique}`);
    await tasks.getByText('Ask the exchange to freeze the wallet', { exact: true }).click();
    await expect(
      tasks.getByRole('checkbox', { name: 'Ask the exchange to freeze the wallet' }),
    ).toBeChecked();
    await expect(page.getByRole('heading', { name: '0 open of 1' })).toBeVisible();

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'History' });
    await expect(history).toContainText('Updated the task “Ask the exchange to freeze the wallet”');
    await expect(history).toContainText('Status: To do → Done');
    await expect(history).toContainText('Added a task');
  });

  test('a case whose entry names the same phone number, written differently, shows as related', async ({
    page,
  }) => {
    const unique = randomBytes(3).toString('hex');
    const subscriber = String(100 + (parseInt(unique, 16) % 900));
    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const first = await created<CreatedCase>(api, '/api/cases', { title: `Bank impersonation ${unique}` });
    const second = await created<CreatedCase>(api, '/api/cases', { title: `Fake courier ${unique}` });

    const phone = await created<{ id: string; displayValue: string }>(api, '/api/identifiers', {
      type: 'phone',
      data: { countryCode: '44', number: `7700 900${subscriber}` },
    });
    await addEntryNaming(api, first.id, phone.id, 'The caller claimed to be from the bank.');

    // The same number written another way is the same identifier: the server answers with the existing one.
    const duplicate = await api.post('/api/identifiers', {
      data: { type: 'phone', data: { countryCode: '+44', number: `7700-900-${subscriber}` } },
    });
    expect(duplicate.status(), await duplicate.text()).toBe(409);
    const existingId = ((await duplicate.json()) as { error: { details: { existingId: string } } }).error
      .details.existingId;
    expect(existingId).toBe(phone.id);
    await addEntryNaming(api, second.id, existingId, 'A courier was sent to collect the card.');
    await api.dispose();
    await signIn(page, investigator);

    await page.goto(`/cases/${first.id}`);
    const related = page.getByRole('complementary', { name: /Related cases/ });
    const link = related.getByRole('link', { name: `#${second.number} ${second.title}` });
    await expect(link).toBeVisible();
    await expect(related).toContainText(`Shares 1 identifier: ${phone.displayValue}`);

    await page.getByRole('tab', { name: 'Identifiers' }).click();
    await expect(page).toHaveURL(/\?tab=identifiers$/);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: phone.displayValue }) });
    await expect(row).toContainText('1 entry');
    await expect(row).toContainText('Also in 1 other case');
    await expect(row.getByRole('link', { name: `#${second.number} ${second.title}` })).toBeVisible();

    await link.click();
    await expect(page.getByRole('heading', { name: second.title, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('complementary', { name: /Related cases/ }).getByRole('link', {
        name: `#${first.number} ${first.title}`,
      }),
    ).toBeVisible();
  });

  test('a case that does not exist shows "No case to show"', async ({ page }) => {
    await signIn(page, await createAccount('investigator'));
    await page.goto('/cases/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'No case to show' })).toBeVisible();
  });
});
