import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test, type Account } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };

/** Creates a record through the API and answers its id. */
async function created(account: Account, url: string, data: object): Promise<string> {
  const api = await apiAs(account.email, account.password);
  const res = await api.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await api.dispose();
  return id;
}

/** The breadcrumb trail's items as read: "Home", "Investigation", ... */
async function trail(page: Page): Promise<string[]> {
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await expect(crumbs.first()).toBeVisible();
  return (await crumbs.allInnerTexts()).map((text) => text.replace(/\/\s*$/, '').trim());
}

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** Where each line of an element's text begins, as indices into its text (across nested elements). */
const lineStarts = (locator: Locator) =>
  locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const starts: number[] = [];
    let lineTop = -Infinity;
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < node.textContent!.length; index++) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const { top, width } = range.getBoundingClientRect();
        if (width > 0 && top > lineTop + 1) {
          starts.push(offset + index);
          lineTop = top;
        }
      }
      offset += node.textContent!.length;
    }
    return starts;
  });

test.describe('breadcrumbs', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a detail screen's trail is its list's trail, then the list, then itself", async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const admin = await createAccount('admin');
    const member = await createAccount('investigator', { lastName: `Crumb ${tag}` });
    const pairs: [list: string, detail: string][] = [
      ['/cases', `/cases/${await created(admin, '/api/cases', { title: `Crumb case ${tag}` })}`],
      [
        '/groups',
        `/groups/${await created(admin, '/api/groups', { name: `Crumb group ${tag}`, userIds: [] })}`,
      ],
      [
        '/automations',
        `/automations/${await created(admin, '/api/automations', { systemName: `crumb-${tag}`, description: 'Crumbs' })}`,
      ],
      ['/team-members', `/team-members/${member.id}`],
      ['/identifiers', '/identifiers/new'],
    ];
    await signIn(page, admin);
    for (const [list, detail] of pairs) {
      await page.goto(list);
      const listTrail = await trail(page);
      const listTitle = await page.getByRole('heading', { level: 1 }).innerText();
      expect(listTrail.at(-1), `${list}: the trail ends with the list`).toBe(listTitle);

      await page.goto(detail);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(listTitle);
      const detailTrail = await trail(page);
      expect(detailTrail.slice(0, -1), `${detail}: the list's trail, then itself`).toEqual(listTrail);
      const listCrumb = page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: listTitle });
      await expect(listCrumb, `${detail}: the list's crumb links to it`).toHaveAttribute('href', list);
    }
  });

  test('the Identifiers screen stays under Data Management (spec 2.3)', async ({ page }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/identifiers');
    expect(await trail(page)).toEqual(['Home', 'Data Management', 'Identifiers']);
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test("the validation queue's filters fold, so its first row shows on the first screen", async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    const api = await apiAs(investigator.email, investigator.password);
    const res = await api.post('/api/identifiers/import', {
      data: { items: [{ type: 'email', data: { address: `fold-${tag}@queue.example` } }] },
    });
    expect(res.status(), await res.text()).toBe(200);
    await api.dispose();
    await signIn(page, investigator);
    await page.goto('/validation');

    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await expect(firstRow.getByRole('link').first()).toBeVisible();
    const filters = page.getByRole('group', { name: 'Filters', exact: true });
    await expect(filters).toBeHidden();
    await expect(page.getByRole('combobox', { name: /^Status/ })).toBeVisible();
    // Below the heading, the status and the Filters button: about 420 px down (unfolded, the four
    // filters and their buttons put it at about 680).
    const rowTop = (await firstRow.boundingBox())!.y;
    expect(rowTop, 'the first row, from the top of the page').toBeLessThan(500);
    await noHorizontalScroll(page);

    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filters.getByRole('combobox', { name: /^Type/ })).toBeVisible();
    await expect(filters.getByRole('combobox', { name: /^Sort/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'the validation queue with its filters shown on a phone');
    await filters.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'Email' }).click();
    await expect(page).toHaveURL(/type=email/);
    // The button counts what it folds away.
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await noHorizontalScroll(page);
  });

  test("a case's selected tab shows whole beside Carbon's scroll arrows, on load and when chosen", async ({
    page,
  }) => {
    const admin = await createAccount('admin');
    const caseId = await created(admin, '/api/cases', { title: 'Tabs on a phone' });
    await signIn(page, admin);

    const tablist = page.getByRole('tablist', { name: 'Case sections' });
    type Measured = Window & { hiddenOf: (tab: Element) => number; mostHidden: number };
    /** Puts on the page how many pixels of a tab lie under whichever scroll arrow is shown or outside the list. */
    const measureTabs = () =>
      page.evaluate(() => {
        (window as unknown as Measured).hiddenOf = (element) => {
          const box = element.getBoundingClientRect();
          const list = element.closest('[role="tablist"]')!.getBoundingClientRect();
          let [left, right] = [list.left, list.right];
          const arrows = element.closest('.cds--tabs')!.querySelectorAll('.cds--tab--overflow-nav-button');
          for (const arrow of Array.from(arrows)) {
            const arrowBox = arrow.getBoundingClientRect();
            if (arrowBox.width === 0) continue;
            if (arrowBox.left < box.left) left = Math.max(left, arrowBox.right);
            else right = Math.min(right, arrowBox.left);
          }
          return Math.max(0, Math.round(left - box.left)) + Math.max(0, Math.round(box.right - right));
        };
      });
    /** The tab lies inside the list's visible part, clear of whichever scroll arrow is shown. */
    const expectWhole = async (name: string) => {
      const tab = tablist.getByRole('tab', { name });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const hidden = () => tab.evaluate((element) => (window as unknown as Measured).hiddenOf(element));
      await expect.poll(hidden, { message: `${name}: pixels hidden` }).toBe(0);
    };

    await page.goto(`/cases/${caseId}?tab=history`);
    await measureTabs();
    await expectWhole('History');
    await tablist.getByRole('tab', { name: 'Timeline' }).click();
    await expectWhole('Timeline');
    // The list moves to the chosen tab in one step: an animated scroll passes through positions that
    // leave the tab under the arrow, where Carbon's copy of the position can stop it on a busy phone.
    await tablist.evaluate((list) => {
      const measured = window as unknown as Measured;
      measured.mostHidden = 0;
      const identifiers = Array.from(list.querySelectorAll('[role="tab"]')).find(
        (tab) => tab.textContent === 'Identifiers',
      )!;
      list.addEventListener('scroll', () => {
        measured.mostHidden = Math.max(measured.mostHidden, measured.hiddenOf(identifiers));
      });
    });
    // Chosen without the scroll into view a Playwright click makes first, which the watch would count.
    await tablist.getByRole('tab', { name: 'Identifiers' }).dispatchEvent('click');
    await expectWhole('Identifiers');
    expect(await page.evaluate(() => (window as unknown as Measured).mostHidden)).toBe(0);
    await noHorizontalScroll(page);
  });

  test("a team member's e-mail wraps after its @ and before a dot, not at its hyphens", async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const admin = await createAccount('admin');
    const email = `erin-reports.${tag}@scam-watch.example.org`;
    const api = await apiAs(admin.email, admin.password);
    const res = await api.post('/api/users', {
      data: {
        email,
        password: 'e2e password 123',
        firstName: 'Erin',
        lastName: `Hyphen ${tag}`,
        role: 'investigator',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await api.dispose();
    await signIn(page, admin);
    await page.goto(`/team-members?search=${tag}`);

    // The row reads as the address, unbroken, to assistive technology.
    await expect(page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toBeVisible();
    const cell = page
      .getByRole('row')
      .filter({ hasText: `Hyphen ${tag}` })
      .locator('td[data-label="Email"]');
    await expect(cell).toHaveText(email);
    const value = cell.locator('.email-text');
    const starts = await lineStarts(value);
    expect(starts.length, 'the address wraps on a phone').toBeGreaterThan(1);
    for (const start of starts.slice(1)) {
      expect(
        email[start - 1] === '@' || email[start] === '.',
        `line break before "${email.slice(start)}"`,
      ).toBe(true);
    }
    await noHorizontalScroll(page);
  });

  test('the notifications panel and the toasts use the width of the phone', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    await created(investigator, '/api/cases', { title: `Toast width ${tag}` });
    await signIn(page, investigator);
    await page.goto(`/cases?search=${tag}`);

    await expect(
      page.getByRole('table', { name: 'Cases' }).getByRole('link', { name: `Toast width ${tag}` }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Choose every case of the page' }).check({ force: true });
    await page
      .getByRole('group', { name: 'Actions on the chosen cases' })
      .getByRole('button', { name: 'Assign to me' })
      .click();
    const toast = page
      .locator('.app-toasts .cds--toast-notification')
      .filter({ hasText: 'Cases assigned to you' });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    // Between the page's 16 px margins.
    expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 2 * 16 - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.locator('.app-header-panel.cds--header-panel--expanded');
    await expect(panel.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await expect.poll(async () => (await panel.boundingBox())!.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    await noHorizontalScroll(page);
  });
});

test.describe('on a phone (390 px), page actions', () => {
  test.use({ viewport: PHONE });

  test("a screen's actions fill the lines they take below its heading", async ({ page }) => {
    const admin = await createAccount('admin');
    const groupId = await created(admin, '/api/groups', { name: 'Actions on a phone', userIds: [] });
    await signIn(page, admin);
    for (const [url, action] of [
      [`/groups/${groupId}`, 'Delete group'],
      ['/cases', 'New case'],
    ]) {
      await page.goto(url);
      await expect(page.locator('.page-layout__actions').getByRole('button', { name: action })).toBeVisible();
      const gaps = await page.locator('.page-layout__actions').evaluate((actions) => {
        const right = actions.getBoundingClientRect().right;
        const lineEnds = new Map<number, number>();
        for (const action of Array.from(actions.children)) {
          const box = action.getBoundingClientRect();
          if (box.width === 0) continue;
          const top = Math.round(box.top);
          lineEnds.set(top, Math.max(lineEnds.get(top) ?? 0, box.right));
        }
        return {
          right: Math.round(right),
          ends: [...lineEnds.values()].map((end) => Math.round(right - end)),
        };
      });
      expect(gaps.right, `${url}: the actions span the page`).toBe(PHONE.width - 16);
      expect(gaps.ends, `${url}: each line filled`).toEqual(gaps.ends.map(() => 0));
    }
  });
});

test.describe('list toolbars on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test("the identifiers' and the evidence's filters fold, so the list starts on the first screen", async ({
    page,
  }) => {
    await signIn(page, await createAccount('admin'));

    // Identifiers (spec 2.3): the search and Add Identifier stay; Filters holds the type, the order and
    // Clear filters (disabled while nothing is set); a menu holds the downloads and Import.
    await page.goto('/identifiers');
    const toolbar = page.getByRole('group', { name: 'Identifier filters and actions' });
    await expect(page.getByPlaceholder('Search by display value...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Identifier' })).toBeVisible();
    const filters = page.getByRole('group', { name: 'Filters', exact: true });
    await expect(filters).toBeHidden();
    // The search on one line, Filters, the menu and Add Identifier on the next (unfolded: five lines).
    await expect.poll(async () => (await toolbar.boundingBox())!.height).toBeLessThanOrEqual(2 * 48 + 1);
    await noHorizontalScroll(page);
    await page.getByRole('button', { name: 'More actions' }).click();
    for (const item of ['Download CSV', 'Download STIX', 'Import']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(filters.getByRole('combobox', { name: 'Type' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    await expectNoSeriousViolations(page, 'the identifiers toolbar with its filters shown on a phone');
    await filters.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Zelle' }).click();
    await expect(page).toHaveURL(/type=zelle/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
    await noHorizontalScroll(page);

    // Evidence: the search, then Filters and the actions; Clear filters only once there is something to clear.
    await page.goto('/evidence');
    const evidenceBar = page.getByRole('group', { name: 'Evidence filters and actions' });
    await expect(evidenceBar.getByRole('button', { name: 'Add evidence' })).toBeVisible();
    await expect(filters).toBeHidden();
    // Unfolded, the case, tag and kind filters and Clear filters took two lines more (five in all).
    await expect.poll(async () => (await evidenceBar.boundingBox())!.height).toBeLessThanOrEqual(3 * 48 + 1);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(filters.getByRole('combobox', { name: 'Kind' })).toBeVisible();
    await expect(filters.getByRole('combobox', { name: 'Case' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Clear filters' })).toBeHidden();
    await expectNoSeriousViolations(page, 'the evidence toolbar with its filters shown on a phone');
    await noHorizontalScroll(page);
  });

  test("the team's, the community's and the automations' filters fold as every other list's do", async ({
    page,
  }) => {
    await signIn(page, await createAccount('admin'));
    for (const [url, search, filterNames, action] of [
      ['/team-members', 'Search team members', ['Role', 'Status'], 'Invite member'],
      ['/team-members?tab=community', 'Search community members', ['Status'], 'Add community member'],
      ['/automations', 'Search automations', ['Status'], null],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('searchbox', { name: search })).toBeVisible();
      const filters = page.getByRole('group', { name: 'Filters', exact: true });
      await expect(filters, url).toBeHidden();
      if (action) await expect(page.getByRole('button', { name: action })).toBeVisible();
      // Nothing to clear yet: Clear filters takes no room on the phone.
      await expect(page.getByRole('button', { name: 'Clear filters' }), url).toBeHidden();
      await noHorizontalScroll(page);
      const toggle = page.getByRole('button', { name: 'Filters', exact: true });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      for (const name of filterNames) await expect(filters.getByRole('combobox', { name })).toBeVisible();
      await expectNoSeriousViolations(page, `${url}: the filters shown on a phone`);
      await filters.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option').nth(1).click();
      await expect(page).toHaveURL(/status=/);
      await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear filters' }).first()).toBeVisible();
      await noHorizontalScroll(page);
    }
  });

  test('a long trail keeps to one line, leaving out a section with no page of its own', async ({ page }) => {
    await signIn(page, await createAccount('investigator'));
    await page.goto('/identifiers/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Identifier' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
    const crumbs = nav.getByRole('listitem');
    // Home / Identifiers / New Identifier, where the whole trail took two lines. "Data Management" links
    // nowhere: Carbon's overflow menu held it alone, disabled, and is not shown.
    await expect(crumbs).toHaveCount(3);
    const tops = await crumbs.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `crumbs at ${tops.join(', ')}`).toBe(1);
    await expect(nav.getByRole('link', { name: 'Identifiers' })).toHaveAttribute('href', '/identifiers');
    await expect(nav.getByRole('button', { name: 'More of the trail' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the folded trail on a phone');
    await noHorizontalScroll(page);
  });
});

test.describe('list toolbars and tables on a laptop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** The tops of the element's visible children, rounded. */
  const childTops = (locator: Locator) =>
    locator.evaluate((element) =>
      Array.from(element.querySelectorAll(':scope > *, :scope > .filter-fold > *'))
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .map((box) => Math.round(box.top)),
    );

  test("validation's toolbar keeps to one line, and evidence's Clear filters sits with its filters", async ({
    page,
  }) => {
    await signIn(page, await createAccount('investigator'));
    await page.goto('/validation');
    const queueBar = page.getByRole('group', { name: 'Queue filters' });
    await expect(queueBar.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    expect(new Set(await childTops(queueBar)).size, 'lines of the validation toolbar').toBe(1);
    // With a type chosen ("Type: Crypto Wallet" and Clear filters enabled) it took two lines.
    await queueBar.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Crypto Wallet' }).click();
    await expect(queueBar.getByRole('combobox', { name: 'Type' })).toContainText('Type: Crypto Wallet');
    await expect(queueBar.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
    expect(new Set(await childTops(queueBar)).size, 'lines of the toolbar with a type chosen').toBe(1);
    // A value the line has no room for ends in an ellipsis rather than wrapping the line.
    await queueBar.getByRole('combobox', { name: 'Reported by' }).click();
    await page.getByRole('option', { name: 'Community members' }).click();
    await expect(page).toHaveURL(/reportedBy=community_member/);
    expect(new Set(await childTops(queueBar)).size, 'lines of the toolbar with two chosen').toBe(1);
    await expectNoSeriousViolations(page, 'the validation toolbar with two filters chosen');

    await page.goto('/evidence');
    const filters = page.getByRole('group', { name: 'Filters', exact: true });
    await expect(filters.getByRole('combobox', { name: 'Kind' })).toBeVisible();
    expect(new Set(await childTops(filters)).size, 'lines of the evidence filters').toBe(1);
    // "All cases" and "All tags" read as values, as "All kinds" beside them does, not as grey placeholders.
    await created(await createAccount('admin'), '/api/tags', {
      name: `polish-${randomBytes(3).toString('hex')}`,
      color: 'red',
    });
    await page.reload();
    await expect(filters.getByRole('combobox', { name: 'Tag' })).toHaveAttribute('placeholder', 'All tags');
    const colours = await page.evaluate(() => {
      const placeholder = (id: string) =>
        getComputedStyle(document.querySelector<HTMLInputElement>(id)!, '::placeholder').color;
      const kind = document.querySelector('#evidence-kind .cds--list-box__label')!;
      return {
        case: placeholder('#evidence-case'),
        tag: placeholder('#evidence-tag'),
        kind: getComputedStyle(kind).color,
      };
    });
    expect(colours.case, 'the colour of "All cases"').toBe(colours.kind);
    expect(colours.tag, 'the colour of "All tags"').toBe(colours.kind);
    expect(new Set(await childTops(filters)).size, 'lines of the evidence filters with the tag').toBe(1);
  });

  test('the team members\' search, filters, Clear filters and "Invite member" keep to one line', async ({
    page,
  }) => {
    await signIn(page, await createAccount('admin'));
    await page.goto('/team-members');
    const invite = page.getByRole('button', { name: 'Invite member' });
    await expect(invite).toBeVisible();
    // The Filters button is the phone's only: it takes no room here.
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
    const tops = await childTops(page.locator('.list-toolbar'));
    // "Invite member" took a line of its own.
    expect(new Set(tops).size, `toolbar children at ${tops.join(', ')}`).toBe(1);
  });

  test('a chosen filter of the case list shows its name and its choice whole', async ({ page }) => {
    const admin = await createAccount('admin');
    const tag = randomBytes(3).toString('hex');
    const groupId = await created(admin, '/api/groups', { name: `Fraud desk ${tag}`, userIds: [] });
    const tagId = await created(admin, '/api/tags', { name: `phishing-${tag}`, color: 'red' });
    await signIn(page, admin);
    await page.goto(`/cases?groupId=${groupId}&tagId=${tagId}`);
    const group = page.getByRole('combobox', { name: 'Group' });
    const tagFilter = page.getByRole('combobox', { name: 'Tag' });
    await expect(group).toHaveValue(`Group: Fraud desk ${tag}`);
    await expect(tagFilter).toHaveValue(`Tag: phishing-${tag}`);
    // Six filters in a row cut a chosen one to "Group: ...": a chosen one takes the room it needs.
    for (const field of [group, tagFilter]) {
      const cut = await field.evaluate((input) => input.scrollWidth > input.clientWidth);
      expect(cut, `${await field.inputValue()} is cut short`).toBe(false);
    }
    await expectNoSeriousViolations(page, 'the case list with a group and a tag chosen');
  });

  test("a team member's dates do not wrap", async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const admin = await createAccount('admin');
    const api = await apiAs(admin.email, admin.password);
    const res = await api.post('/api/users', {
      data: {
        email: `a-rather-long-address.${tag}@investigations.scam-watch.example.org`,
        password: 'e2e password 123',
        firstName: 'Maximiliana',
        lastName: `Wolfeschlegel-Steinhausen ${tag}`,
        role: 'investigator',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await api.dispose();
    await signIn(page, admin);
    await page.goto(`/team-members?search=${tag}`);
    const row = page.getByRole('row').filter({ hasText: `Steinhausen ${tag}` });
    for (const column of ['Member since', 'Last sign-in']) {
      const cell = row.locator(`td[data-label="${column}"]`);
      await expect(cell).not.toBeEmpty();
      expect(await lineStarts(cell), `${column}: lines`).toHaveLength(1);
    }
  });
});

test.describe("a case's side panels", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('"Link a case" lines up its words with the panel\'s heading and hint', async ({ page }) => {
    const admin = await createAccount('admin');
    const caseId = await created(admin, '/api/cases', { title: 'Side panel alignment' });
    await signIn(page, admin);
    await page.goto(`/cases/${caseId}`);

    const panel = page.getByRole('complementary', { name: 'Linked cases' });
    const link = panel.getByRole('button', { name: 'Link a case' });
    await expect(link).toBeVisible();
    /** Where the element's first letter starts, from the left of the page. */
    const textLeft = (locator: Locator) =>
      locator.evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let node = walker.nextNode();
        while (node && !node.textContent!.trim()) node = walker.nextNode();
        const range = document.createRange();
        const start = node!.textContent!.search(/\S/);
        range.setStart(node!, start);
        range.setEnd(node!, start + 1);
        return Math.round(range.getBoundingClientRect().left);
      });
    const headingLeft = await textLeft(panel.getByRole('heading', { name: 'Linked cases' }));
    // A ghost button's padding put its words 16 px to the right of everything else in the panel.
    expect(await textLeft(link), 'the left of "Link a case"').toBe(headingLeft);
    expect(await textLeft(panel.getByText('No linked cases yet')), 'the left of the empty text').toBe(
      headingLeft,
    );
  });
});

for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
  const phone = viewport === PHONE;
  test.describe(`a list loading at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`looks like the list it loads: ${phone ? 'cards' : 'a table'}`, async ({ page }) => {
      await signIn(page, await createAccount('investigator'));
      // The list's answer is held back, so the skeleton stays on screen while it is measured.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/cases(\?|$)/, async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await page.goto('/cases');
      const table = page.locator('.cds--data-table.cds--skeleton');
      const cards = page.locator('.table-loading__card');
      if (phone) {
        // A squeezed eight-column table stood for rows that load as cards.
        await expect(cards).toHaveCount(10);
        await expect(cards.first()).toBeVisible();
        await expect(table).toBeHidden();
        // As a loaded card: the title line, then each column's label beside its value.
        await expect(cards.first().locator('.table-loading__label')).toHaveText([
          'Status',
          'Priority',
          'Scam type',
          'Assignees',
          'Entries',
          'Last activity',
        ]);
        const card = await cards.first().boundingBox();
        expect(card!.width).toBeGreaterThan(viewport.width - 64);
        await noHorizontalScroll(page);
      } else {
        await expect(table).toBeVisible();
        await expect(cards.first()).toBeHidden();
      }
      if (process.env.SKELETON_SHOTS) {
        await page.screenshot({ path: `${process.env.SKELETON_SHOTS}/cases-loading-${viewport.width}.png` });
      }
      release();
    });
  });
}

test.describe('a page that failed to load, on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test("the case page's failure notice takes the width of the page", async ({ page }) => {
    const admin = await createAccount('investigator');
    const caseId = await created(admin, '/api/cases', { title: 'Failing on a phone' });
    await signIn(page, admin);
    await page.route(new RegExp(`/api/cases/${caseId}$`), (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'The server failed' } }),
      }),
    );
    await page.goto(`/cases/${caseId}`);
    const notice = page
      .locator('.cds--actionable-notification')
      .filter({ hasText: 'Failed to load the case' });
    await expect(notice).toBeVisible();
    // Carbon keeps an inline notification to 18rem (288 px) below its md breakpoint; the page's content
    // is 358 px wide here (390 less its 16 px margins).
    const width = await notice.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(340);
    await noHorizontalScroll(page);
    await expectNoSeriousViolations(page, "the case page's failure notice on a phone");
  });
});
