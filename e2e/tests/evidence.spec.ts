import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

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
    await expect(pngRow).toContainText('image/png');
    await expect(rows.filter({ hasText: textName })).toContainText('Document');

    const title = `Victim ${tag} – ${pngName}`;
    await pngRow.getByRole('link', { name: title }).click();
    const detail = modal(page, title);
    await expect(detail.getByRole('img', { name: `Preview of ${title}` })).toBeVisible();
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
    await expect(dialog.getByText('title is required')).toBeVisible();

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
});
