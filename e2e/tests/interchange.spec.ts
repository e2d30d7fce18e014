import { readFile } from 'node:fs/promises';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, expect, test } from '../support/fixtures';
import { watchForText } from '../support/seen-text';
import { importRows, openList, signInAs, uniqueTag } from './identifiers-support';

interface StixObject {
  type: string;
  id: string;
  pattern?: string;
  spec_version?: string;
  created_by_ref?: string;
}

test.describe('exchange formats in the web app', () => {
  test('the identifier list downloads its filter as a STIX 2.1 bundle', async ({ page }, testInfo) => {
    const account = await signInAs(page, 'investigator');
    const tag = `stix${uniqueTag()}`;
    await importRows(account, [
      { type: 'email', data: { address: `${tag}-one@scam.example` } },
      { type: 'email', data: { address: `${tag}-two@scam.example` } },
      { type: 'phone', data: { countryCode: '+44', number: '7700 900556', notes: tag } },
    ]);
    await openList(page);
    await page.getByPlaceholder('Search by display value...').fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`));
    await expect(page.getByRole('row')).toHaveCount(3);

    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the identifier list with its downloads');
    // Its toast closes after 3 s: noted as it shows, not raced on a busy machine.
    const toastShown = await watchForText(page, 'STIX bundle downloaded');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download STIX' }).click(),
    ]);
    await toastShown();
    await page.screenshot({ path: testInfo.outputPath('identifiers-stix-downloaded.png') });
    expect(download.suggestedFilename()).toMatch(/^identifiers-stix-\d{4}-\d\d-\d\d\.json$/);
    const bundle = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      type: string;
      id: string;
      objects: StixObject[];
    };
    expect(bundle.type).toBe('bundle');
    expect(bundle.id).toMatch(/^bundle--[0-9a-f-]{36}$/);
    const emails = bundle.objects.filter((o) => o.type === 'indicator');
    // The search's two e-mails as Indicators, not the phone whose notes merely hold the text.
    expect(emails.map((o) => o.pattern).sort()).toEqual([
      `[email-addr:value = '${tag}-one@scam.example']`,
      `[email-addr:value = '${tag}-two@scam.example']`,
    ]);
    const identity = bundle.objects.find((o) => o.type === 'identity');
    expect(identity).toBeDefined();
    for (const email of emails) {
      expect(email.spec_version).toBe('2.1');
      expect(email.created_by_ref).toBe(identity!.id);
      // A random id (UUIDv4), kept by the identifier's Indicator: the same object in every export.
      expect(email.id).toMatch(
        /^indicator--[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    const api = await apiAs(account.email, account.password);
    const again = (await (await api.get(`/api/identifiers/stix?search=${tag}`)).json()) as {
      objects: StixObject[];
    };
    await api.dispose();
    expect(
      again.objects
        .filter((o) => o.type === 'indicator')
        .map((o) => o.id)
        .sort(),
    ).toEqual(emails.map((o) => o.id).sort());

    // On a phone the downloads are in the toolbar's menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Download STIX' })).toBeHidden();
    await page.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Download STIX' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('identifiers-download-390.png'), fullPage: true });
  });

  test('a case downloads as a MISP event from its page', async ({ page }, testInfo) => {
    const account = await signInAs(page, 'investigator');
    const tag = `misp${uniqueTag()}`;
    const [identifierId] = await importRows(account, [
      { type: 'email', data: { address: `${tag}@scam.example` } },
    ]);
    const api = await apiAs(account.email, account.password);
    const created = await api.post('/api/cases', { data: { title: `Romance scam ${tag}` } });
    expect(created.status(), await created.text()).toBe(201);
    const caseItem = (await created.json()) as { id: string; number: number };
    const entry = await api.post('/api/journal-entries', {
      data: { type: 'email', description: `Mail from ${tag}`, evidence: null, identifierIds: [identifierId] },
    });
    expect(entry.ok(), await entry.text()).toBe(true);
    const linked = await api.post(`/api/cases/${caseItem.id}/journal-entries`, {
      data: { journalEntryId: ((await entry.json()) as { id: string }).id },
    });
    expect(linked.ok(), await linked.text()).toBe(true);
    await api.dispose();

    await page.goto(`/cases/${caseItem.id}`);
    const share = page.getByRole('combobox', { name: 'Share as' });
    await share.click();
    await expectNoSeriousViolations(page, 'the case page with its Share as menu open');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('option', { name: 'MISP event' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`case-${caseItem.number}-misp-event.json`);
    const event = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      Event: { info: string; Object?: { name: string; Attribute: { value: string }[] }[] };
    };
    expect(event.Event.info).toContain(`#${caseItem.number}`);
    const email = event.Event.Object?.find((o) => o.name === 'email');
    expect(email?.Attribute.map((a) => a.value)).toContain(`${tag}@scam.example`);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(share).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, 'the case page at 390 px');
    await page.screenshot({ path: testInfo.outputPath('case-share-390.png'), fullPage: true });
  });
});
