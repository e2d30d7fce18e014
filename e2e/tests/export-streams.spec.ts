import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, serverUrl, signIn, test, type Account } from '../support/fixtures';

interface EventsPage {
  data: { type: string; subject: { type: string; id: string } }[];
  next: string;
  hasMore: boolean;
}

// The start of EXPORT_STREAM_PAUSED_MESSAGE (domain/src/export-streams.ts).
const PAUSED = /This export stream is paused/;

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });

async function chooseAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** An automation's API key holding export.view and case.view, as a SIEM's connector reading cases would have. */
async function readerKey(admin: Account, unique: string): Promise<string> {
  const api = await apiAs(admin.email, admin.password);
  const automation = await api.post('/api/automations', { data: { systemName: `SIEM connector ${unique}` } });
  expect(automation.status(), await automation.text()).toBe(201);
  const { id } = (await automation.json()) as { id: string };
  const created = await api.post(`/api/automations/${id}/api-keys`, {
    data: { name: 'export reader', scopes: ['export.view', 'case.view'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  await api.dispose();
  return key;
}

/** The page is no wider than a 390 px phone: nothing to scroll sideways. */
async function expectNoHorizontalScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.document, `${where}: page width`).toBeLessThanOrEqual(390);
  expect(widths.body, `${where}: body width`).toBeLessThanOrEqual(390);
}

async function createCase(api: APIRequestContext, title: string): Promise<string> {
  const res = await api.post('/api/cases', { data: { title } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.describe('export streams', () => {
  test('an admin creates a stream and previews it; a key reads it from its cursor, refused while it is paused', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const unique = randomBytes(3).toString('hex');
    const admin = await createAccount('admin');
    const api = await apiAs(admin.email, admin.password);
    const bearer = { authorization: `Bearer ${await readerKey(admin, unique)}` };
    const name = `SIEM feed ${unique}`;

    await signIn(page, admin);
    await page.goto('/export-streams');
    await expect(page.getByRole('heading', { name: 'Export Streams', level: 1 })).toBeVisible();
    // The page's action (an empty list offers its own, "Create your first stream").
    await page.getByRole('button', { name: 'New stream', exact: true }).click();
    const form = modal(page, 'New export stream');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Description (optional)').fill('Read by the SOC');
    // Carbon draws the box on the label; the input itself is visually hidden.
    await form.locator('label', { hasText: /^Cases$/ }).click();
    await expect(form.getByRole('checkbox', { name: 'Cases' })).toBeChecked();
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Export stream created')).toBeVisible();
    await expect(rowOf(page, name)).toContainText('Active');
    await expect(rowOf(page, name)).toContainText('Never');

    await page.getByRole('button', { name, exact: true }).click();
    let details = modal(page, name);
    const url = (await details.getByRole('textbox', { name: 'Events URL' }).textContent())?.trim() ?? '';
    expect(url).toMatch(new RegExp(`^${serverUrl()}/api/export-streams/[0-9a-f-]{36}/events$`));
    await expect(details.getByRole('textbox', { name: 'curl example' })).toContainText(
      `curl -H "Authorization: Bearer <API key>"`,
    );
    const eventsPath = new URL(url).pathname;

    /** Every event after `after`, read as the key, page by page; and the cursor to read on from. */
    async function readAll(after: string) {
      const events: EventsPage['data'] = [];
      let cursor = after;
      for (;;) {
        const res = await request.get(eventsPath, {
          headers: bearer,
          params: { limit: 1000, ...(cursor ? { after: cursor } : {}) },
        });
        expect(res.status(), await res.text()).toBe(200);
        const answer = (await res.json()) as EventsPage;
        events.push(...answer.data);
        cursor = answer.next;
        if (!answer.hasMore) return { events, next: cursor };
      }
    }

    // The key reads up to now; the case made next is what it reads on from there.
    const { next: start } = await readAll('');
    const firstCase = await createCase(api, `Refund scam ${unique}`);
    const { events: sinceStart, next: afterFirst } = await readAll(start);
    expect(sinceStart.map((event) => [event.type, event.subject.id])).toContainEqual([
      'case.created',
      firstCase,
    ]);

    await details.getByRole('button', { name: 'Preview' }).click();
    const preview = details.getByRole('table', { name: 'First 10 events' });
    await expect(preview).toContainText('case.created');
    // Subjects by name, as the History names them (an administrator sees every case): no raw ids.
    await expect(preview).toContainText(/#\d+ \S/);
    await expect(preview).not.toContainText(/case [0-9a-f-]{36}/);
    await expectNoSeriousViolations(page, 'an export stream’s details with its preview');
    await details.locator('.cds--modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    await chooseAction(page, name, 'Pause');
    await expect(page.getByText('Export stream paused')).toBeVisible();
    await expect(rowOf(page, name)).toContainText('Paused');
    await page.getByRole('button', { name, exact: true }).click();
    details = modal(page, name);
    await details.getByRole('button', { name: 'Preview' }).click();
    await expect(details.getByText(PAUSED)).toBeVisible();
    await details.locator('.cds--modal-footer').getByRole('button', { name: 'Close' }).click();

    const secondCase = await createCase(api, `Fake invoice ${unique}`);
    const refused = await request.get(eventsPath, { headers: bearer, params: { after: afterFirst } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(PAUSED);

    await chooseAction(page, name, 'Resume');
    await expect(page.getByText('Export stream resumed')).toBeVisible();
    await expect(rowOf(page, name)).toContainText('Active');
    const { events: afterResume, next: afterSecond } = await readAll(afterFirst);
    expect(afterResume.map((event) => [event.type, event.subject.id])).toContainEqual([
      'case.created',
      secondCase,
    ]);

    // A reader that waits (up to 30 s) is answered with what is created meanwhile.
    const waiting = request.get(eventsPath, { headers: bearer, params: { after: afterSecond, wait: 30 } });
    const thirdCase = await createCase(api, `Crypto recovery ${unique}`);
    const woken = await waiting;
    expect(woken.status(), await woken.text()).toBe(200);
    const { events: awaited } = await readAll(afterSecond);
    expect(awaited.map((event) => event.subject.id)).toContain(thirdCase);
    expect(((await woken.json()) as EventsPage).data.length).toBeGreaterThan(0);
    await api.dispose();

    // The key's reads count as the stream's last read (the administrator's preview did not).
    await page.reload();
    await expect(rowOf(page, name)).toBeVisible();
    await expect(rowOf(page, name)).not.toContainText('Never');
    await expectNoSeriousViolations(page, 'the export streams list');
  });

  test.describe('on a phone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the list and a stream’s details fit the screen', async ({ page }) => {
      const unique = randomBytes(3).toString('hex');
      const admin = await createAccount('admin');
      const api = await apiAs(admin.email, admin.password);
      const name = `Threat-intelligence-platform-nightly-export-${unique}`;
      const res = await api.post('/api/export-streams', {
        data: {
          name,
          description: 'Everything the threat-intelligence platform imports overnight',
          topics: ['cases', 'journal', 'evidence', 'identifiers', 'organisation', 'access'],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      await api.dispose();

      await signIn(page, admin);
      await page.goto('/export-streams');
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page, 'the list');

      await page.getByRole('button', { name, exact: true }).click();
      const details = modal(page, name);
      await expect(details.getByRole('textbox', { name: 'curl example' })).toBeVisible();
      await expectNoHorizontalScroll(page, 'a stream’s details');
      const dialogBox = await details.boundingBox();
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(390);
      await expectNoSeriousViolations(page, 'an export stream’s details on a phone');
    });
  });
});
