/**
 * Two builds of the web app side by side, compared element by element (not part of `npm test`), on
 * PostgreSQL:
 *
 *   npm run build   # when comparing with this checkout's build
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:styles -- <before> [<after>]
 *
 * `before` (and `after`, when given) are git revisions, each built from git as the side-by-side
 * benchmark builds one (bench/lib/revision.ts), web app included; without `after`, this checkout's
 * compiled server and web app (`npm run build`) stand for it. Both servers run on one throw-away
 * database, seeded through the API (identifiers, a case with an entry), and Chromium opens the same
 * screens and dialogs in both, at 1280 and 390 px (`states`). Once the page is still (network idle,
 * fonts loaded, no animation running, and two captures a few frames apart the same), every element of
 * the body gets its computed style (every property, and `::before` and `::after` where they have
 * content) and its box, and the two builds' values are compared element by element (by their place in
 * the document). It prints, per state, how many elements differ, and each difference; writes
 * bench/results/styles-side-by-side.md, and exits 1 when anything differs or a state could not be
 * reached.
 *
 * For changes that must not change what the user sees: how stylesheets are split or ordered, chunk
 * groups, Carbon's styles per component (docs/benchmarks.md, "Bundle size"). Data that changes between
 * the two visits (times shown as "x minutes ago") could differ; the seeded screens show none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { findChromium } from '../e2e/support/chromium';
import { openBenchDatabase } from './lib/bench-database';
import { apiPost } from './lib/http-post';
import { buildRevision } from './lib/revision';
import { startBuiltServer, type ServerProcess } from './lib/server-process';
import { signIn } from './lib/sign-in';

const root = fileURLToPath(new URL('../', import.meta.url));
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const EMAIL = 'styles@bench.example';
const PASSWORD = 'styles side by side 1';
const WIDTHS = [1280, 390];
/** Differences printed per state; the count is always whole. */
const SHOWN = 40;

/**
 * Every element of the body: its computed style and box, keyed by its place (`body>div[1]>main[1]`).
 * A string run in the page, not a function: the page's CSP forbids nothing here, but tsx's helpers
 * would not exist there.
 */
const CAPTURE = `(() => {
  const out = {};
  const styleOf = (cs) => {
    const style = {};
    for (let i = 0; i < cs.length; i++) style[cs[i]] = cs.getPropertyValue(cs[i]);
    return style;
  };
  const walk = (el, path) => {
    const r = el.getBoundingClientRect();
    out[path] = { ...styleOf(getComputedStyle(el)), box: [r.x, r.y, r.width, r.height].map(Math.round).join(',') };
    for (const pseudo of ['::before', '::after']) {
      const ps = getComputedStyle(el, pseudo);
      if (ps.content && ps.content !== 'none') out[path + pseudo] = styleOf(ps);
    }
    const counts = {};
    for (const child of el.children) {
      const tag = child.tagName.toLowerCase();
      counts[tag] = (counts[tag] || 0) + 1;
      walk(child, path + '>' + tag + '[' + counts[tag] + ']');
    }
  };
  walk(document.body, 'body');
  return out;
})()`;

type Capture = Record<string, Record<string, string>>;

interface State {
  name: string;
  path: string;
  act?: (page: Page) => Promise<void>;
}

const dialog = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await page.getByRole('dialog').first().waitFor();
};
const tab = (name: string, then?: (page: Page) => Promise<void>) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click();
  if (then) await then(page);
};
/** On a phone the list's Import sits in its overflow menu. */
const importDialog = async (page: Page) => {
  const button = page.getByRole('button', { name: 'Import', exact: true });
  if (await button.isVisible()) await button.click();
  else {
    await page.getByRole('button', { name: 'More actions' }).first().click();
    await page.getByRole('menuitem', { name: 'Import' }).click();
  }
  await page.getByRole('dialog').first().waitFor();
};

