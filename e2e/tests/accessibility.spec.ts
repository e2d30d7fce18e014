import type { Cookie, Locator, Page } from '@playwright/test';
import { documentTitle, ROUTES, type RouteId } from '../../web/src/app/routes';
import { expectNoSeriousViolations } from '../support/axe';
import { expect, serverUrl, sessionCookies, test } from '../support/fixtures';
import { createRecords, type Records } from '../support/records';

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on every route of the route table and on every dialog and header
 * panel: any serious or critical violation fails, listed as rule, impact and target. A new screen is a
 * line in ROUTE_VISITS (the route table check below fails until it is there); a new dialog is an entry
 * in DIALOGS.
 */

type Visitor = 'admin' | 'signed-out';
type PathOf = string | ((records: Records) => string);

interface RouteVisit {
  as: Visitor;
  path: PathOf;
}

const asAdmin = (path: PathOf): RouteVisit => ({ as: 'admin', path });
const signedOut = (path: PathOf): RouteVisit => ({ as: 'signed-out', path });

/** How each route of the table is reached, with a real record for detail routes. */
const ROUTE_VISITS: Record<RouteId, RouteVisit> = {
  tags: asAdmin('/tags'),
  'team-members': asAdmin('/team-members'),
  'team-member-detail': asAdmin((r) => `/team-members/${r.member.id}`),
  admin: asAdmin('/admin'),
  identifiers: asAdmin('/identifiers'),
  'identifier-new': asAdmin('/identifiers/new'),
  validation: asAdmin('/validation'),
  evidence: asAdmin('/evidence'),
  cases: asAdmin('/cases'),
  'case-detail': asAdmin((r) => `/cases/${r.caseItem.id}`),
  profile: asAdmin('/profile'),
  search: asAdmin((r) => `/search?q=${encodeURIComponent(r.caseItem.title)}`),
  'profile-test': asAdmin('/profile-test'),
  automations: asAdmin('/automations'),
  'automation-detail': asAdmin((r) => `/automations/${r.automation.id}`),
  'export-streams': asAdmin('/export-streams'),
  groups: asAdmin('/groups'),
  'group-detail': asAdmin((r) => `/groups/${r.group.id}`),
  components: asAdmin('/components'),
  'originator-badge-demo': asAdmin('/components/originator-badge'),
  tables: asAdmin('/tables'),
  login: signedOut('/login'),
  'device-authorization': signedOut('/auth/device'),
  logout: signedOut('/logout'),
  forbidden: asAdmin('/forbidden'),
  'not-found': signedOut('/no-such-page'),
};

/** Opens a dialog or header panel from its page, once loaded, and answers what opened. */
type OpenDialog = (page: Page, records: Records) => Promise<Locator>;

interface DialogVisit {
  path: PathOf;
  open: OpenDialog;
}

type Text = string | ((records: Records) => string);
const textOf = (text: Text, records: Records) => (typeof text === 'string' ? text : text(records));
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** Presses a button of the page, then answers the dialog with this name. */
const byButton =
  (button: Text, dialog: Text): OpenDialog =>
  async (page, r) => {
    await page
      .getByRole('button', { name: textOf(button, r), exact: true })
      .first()
      .click();
    return dialogNamed(page, textOf(dialog, r));
  };

