import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { ROUTES } from '../../web/src/app/routes';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };

/** Where the spec opens each route of the route table; `:id` is a record created for the test. */
const VISITS: Record<string, string> = {
  '/tags': '/tags',
  '/team-members': '/team-members',
  '/team-members/:id': '/team-members/{member}',
  '/admin': '/admin',
  '/identifiers': '/identifiers',
  '/identifiers/new': '/identifiers/new',
  '/validation': '/validation',
  '/evidence': '/evidence',
  '/cases': '/cases',
  '/cases/:id': '/cases/{case}',
  '/profile': '/profile',
  // The seeded case's title holds a long wallet address: its hit must wrap.
  '/search': '/search?q=0x52908400098527886E0F7030069857D2E4169EE7',
  '/profile-test': '/profile-test',
  '/automations': '/automations',
  '/automations/:id': '/automations/{automation}',
  '/export-streams': '/export-streams',
  '/groups': '/groups',
  '/groups/:id': '/groups/{group}',
  '/components': '/components',
  '/components/originator-badge': '/components/originator-badge',
  '/tables': '/tables',
  '/auth/device': '/auth/device',
  '/forbidden': '/forbidden',
  '*': '/no-such-page',
  // Opening it signs the user out: the sign-in page comes after it, as a signed-in user is sent on.
  '/logout': '/logout',
  '/login': '/login',
};