function states(caseId: string): State[] {
  const aCase = `/cases/${caseId}`;
  return [
    { name: 'identifiers', path: '/identifiers' },
    { name: 'identifiers: add', path: '/identifiers', act: dialog('Add Identifier') },
    { name: 'identifiers: import', path: '/identifiers', act: importDialog },
    {
      name: 'identifiers: detail',
      path: '/identifiers',
      act: async (page) => {
        await page.getByText('first-row@example.org').first().click();
        await page.getByRole('dialog').first().waitFor();
      },
    },
    { name: 'cases', path: '/cases' },
    { name: 'cases: new', path: '/cases', act: dialog('New case') },
    { name: 'case', path: aCase },
    { name: 'case: add entry', path: aCase, act: dialog('Add entry') },
    { name: 'case: edit', path: aCase, act: dialog('Edit') },
    { name: 'case: dossier', path: aCase, act: dialog('Export dossier') },
    { name: 'case: evidence', path: aCase, act: tab('Evidence') },
    { name: 'case: add evidence', path: aCase, act: tab('Evidence', dialog('Add evidence')) },
    { name: 'case: tasks', path: aCase, act: tab('Tasks') },
    { name: 'case: add task', path: aCase, act: tab('Tasks', dialog('Add task')) },
    { name: 'case: identifiers', path: aCase, act: tab('Identifiers') },
    { name: 'case: history', path: aCase, act: tab('History') },
    { name: 'team members', path: '/team-members' },
    { name: 'team members: invite', path: '/team-members', act: dialog('Invite member') },
    { name: 'community members', path: '/team-members', act: tab('Community members') },
    { name: 'profile', path: '/profile' },
    { name: 'admin', path: '/admin' },
    { name: 'automations', path: '/automations' },
    { name: 'automations: new', path: '/automations', act: dialog('New automation') },
    { name: 'export streams', path: '/export-streams' },
    { name: 'evidence', path: '/evidence' },
    { name: 'validation', path: '/validation' },
    { name: 'tags', path: '/tags' },
    { name: 'groups', path: '/groups' },
    { name: 'search', path: '/search?q=first' },
    { name: 'new identifier', path: '/identifiers/new' },
    { name: 'components', path: '/components' },
    { name: 'tables', path: '/tables' },
    { name: 'profile test', path: '/profile-test' },
    { name: 'originator badges', path: '/components/originator-badge' },
  ];
}

/** Network idle, fonts loaded, no animation running (twice: an animation can start as one ends). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate('document.fonts.ready.then(() => true)');
  for (let i = 0; i < 2; i++) {
    await page.waitForFunction("document.getAnimations().every((a) => a.playState !== 'running')");
  }
}

/**
 * The page's styles once they hold still: captured until two captures a few frames apart agree (a list
 * still loading, a tab strip still scrolling its selected tab into view, would otherwise differ between
 * the two builds by when they were caught).
 */
async function stableCapture(page: Page): Promise<Capture> {
  let last = '';
  for (let attempt = 0; attempt < 20; attempt++) {
    await settle(page);
    const text = JSON.stringify(await page.evaluate(CAPTURE));
    if (text === last) return JSON.parse(text) as Capture;
    last = text;
    await page.evaluate('new Promise((resolve) => setTimeout(resolve, 250))');
  }
  throw new Error('the page did not hold still');
}

async function captureState(context: BrowserContext, state: State): Promise<Capture> {
  const page = await context.newPage();
  try {
    await page.goto(state.path);
    await settle(page);
    if (state.act) await state.act(page);
    return await stableCapture(page);
  } finally {
    await page.close();
  }
}

