import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, expect, serverUrl, test } from '../support/fixtures';
import { importRows, openList, rowAction, signInAs, uniqueTag } from './identifiers-support';

test.describe('identifier detail and import', () => {
  test('shows every section, validates, and keeps ?open= so the view can be shared', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    const bank = `Bank ${uniqueTag()}`;
    const [id] = await importRows(account, [
      {
        type: 'bank_account',
        data: { bankName: bank, accountName: 'J Doe', accountNumber: '12345678', routingNumber: '021000021' },
      },
    ]);
    await openList(page, `?search=${encodeURIComponent(bank)}`);
    await page.getByRole('link', { name: `${bank} ****5678` }).click();
    const dialog = page.getByRole('dialog', { name: 'Bank Account Details' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]open=${id}`));
    for (const section of [
      'Basic Information',
      'Bank Account Information',
      'Validation',
      'Attached Media (0)',
      'Related Journal Entries (0)',
      'Cases (0)',
      'Created By',
    ]) {
      await expect(dialog.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    const basic = dialog.locator('section', {
      has: page.getByRole('heading', { name: 'Basic Information' }),
    });
    for (const label of ['Type', 'Display Value', 'Confidence', 'Created', 'Last Updated']) {
      await expect(basic.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(basic.getByText('?', { exact: true })).toBeVisible();
    await expect(dialog.getByText('021000021')).toBeVisible();
    await expect(dialog.getByText('Not validated yet.', { exact: false })).toBeVisible();
    await expect(dialog.getByText(`${account.firstName} ${account.lastName} (Team)`)).toBeVisible();

    await dialog.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByText('Validation finished')).toBeVisible();
    await expect(dialog.getByText('Last validated', { exact: false })).toBeVisible();
    await expect(dialog.getByText('ABA routing number checksum', { exact: true })).toBeVisible();
    await expect(basic.getByText('?', { exact: true })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Bank Account Details' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Bank Account Details' })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]open=/);
  });

  test('pages through the related journal entries on a phone, accessible and without sideways scrolling', async ({
    page,
  }) => {
    const account = await signInAs(page, 'investigator');
    const address = `busy-${uniqueTag()}@scam.example`;
    const [id] = await importRows(account, [{ type: 'email', data: { address } }]);
    const api = await apiAs(account.email, account.password);
    const post = async (url: string, data: object) => {
      const res = await api.post(url, { data, headers: { origin: serverUrl() } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: string };
    };
    const caseItem = await post('/api/cases', { title: `Busy ${address}` });
    for (let n = 1; n <= 12; n++) {
      await post('/api/journal-entries', {
        type: 'note',
        description: `Call ${n} about ${address}`,
        caseId: caseItem.id,
        evidence: null,
        identifierIds: [id],
      });
    }
    await api.dispose();

    await page.setViewportSize({ width: 390, height: 844 });
    await openList(page, `?open=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Email Details' });
    const entries = dialog.getByRole('region', { name: 'Related Journal Entries (12)' });
    await expect(entries.getByRole('listitem')).toHaveCount(10);
    await expect(dialog.getByRole('region', { name: 'Cases (1)' })).toBeVisible();
    await entries.getByRole('button', { name: 'Next page' }).click();
    await expect(entries.getByRole('listitem')).toHaveCount(2);
    await expect(entries.getByText(`Call 1 about ${address}`)).toBeVisible();
    await expectNoSeriousViolations(page, 'the identifier detail, second page of entries', '[role="dialog"]');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const pager = entries.locator('.cds--pagination');
    const box = await pager.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });

  test('edits an identifier from the row menu with the same form', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    const tag = uniqueTag();
    await importRows(account, [
      { type: 'other', data: { identifierType: 'Website', value: `old-${tag}.example` } },
    ]);
    await openList(page, `?search=${tag}`);
    await rowAction(page, `Website: old-${tag}.example`, 'Edit');
    const dialog = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: 'Edit Other' }) });
    await expect(dialog.getByLabel('Value', { exact: true })).toHaveValue(`old-${tag}.example`);
    await dialog.getByLabel('Value', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Value is required')).toBeVisible();
    await dialog.getByLabel('Value', { exact: true }).fill(`new-${tag}.example`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Identifier updated')).toBeVisible();
    await expect(page.getByRole('link', { name: `Website: new-${tag}.example` })).toBeVisible();
  });

  test('imports a CSV with progress and a per-row summary, and offers the template', async ({ page }) => {
    const account = await signInAs(page, 'investigator');
    const tag = uniqueTag();
    const [existing] = await importRows(account, [
      { type: 'email', data: { address: `dup-${tag}@scam.example` } },
    ]);
    await openList(page);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: 'Import Identifiers' }) });

    const download = page.waitForEvent('download');
    await dialog.getByText('Download CSV template').click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('identifiers-template.csv');
    const text = await (await template.createReadStream()).toArray();
    expect(Buffer.concat(text).toString('utf8')).toMatch(/^type,address,countryCode,number,/);

    const csv = [
      'type,address,countryCode,number',
      `email,new1-${tag}@scam.example,,`,
      `phone,,+1,312555${String(parseInt(tag, 16) % 10000).padStart(4, '0')}`,
      `email,DUP-${tag}@scam.example,,`,
      'email,not-an-email,,',
      'fax,,,',
    ].join('\n');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByText('5 rows ready to import.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText('2 created')).toBeVisible();
    await expect(dialog.getByText('1 duplicate')).toBeVisible();
    await expect(dialog.getByText('2 invalid')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Invalid identifier type')).toBeVisible();

    await dialog.getByRole('link', { name: 'Open the existing identifier' }).click();
    await expect(page.getByRole('dialog', { name: 'Email Details' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]open=${existing}`));
  });
});
