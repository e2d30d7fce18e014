import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';
import { ADMIN } from '../support/env';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A 1×1 PNG: a real image, so the server sniffs image/png and the detail previews it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('evidence', () => {
  test('an investigator uploads two files at once, verifies one, downloads it and sees its custody', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    await signIn(page, investigator);
    await page.goto('/evidence');
    await page.getByRole('button', { name: 'Add evidence' }).first().click();
    const dialog = modal(page, 'Add evidence');

    const pngName = `receipt-${tag}.png`;
    const textName = `notes-${tag}.txt`;
    const text = Buffer.from(`Wire transfer to the account the caller gave, reference ${tag}\n`);
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: pngName, mimeType: 'image/png', buffer: PNG },
      { name: textName, mimeType: 'text/plain', buffer: text },
    ]);
    const files = dialog.getByRole('list', { name: 'Files to upload' });
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(files.getByRole('listitem', { name: pngName })).toContainText(`${PNG.length} B`);
    await dialog.getByLabel('Title prefix (optional)').fill(`Victim ${tag}`);
    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    await expect(page.getByText('2 files uploaded')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search evidence' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const pngRow = rows.filter({ hasText: pngName });
    await expect(pngRow).toContainText('Screenshot');
    await expect(rows.filter({ hasText: textName })).toContainText('Document');

    const title = `Victim ${tag} – ${pngName}`;
    await pngRow.getByRole('link', { name: title }).click();
    const detail = modal(page, title);
    await expect(detail.getByRole('img', { name: `Preview of ${title}` })).toBeVisible();
    // The type sniffed from the bytes, not the name or the browser's word.
    await expect(detail).toContainText('image/png');
    await detail.getByRole('button', { name: 'Verify' }).click();
    await expect(detail.getByText('Hash matches', { exact: true })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('link', { name: `Download ${pngName}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(pngName);
    expect((await readFile((await download.path())!)).equals(PNG)).toBe(true);

    const custody = detail.getByRole('table', { name: 'Chain of custody' });
    for (const action of ['Added', 'Viewed', 'Hash verified', 'Downloaded']) {
      await expect(custody.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
    }
    await expect(custody).toContainText(`${investigator.firstName} ${investigator.lastName}`);

    // The detail lives in the URL: closing it goes back to the filtered list.
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await expect(page).not.toHaveURL(/open=/);
    await expect(rows).toHaveCount(2);
  });

  test('written evidence is added, filtered by kind and shown as its text', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    await signIn(page, await createAccount('investigator'));
    await page.goto('/evidence');
    await page.getByRole('button', { name: 'Add evidence' }).first().click();
    const dialog = modal(page, 'Add evidence');
    await dialog.getByRole('tab', { name: 'Written text' }).click();
    await dialog.getByRole('button', { name: 'Add evidence' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();

    const title = `Call transcript ${tag}`;
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Text', { exact: true }).fill('He asked for gift cards.\nThen he hung up.');
    await dialog.getByRole('button', { name: 'Add evidence' }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/evidence?kind=written&search=${tag}`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('link', { name: title }).click();
    const detail = modal(page, title);
    await expect(detail.getByText('He asked for gift cards.')).toBeVisible();
    await expect(detail.getByRole('link', { name: /^Download/ })).toHaveCount(0);
  });

  test('a case lists its own evidence, and /evidence filters by that case', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const created = await api.post('/api/cases', { data: { title: `Evidence case ${tag}` } });
    expect(created.status(), await created.text()).toBe(201);
    const caseItem = (await created.json()) as { id: string; number: number };
    const other = await api.post('/api/evidence', {
      data: { title: `Elsewhere ${tag}`, body: 'Not in the case' },
    });
    expect(other.status(), await other.text()).toBe(201);
    await api.dispose();

    await signIn(page, investigator);
    await page.goto(`/cases/${caseItem.id}?tab=evidence`);
    await page.getByRole('button', { name: 'Add evidence' }).first().click();
    const dialog = modal(page, 'Add evidence');
    await expect(dialog.getByText(`#${caseItem.number} Evidence case ${tag}`)).toBeVisible();
    await dialog.getByRole('tab', { name: 'Written text' }).click();
    await dialog.getByLabel('Title', { exact: true }).fill(`In the case ${tag}`);
    await dialog.getByLabel('Text', { exact: true }).fill('Statement taken by phone');
    await dialog.getByRole('button', { name: 'Add evidence' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: `In the case ${tag}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Elsewhere ${tag}` })).toHaveCount(0);

    await page.goto('/evidence');
    const caseFilter = page.getByRole('combobox', { name: 'Case' });
    await caseFilter.fill(`Evidence case ${tag}`);
    await page.getByRole('option', { name: `#${caseItem.number} Evidence case ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`caseId=${caseItem.id}`));
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr')).toContainText(`In the case ${tag}`);
    await expect(page.locator('tbody tr').getByRole('link', { name: `#${caseItem.number}` })).toBeVisible();
  });

  test('an investigator edits an item from its detail, links an identifier and sees its journal entry', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const admin = await apiAs(ADMIN.email, ADMIN.password);
    const tagName = `wire-fraud-${tag}`;
    const tagRes = await admin.post('/api/tags', { data: { name: tagName, color: 'red' } });
    expect(tagRes.status(), await tagRes.text()).toBe(201);
    await admin.dispose();

    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const post = async (url: string, data: object) => {
      const res = await api.post(url, { data });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
      return (await res.json()) as { id: string; displayValue?: string; number?: number };
    };
    const caseItem = await post('/api/cases', { title: `Edited evidence case ${tag}` });
    const address = `refunds.${tag}@support-desk.example`;
    const identifier = await post('/api/identifiers', { type: 'email', data: { address } });
    const item = await post('/api/evidence', {
      title: `Bank letter ${tag}`,
      body: 'The bank confirmed the transfer.',
      caseId: caseItem.id,
    });
    await post('/api/journal-entries', {
      type: 'call',
      description: `Called the bank about the letter ${tag}\nThey will call back.`,
      caseId: caseItem.id,
      evidence: [item.id],
      identifierIds: [],
    });
    await api.dispose();

    await signIn(page, investigator);
    await page.goto(`/evidence?search=${tag}&open=${item.id}`);
    let detail = modal(page, `Bank letter ${tag}`);
    const entries = detail.getByRole('list', { name: 'Journal entries' });
    await expect(
      entries.getByRole('link', { name: `Called the bank about the letter ${tag}` }),
    ).toHaveAttribute('href', `/cases/${caseItem.id}?tab=timeline`);
    await expect(detail.getByRole('heading', { name: 'Journal entries (1)' })).toBeVisible();

    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = modal(page, 'Edit evidence');
    await form.getByLabel('Title', { exact: true }).fill(`Bank letter, signed ${tag}`);
    await form.getByRole('combobox', { name: /^Tags/ }).fill(tagName);
    await page.getByRole('option', { name: tagName }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Evidence saved')).toBeVisible();

    detail = modal(page, `Bank letter, signed ${tag}`);
    await expect(detail.getByRole('list', { name: 'Tags' })).toContainText(tagName);
    const custody = detail.getByRole('table', { name: 'Chain of custody' });
    // By the action's own cell: a row naming the case has "Edited" in the case's title.
    const custodyRow = (action: string) =>
      custody.getByRole('row').filter({ has: page.getByRole('cell', { name: action, exact: true }) });
    await expect(custodyRow('Edited')).toContainText('Changed title, tags');
    // The entry that links the item and its case, named and leading to them.
    const caseName = `#${caseItem.number} Edited evidence case ${tag}`;
    const entryRow = custody.getByRole('row').filter({ hasText: 'Journal entry' });
    await expect(
      entryRow.getByRole('link', {
        name: `Call: Called the bank about the letter ${tag} They will call back.`,
      }),
    ).toHaveAttribute('href', `/cases/${caseItem.id}?tab=timeline`);
    await expect(entryRow.getByRole('link', { name: caseName })).toHaveAttribute(
      'href',
      `/cases/${caseItem.id}`,
    );
    await expect(custodyRow('Added')).toContainText(`to ${caseName}`);

    await detail.getByRole('combobox', { name: 'Link an identifier' }).fill(address);
    await page.getByRole('option', { name: `${address} (Email)` }).click();
    const linked = detail.getByRole('list', { name: 'Linked identifiers' });
    await expect(linked.getByRole('link', { name: address })).toHaveAttribute(
      'href',
      `/identifiers?open=${identifier.id}`,
    );
    await expect(detail.getByRole('heading', { name: 'Identifiers (1)' })).toBeVisible();
    await expect(custody.getByRole('row').filter({ hasText: address })).toContainText('Linked');

    // Focus stays in the search for the next one; Escape there, its list closed, closes the detail.
    const search = detail.getByRole('combobox', { name: 'Link an identifier' });
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    const row = page.locator('tbody tr').filter({ hasText: `Bank letter, signed ${tag}` });
    await expect(row).toContainText(tagName);
  });

  test('the evidence detail and its edit dialog fit a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tag = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const res = await api.post('/api/evidence', {
      data: { title: `Phone check ${tag}`, body: 'A statement taken over the phone.' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await api.dispose();

    await signIn(page, investigator);
    await page.goto(`/evidence?open=${id}`);
    const detail = modal(page, `Phone check ${tag}`);
    await expect(detail.getByRole('table', { name: 'Chain of custody' })).toBeVisible();
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = modal(page, 'Edit evidence');
    await expect(form.getByLabel('Title', { exact: true })).toBeVisible();
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    const save = (await form.getByRole('button', { name: 'Save' }).boundingBox())!;
    expect(save.x + save.width).toBeLessThanOrEqual(390);
  });
});