/** Picks an action from the menu of a row (searched for first in lists with a search box). */
const byRowMenu =
  (row: (r: Records) => string, action: string, dialog: Text, searchBox?: string): OpenDialog =>
  async (page, r) => {
    if (searchBox) {
      await page.getByRole('searchbox', { name: searchBox }).fill(row(r));
      // The search is written 300 ms after typing, and its answer replaces the unfiltered list: a menu
      // opened on a row of that list before then may be re-rendered away. Only the row searched for
      // matches, so the list then holds one row.
      await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(1);
    }
    await page.getByRole('button', { name: `Actions for ${row(r)}` }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
    return dialogNamed(page, textOf(dialog, r));
  };

/** Opens a header panel; answers the landmark inside it. */
const headerPanel =
  (button: string, landmark: (page: Page) => Locator): OpenDialog =>
  async (page) => {
    await page.getByRole('banner').getByRole('button', { name: button, exact: true }).click();
    return landmark(page);
  };

const identifiers = (r: Records) => `/identifiers?search=${encodeURIComponent(r.identifier.displayValue)}`;
const identifier = (r: Records) => r.identifier.displayValue;
const group = (r: Records) => `/groups/${r.group.id}`;
const member = (r: Records) => r.member.fullName;
const memberPage = (r: Records) => `/team-members/${r.member.id}`;
const community = '/team-members?tab=community';
const username = (r: Records) => r.communityMember.username;
const automation = (r: Records) => `/automations/${r.automation.id}`;
const caseDetail = (r: Records) => `/cases/${r.caseItem.id}`;

/** A 1×1 PNG for the evidence detail. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens a new case of the signed-in user with one note in its journal (both created through the API). */
async function openCaseWithEntry(page: Page) {
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers: { origin: serverUrl() } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const caseItem = await post('/api/cases', { title: 'Accessibility check' });
  await post('/api/journal-entries', {
    type: 'note',
    description: 'The victim called.',
    caseId: caseItem.id,
    evidence: null,
    identifierIds: [],
  });
  await page.goto(`/cases/${caseItem.id}`);
  const entry = page.getByRole('article', { name: /^Note entry/ });
  await expect(entry).toBeVisible({ timeout: 30_000 });
  return entry;
}

/** Every dialog of the app and the three header panels, each from where a person opens it. */
const DIALOGS: Record<string, DialogVisit> = {
  'create identifier': { path: identifiers, open: byButton('Add Identifier', 'Create New Identifier') },
  'import identifiers': { path: identifiers, open: byButton('Import', 'Import Identifiers') },
  'identifier details': {
    path: identifiers,
    open: byRowMenu(identifier, 'View details', 'Email Details'),
  },
  'edit identifier': { path: identifiers, open: byRowMenu(identifier, 'Edit', 'Edit Email') },
  'delete identifier': { path: identifiers, open: byRowMenu(identifier, 'Delete', 'Delete identifier') },
  'originator badge, identifier list': {
    path: identifiers,
    open: async (page, r) => {
      const row = page.getByRole('row').filter({ hasText: r.identifier.displayValue });
      await row.getByRole('button', { name: /\(Team\)$/ }).click();
      return dialogNamed(page, 'Originator Details');
    },
  },
  'originator badge, demo page': {
    path: '/components/originator-badge',
    open: async (page) => {
      const tile = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Team member', exact: true }) });
      await tile.getByRole('button').click();
      return dialogNamed(page, 'Originator Details');
    },
  },
  'add evidence, files': { path: '/evidence', open: byButton('Add evidence', 'Add evidence') },
  'add evidence, written text': {
    path: '/evidence',
    open: async (page, r) => {
      const dialog = await byButton('Add evidence', 'Add evidence')(page, r);
      await dialog.getByRole('tab', { name: 'Written text' }).click();
      return dialog;
    },
  },
  'evidence details': {
    path: '/evidence',
    open: async (page) => {
      // An image: the detail then has its preview, download, hash and chain of custody.
      const res = await page.request.post('/api/evidence', {
        headers: { origin: serverUrl() },
        multipart: {
          title: 'Accessibility check screenshot',
          file: { name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      await page.goto(`/evidence?open=${id}`);
      const dialog = dialogNamed(page, 'Accessibility check screenshot');
      await expect(dialog.getByRole('table', { name: 'Chain of custody' })).toBeVisible();
      return dialog;
    },
  },
  'edit evidence': {
    path: '/evidence',
    open: async (page) => {
      const res = await page.request.post('/api/evidence', {
        headers: { origin: serverUrl() },
        data: { title: 'Accessibility check statement', body: 'Taken over the phone.' },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      await page.goto(`/evidence?open=${id}`);
      const detail = dialogNamed(page, 'Accessibility check statement');
      await detail.getByRole('button', { name: 'Edit', exact: true }).click();
      return dialogNamed(page, 'Edit evidence');
    },
  },
  'new case': { path: '/cases', open: byButton('New case', 'New case') },
  'edit case, case list': {
    path: (r) => `/cases?search=${encodeURIComponent(r.caseItem.title)}`,
    open: async (page, r) => {
      await page
        .getByRole('button', { name: `Actions for #${r.caseItem.number} ${r.caseItem.title}` })
        .click();
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      return dialogNamed(page, 'Edit case');
    },
  },
  'edit case, case page': { path: caseDetail, open: byButton('Edit', 'Edit case') },
  'close case': { path: caseDetail, open: byButton('Close case', 'Close case') },
  'link a case': { path: caseDetail, open: byButton('Link a case', 'Link a case') },
  'add task': { path: (r: Records) => `${caseDetail(r)}?tab=tasks`, open: byButton('Add task', 'Add task') },
  'archive case': {
    path: caseDetail,
    open: async (page, r) => {
      await page.getByRole('combobox', { name: 'Change status' }).click();
      await page.getByRole('option', { name: 'Archived...' }).click();
      return dialogNamed(page, `Archive case #${r.caseItem.number}?`);
    },
  },
  'add journal entry': {
    path: '/cases',
    open: async (page, r) => {
      await openCaseWithEntry(page);
      return byButton('Add entry', 'Add journal entry')(page, r);
    },
  },
  'remove journal entry': {
    path: '/cases',
    open: async (page) => {
      const entry = await openCaseWithEntry(page);
      await entry.getByRole('button', { name: /^Actions for/ }).click();
      await page.getByRole('menuitem', { name: 'Remove', exact: true }).click();
      return dialogNamed(page, 'Remove entry');
    },
  },
  'new tag': { path: '/tags', open: byButton('New tag', 'New tag') },
  'edit tag': { path: '/tags', open: byRowMenu((r) => r.tagName, 'Edit', 'Edit tag', 'Search tags') },
  'delete tag': {
    path: '/tags',
    open: byRowMenu(
      (r) => r.tagName,
      'Delete',
      (r) => `Delete tag “${r.tagName}”?`,
      'Search tags',
    ),
  },
  'new group': { path: '/groups', open: byButton('New group', 'New group') },
  'edit group': { path: group, open: byButton('Edit group', 'Edit group') },
  'delete group': { path: group, open: byButton('Delete group', (r) => `Delete group “${r.group.name}”?`) },
  'remove group member': {
    path: group,
    open: byButton(
      (r) => `Remove ${member(r)}`,
      (r) => `Remove ${member(r)}?`,
    ),
  },
  'invite team member': { path: '/team-members', open: byButton('Invite member', 'Invite member') },
  'change role': {
    path: '/team-members',
    open: byRowMenu(member, 'Change role', 'Change role', 'Search team members'),
  },
  'disable team member': {
    path: '/team-members',
    open: byRowMenu(member, 'Disable', (r) => `Disable ${member(r)}?`, 'Search team members'),
  },
  'edit team member': { path: memberPage, open: byButton('Edit member', 'Edit team member') },
  'disable, team member page': {
    path: memberPage,
    open: byButton('Disable', (r) => `Disable ${member(r)}?`),
  },
  'add community member': {
    path: community,
    open: byButton('Add community member', 'Add community member'),
  },
  'edit community member': {
    path: community,
    open: byRowMenu(username, 'Edit', 'Edit community member', 'Search community members'),
  },
  'deactivate community member': {
    path: community,
    open: byRowMenu(username, 'Deactivate', (r) => `Deactivate ${username(r)}?`, 'Search community members'),
  },
  'adjust reputation': {
    path: community,
    open: byRowMenu(username, 'Adjust reputation', 'Adjust reputation', 'Search community members'),
  },
  'new automation': { path: '/automations', open: byButton('New automation', 'New automation') },
  'edit automation': { path: automation, open: byButton('Edit automation', 'Edit automation') },
  'create API key': { path: automation, open: byButton('Create API key', 'Create API key') },
  'new API key secret': {
    path: automation,
    open: async (page, r) => {
      const form = await byButton('Create API key', 'Create API key')(page, r);
      await form.getByLabel('Name', { exact: true }).fill('accessibility check');
      await form.getByRole('combobox', { name: /^Scopes/ }).fill('tag.vi');
      await page.getByRole('option', { name: 'View tags' }).click();
      await form.getByRole('button', { name: 'Create key' }).click();
      return dialogNamed(page, 'API key created');
    },
  },
  'revoke API key': {
    path: automation,
    open: byButton(
      (r) => `Revoke ${r.apiKeyName}`,
      (r) => `Revoke API key “${r.apiKeyName}”?`,
    ),
  },
  'showcase default modal': { path: '/components', open: byButton('Open default modal', 'Default modal') },
  'showcase danger modal': {
    path: '/components',
    open: byButton('Open danger modal', 'Delete this identifier?'),
  },
  'showcase form modal': { path: '/components', open: byButton('Open form modal', 'Create case') },
  'header search panel': {
    path: '/cases',
    open: headerPanel('Search', (page) =>
      page.getByRole('search', { name: 'Search cases, journals, identifiers and evidence' }),
    ),
  },
  'header notifications panel': {
    path: '/cases',
    open: headerPanel('Notifications', (page) => page.getByRole('region', { name: 'Notifications' })),
  },
  'header user panel': {
    path: '/cases',
    open: headerPanel('User', (page) => page.getByRole('region', { name: 'User' })),
  },
};

const pathOf = (path: PathOf, records: Records) => (typeof path === 'string' ? path : path(records));

/** The screen has its heading and no loading placeholder left (given time: 2 cores run the whole suite). */
async function expectLoaded(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[class*="skeleton"]')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Waits until the opening transition of a dialog or panel is over (half-faded text has no true contrast)
 * and nothing in it is still loading: a field waiting for its options is disabled and aria-busy (its
 * greyed helper text would fail the contrast rule in some runs and not others, with the machine's load).
 */
async function expectSettled(opened: Locator) {
  await expect(opened).toBeVisible();
  await expect
    .poll(() =>
      opened.evaluate((element) => {
        const frame = element.closest('.cds--modal, .cds--header-panel') ?? element;
        const running = frame
          .getAnimations({ subtree: true })
          .filter((animation) => animation.playState === 'running').length;
        return running + frame.querySelectorAll('[aria-busy="true"]').length;
      }),
    )
    .toBe(0);
}

/** Form dialogs checked again once sent empty, with their fields' errors showing. */
const FORMS_SENT_EMPTY = [
  'create identifier',
  'new case',
  'close case',
  'add task',
  'add journal entry',
  'remove journal entry',
  'new tag',
  'new group',
  'invite team member',
  'add community member',
  'new automation',
  'create API key',
] as const;

/** What the dialog checks look at: the open dialog or panel (its page has its own check above). */
const OPEN_DIALOG_OR_PANEL = '.cds--modal.is-visible, .cds--header-panel--expanded';

test.describe('accessibility: axe-core, WCAG 2.1 A and AA', () => {
  // Each check stands alone, so the two workers share them; each worker creates its own records.
  test.describe.configure({ mode: 'parallel' });
  let records: Records;
  /** The records' administrator, signed in once a worker: these checks are about screens, not signing in. */
  let admin: Cookie[];
  test.beforeAll(async () => {
    records = await createRecords();
    admin = await sessionCookies(records.admin);
  });

  test('every route of the route table is in the check', () => {
    expect(Object.keys(ROUTE_VISITS).sort()).toEqual(ROUTES.map((route) => route.id).sort());
  });

  for (const route of ROUTES) {
    test(`route ${route.path} (${route.title})`, async ({ page }) => {
      const visit = ROUTE_VISITS[route.id];
      if (visit.as === 'admin') await page.context().addCookies(admin);
      await page.goto(pathOf(visit.path, records));
      await expect(page).toHaveTitle(documentTitle(route));
      await expectLoaded(page);
      await expectNoSeriousViolations(page, route.path);
    });
  }

  for (const [name, dialog] of Object.entries(DIALOGS)) {
    test(`dialog: ${name}`, async ({ page }) => {
      await page.context().addCookies(admin);
      await page.goto(pathOf(dialog.path, records));
      await expectLoaded(page);
      const opened = await dialog.open(page, records);
      await expectSettled(opened);
      await expectNoSeriousViolations(page, name, OPEN_DIALOG_OR_PANEL);
    });
  }

  for (const name of FORMS_SENT_EMPTY) {
    test(`dialog sent empty, its errors showing: ${name}`, async ({ page }) => {
      const dialog = DIALOGS[name];
      await page.context().addCookies(admin);
      await page.goto(pathOf(dialog.path, records));
      await expectLoaded(page);
      const opened = await dialog.open(page, records);
      await expectSettled(opened);
      // Cleared text fields, then the primary action (the footer's last button).
      for (const field of await opened.locator('input[type="text"], textarea').all()) {
        if (await field.isEditable()) await field.fill('');
      }
      await opened.locator('.cds--modal-footer button').last().click();
      await expect(opened.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoSeriousViolations(page, `${name}, sent empty`, OPEN_DIALOG_OR_PANEL);
    });
  }
});