/** `place: property: before -> after | ...` for each element whose style or box differs. */
function differences(before: Capture, after: Capture): string[] {
  const lines: string[] = [];
  for (const place of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[place];
    const b = after[place];
    if (!a || !b) {
      lines.push(`${place}: only ${a ? 'before' : 'after'}`);
      continue;
    }
    const changed = [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((property) => a[property] !== b[property])
      .map((property) => `${property}: ${a[property]} -> ${b[property]}`);
    if (changed.length) lines.push(`${place}: ${changed.join(' | ')}`);
  }
  return lines;
}

async function seed(origin: string, cookie: string): Promise<string> {
  const post = (path: string, body: unknown) => apiPost(origin, cookie, path, body);
  await post('/api/identifiers/import', {
    items: [
      { type: 'email', data: { address: 'first-row@example.org' } },
      { type: 'phone', data: { number: '+14155550123' } },
    ],
  });
  const { id: caseId } = await post('/api/cases', {
    title: 'Styles case',
    description: 'Seen by both builds',
  });
  const entry = await post('/api/journal-entries', {
    type: 'note',
    description: 'First row entry',
    evidence: null,
    identifierIds: [],
  });
  await post(`/api/cases/${caseId}/journal-entries`, { journalEntryId: entry.id });
  return caseId;
}

async function main() {
  const [before, after] = process.argv.slice(2);
  if (!before) throw new Error('usage: npm run bench:styles -- <before> [<after>]');
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    throw new Error(
      'BENCH_DATABASE_URL (or TEST_DATABASE_URL) must name a PostgreSQL server: both builds share its database',
    );
  }
  const scratch = mkdtempSync(join(tmpdir(), 'scamtrail-styles-'));
  const bundles = {
    before: buildRevision(before, join(scratch, 'before'), { web: true }),
    after: after
      ? buildRevision(after, join(scratch, 'after'), { web: true })
      : join(root, 'server/dist/main.mjs'),
  };
  const bench = await openBenchDatabase();
  const servers: ServerProcess[] = [];
  const report: string[] = [];
  let failed = false;
  try {
    const env = (side: string) => ({
      DATABASE_URL: bench.url!,
      DATA_DIR: join(scratch, `data-${side}`),
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    });
    // One after the other: the first migrates the database, the second finds it migrated.
    const sides = {
      before: await startBuiltServer(bundles.before, env('before')),
      after: undefined as unknown as ServerProcess,
    };
    servers.push(sides.before);
    sides.after = await startBuiltServer(bundles.after, env('after'));
    servers.push(sides.after);
    const cookies = {
      before: await signIn(sides.before.origin, EMAIL, PASSWORD),
      after: await signIn(sides.after.origin, EMAIL, PASSWORD),
    };
    const caseId = await seed(sides.after.origin, cookies.after);
    const browser = await chromium.launch({ executablePath: findChromium() });
    try {
      for (const width of WIDTHS) {
        const context = async (side: 'before' | 'after') => {
          const c = await browser.newContext({
            baseURL: sides[side].origin,
            viewport: { width, height: 900 },
            reducedMotion: 'reduce',
            // waitForFunction polls with a string the app's CSP would refuse to evaluate.
            bypassCSP: true,
          });
          const [name, value] = cookies[side].split('=');
          await c.addCookies([{ name, value, url: sides[side].origin }]);
          return c;
        };
        const contexts = { before: await context('before'), after: await context('after') };
        for (const state of states(caseId)) {
          const heading = `${state.name} at ${width} px`;
          try {
            const lines = differences(
              await captureState(contexts.before, state),
              await captureState(contexts.after, state),
            );
            if (lines.length) failed = true;
            report.push(`## ${heading}: ${lines.length} element(s) differ`, ...lines.slice(0, SHOWN));
            console.log(`${heading}: ${lines.length} element(s) differ`);
            for (const line of lines.slice(0, SHOWN)) console.log(`  ${line.slice(0, 400)}`);
          } catch (error) {
            failed = true;
            const message = (error as Error).message.split('\n')[0];
            report.push(`## ${heading}: not reached (${message})`);
            console.log(`${heading}: not reached (${message})`);
          }
        }
        await Promise.all(Object.values(contexts).map((c) => c.close()));
      }
    } finally {
      await browser.close();
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await bench.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    `${resultsDir}styles-side-by-side.md`,
    [
      `# Computed styles: ${before} against ${after ?? 'this checkout'}`,
      '',
      `${new Date().toISOString()}. Every element's computed style and box, per screen or dialog.`,
      '',
      ...report,
      '',
    ].join('\n'),
  );
  console.log(failed ? 'Differences found (bench/results/styles-side-by-side.md)' : 'The same everywhere');
  if (failed) process.exitCode = 1;
}

await main();