/** Records for the detail routes, and rows with long values for the lists. */
async function seed(tag: string) {
  const admin = await createAccount('admin');
  const member = await createAccount('investigator', {
    firstName: 'Maximiliana',
    lastName: `Featherstonehaugh ${tag}`,
  });
  const api = await apiAs(admin.email, admin.password);
  const created = async (url: string, data: object) => {
    const res = await api.post(url, { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const group = await created('/api/groups', {
    name: `Romance scams reported through dating applications ${tag}`,
    description: 'Cases where the victim met the scammer on a dating application and sent money abroad',
    userIds: [member.id],
  });
  const automation = await created('/api/automations', {
    systemName: `phishing-report-mailbox-importer-${tag}`,
    description: 'Imports the identifiers reported to the phishing mailbox every fifteen minutes',
  });
  await created(`/api/automations/${automation.id}/api-keys`, {
    name: `Mailbox importer production key ${tag}`,
    scopes: ['identifier.view', 'identifier.create'],
  });
  const moneyMule = await created('/api/tags', {
    name: `money-mule-${tag}`,
    color: 'purple',
    description: 'Receives and forwards stolen funds',
  });
  await created('/api/evidence', {
    title: `Transcript of the call from the fake bank security department ${tag}`,
    body: 'The caller asked for the one-time code sent by text message.',
  });
  const reporter = await created('/api/originators/community-members', {
    username: `concerned_citizen_${tag}`,
    email: `concerned.citizen.reporting.${tag}@community-watch.example`,
  });
  const res = await api.post('/api/identifiers/import', {
    data: {
      items: [
        {
          type: 'email',
          data: { address: `customer.support.refunds.${tag}@secure-account-verification.example` },
        },
        {
          type: 'other',
          data: { identifierType: 'Website', value: `https://login-${'x'.repeat(60)}-${tag}.example/verify` },
        },
        {
          type: 'other',
          data: { identifierType: 'Vehicle', value: `Red sedan seen near the bank branch ${tag}` },
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const [, website] = ((await res.json()) as { data: { id: string }[] }).data;
  const caseItem = await created('/api/cases', {
    // A title holding one long token (a wallet address) must wrap, not widen the page.
    title: `Wallet 0x52908400098527886E0F7030069857D2E4169EE7${tag} drained by a platform promising guaranteed returns`,
    description: 'The victim was shown a fake dashboard and paid withdrawal fees three times.',
    priority: 'critical',
    scamType: 'investment',
    groupId: group.id,
    assigneeIds: [member.id],
    reportedLoss: { amount: 48250.5, currency: 'EUR' },
    // Entered for a community member: the header shows their badge with "entered by".
    onBehalfOfOriginatorId: reporter.id,
  });
  await created('/api/evidence', {
    caseId: caseItem.id,
    title: `Bank statement showing the withdrawal fees ${tag}`,
    body: 'Three transfers of 1,500 EUR each, labelled as withdrawal fees.',
    tagIds: [moneyMule.id],
  });
  const entry = await created('/api/journal-entries', {
    type: 'note',
    description: 'The trading site the victim was sent to.',
    evidence: null,
    identifierIds: [website.id],
  });
  const reported = await created('/api/journal-entries', {
    type: 'call',
    description: 'The victim called back: a second platform asked for a fee.',
    evidence: null,
    identifierIds: [],
    onBehalfOfOriginatorId: reporter.id,
  });
  for (const journalEntryId of [entry.id, reported.id]) {
    const linked = await api.post(`/api/cases/${caseItem.id}/journal-entries`, { data: { journalEntryId } });
    expect(linked.ok(), await linked.text()).toBe(true);
  }
  await api.dispose();
  return {
    admin,
    ids: { member: member.id, group: group.id, automation: automation.id, case: caseItem.id },
  };
}

/** The route's screen has rendered (its title is set) and finished loading. */
async function settle(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} | Scamtrail`);
  await page.waitForLoadState('networkidle');
  await expect(
    page.locator('.cds--skeleton, .cds--data-table--skeleton, .cds--loading:not(.cds--loading--stop)'),
  ).toHaveCount(0);
}

/** Where each line of an element's text begins, as indices into its text. */
const lineStarts = (locator: Locator) =>
  locator.evaluate((element) => {
    const node = element.firstChild!;
    const range = document.createRange();
    const starts: number[] = [];
    let lineTop = -Infinity;
    for (let index = 0; index < node.textContent!.length; index++) {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const { top, width } = range.getBoundingClientRect();
      if (width > 0 && top > lineTop + 1) {
        starts.push(index);
        lineTop = top;
      }
    }
    return starts;
  });

const widths = (page: Page) =>
  page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));

test.describe('on a laptop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a list keeps its short words whole beside long values: the team members table', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const { admin } = await seed(tag);
    const api = await apiAs(admin.email, admin.password);
    const res = await api.post('/api/users', {
      data: {
        email: `bartholomew-alexander.${tag}@a-very-long-domain-name-for-testing.example.com`,
        password: 'e2e password 123',
        firstName: 'Bartholomew-Alexander',
        lastName: `Vandenberghe-Montgomery${tag}`,
        role: 'investigator',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await api.dispose();
    await signIn(page, admin);
    await page.goto(`/team-members?search=${tag}`);
    const row = page.getByRole('row').filter({ hasText: `Vandenberghe-Montgomery${tag}` });
    const role = row.getByRole('cell', { name: 'Investigator', exact: true });
    await expect(role).toBeVisible();
    expect(await lineStarts(role)).toHaveLength(1);
  });

  test("a community member's report shows their whole name, and its entry's time on one line", async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const { admin, ids } = await seed(tag);
    await signIn(page, admin);
    await page.goto(`/cases/${ids.case}`);
    const name = `concerned_citizen_${tag} (Community)`;
    const headerBadge = page.getByRole('region', { name: 'Case summary' }).getByRole('button', { name });
    await expect(headerBadge).toBeVisible();
    const cut = await headerBadge
      .locator('.originator-badge__name')
      .first()
      .evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut, 'the badge in the case header is not cut short').toBe(false);

    // Beside the badge and "entered by", the entry's time keeps one line: the originator moves below it.
    const entry = page.getByRole('article').filter({ hasText: 'a second platform asked for a fee' });
    await expect(entry.getByText(/entered by/)).toBeVisible();
    expect(await lineStarts(entry.locator('time').first())).toHaveLength(1);

    // The badge sits in the same place in both entries' headers, entered for a member or not: under the
    // type and time, at the card's start, here and on a phone.
    const plain = page.getByRole('article').filter({ hasText: 'The trading site the victim was sent to.' });
    const badgePlace = async (article: typeof entry) => {
      const badge = article.locator('header').getByRole('button', { name: /\((Team|Community)\)/ });
      await expect(badge).toBeVisible();
      const [card, time, box] = await Promise.all([
        article.locator('.timeline-entry__card').boundingBox(),
        article.locator('time').first().boundingBox(),
        badge.boundingBox(),
      ]);
      return { left: Math.round(box!.x - card!.x), below: box!.y >= time!.y + time!.height };
    };
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      const [reportedPlace, plainPlace] = [await badgePlace(entry), await badgePlace(plain)];
      expect(reportedPlace, `${width} px`).toEqual(plainPlace);
      expect(plainPlace.below, `${width} px: the badge is under the time`).toBe(true);
    }
  });

  test("the evidence tables fit without hiding a column: a case's beside its related cases, and /evidence", async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const { admin, ids } = await seed(tag);
    await signIn(page, admin);
    const title = `Bank statement showing the withdrawal fees ${tag}`;
    for (const url of [`/cases/${ids.case}?tab=evidence`, `/evidence?search=${tag}`]) {
      await page.goto(url);
      const table = page.getByRole('table').filter({ hasText: title });
      await expect(table, url).toBeVisible();
      const { tableWidth, boxWidth } = await table.evaluate((element) => ({
        tableWidth: element.scrollWidth,
        boxWidth: element.parentElement!.clientWidth,
      }));
      expect.soft(tableWidth, `${url}: no column hidden behind a scrollbar`).toBeLessThanOrEqual(boxWidth);
    }
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test('the spec visits every route of the route table', () => {
    expect(Object.keys(VISITS).sort()).toEqual(ROUTES.map((route) => route.path).sort());
  });

  test('no screen is wider than the phone', async ({ page }) => {
    test.setTimeout(180_000);
    const tag = randomBytes(3).toString('hex');
    const { admin, ids } = await seed(tag);
    await signIn(page, admin);
    const titles = new Map<string, string>(ROUTES.map((route) => [route.path, route.title]));
    for (const [path, url] of Object.entries(VISITS)) {
      await page.goto(url.replace(/\{(\w+)\}/, (_, name: keyof typeof ids) => ids[name]));
      await settle(page, titles.get(path) ?? path);
      const { document, body } = await widths(page);
      expect.soft(document, `${path}: page width`).toBeLessThanOrEqual(PHONE.width);
      expect.soft(body, `${path}: body width`).toBeLessThanOrEqual(PHONE.width);
    }
  });

  test('every tab of a case fits the phone', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const { admin, ids } = await seed(tag);
    await signIn(page, admin);
    for (const tab of ['timeline', 'tasks', 'evidence', 'identifiers', 'history']) {
      await page.goto(`/cases/${ids.case}?tab=${tab}`);
      await settle(page, 'Case Detail');
      const { document, body } = await widths(page);
      expect.soft(document, `${tab}: page width`).toBeLessThanOrEqual(PHONE.width);
      expect.soft(body, `${tab}: body width`).toBeLessThanOrEqual(PHONE.width);
    }
  });

  test("a case's actions fill each line they wrap onto, leaving no ragged gap", async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const { admin, ids } = await seed(tag);
    await signIn(page, admin);
    await page.goto(`/cases/${ids.case}`);
    await expect(page.getByRole('button', { name: 'Close case' })).toBeVisible();
    const gaps = await page.locator('.case-header__actions').evaluate((actions) => {
      const right = actions.getBoundingClientRect().right;
      const lineEnds = new Map<number, number>();
      for (const action of Array.from(actions.children)) {
        const box = action.getBoundingClientRect();
        if (box.width === 0) continue;
        const top = Math.round(box.top);
        lineEnds.set(top, Math.max(lineEnds.get(top) ?? 0, box.right));
      }
      return [...lineEnds.values()].map((end) => Math.round(right - end));
    });
    expect(gaps.length, 'the actions wrap on a phone').toBeGreaterThan(1);
    expect(gaps).toEqual(gaps.map(() => 0));
  });

  test('a list shows each row as a card: the value first, labelled columns, the row menu in reach', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const { admin } = await seed(tag);
    await signIn(page, admin);
    await page.goto(`/identifiers?search=${tag}`);
    const email = `customer.support.refunds.${tag}@secure-account-verification.example`;
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: email }) });
    await expect(row).toBeVisible();

    const link = row.getByRole('link', { name: email });
    const rowBox = (await row.boundingBox())!;
    const linkBox = (await link.boundingBox())!;
    // The value is the card's title, above its labelled columns, inside the screen.
    expect(linkBox.y - rowBox.y).toBeLessThan(32);
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(PHONE.width);
    // The other columns are labelled by their headers (drawn before each value).
    const label = (header: string) =>
      row
        .locator(`td[data-label="${header}"]`)
        .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(await label('Evidence')).toBe('"Evidence"');
    expect(await label('Originator')).toBe('"Originator"');

    // Words wrap between words: an ordinary phrase is not cut mid-word.
    const phrase = `Vehicle: Red sedan seen near the bank branch ${tag}`;
    const starts = await lineStarts(page.getByRole('link', { name: phrase }));
    expect(starts.length, 'the phrase wraps on a phone').toBeGreaterThan(1);
    for (const start of starts.slice(1)) {
      expect(phrase[start - 1], `line break before "${phrase.slice(start)}"`).toBe(' ');
    }

    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await expect(page.getByRole('menuitem', { name: 'View details' })).toBeInViewport();
  });

  test('the breadcrumb trail reads as one line', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const { admin, ids } = await seed(tag);
    await signIn(page, admin);
    await page.goto(`/cases/${ids.case}`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    // Home / Investigation / Cases / #n
    await expect(crumbs).toHaveCount(4);
    const tops = await crumbs.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(new Set(tops).size, `crumbs at ${tops.join(', ')}`).toBe(1);
  });

  test("a list's empty state stays inside its table, above the pagination", async ({ page }) => {
    const admin = await createAccount('viewer');
    await signIn(page, admin);
    const nothing = `nothing-${randomBytes(4).toString('hex')}`;
    for (const [url, title] of [
      [`/identifiers?search=${nothing}`, 'No identifiers found'],
      [`/cases?search=${nothing}`, 'No cases match'],
      [`/evidence?search=${nothing}`, 'No evidence matches'],
    ]) {
      await page.goto(url);
      const heading = page.getByRole('heading', { name: new RegExp(title) });
      await expect(heading, url).toBeVisible();
      // The row holding the empty state grows with it: nothing of it lies over what follows. Measured
      // in one layout, once the web fonts are in: a font arriving between two measurements rewraps
      // the message, and the cell and its row would be read from different layouts.
      const cell = heading.locator('xpath=ancestor::td[1]');
      const boxes = await cell.evaluate(async (element) => {
        await document.fonts.ready;
        const pagination = document.querySelector('.cds--pagination');
        return {
          cellBottom: element.getBoundingClientRect().bottom,
          rowBottom: element.parentElement!.getBoundingClientRect().bottom,
          contentBottom: element.scrollHeight + element.getBoundingClientRect().top,
          paginationTop: pagination?.getBoundingClientRect().top ?? null,
        };
      });
      expect
        .soft(boxes.cellBottom, `${url}: the cell inside its row`)
        .toBeLessThanOrEqual(boxes.rowBottom + 1);
      if (boxes.paginationTop !== null) {
        expect
          .soft(boxes.contentBottom, `${url}: the message above the pagination`)
          .toBeLessThanOrEqual(boxes.paginationTop + 1);
      }
    }
  });
});
