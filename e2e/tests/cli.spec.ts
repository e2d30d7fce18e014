import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { apiAs, createAccount, expect, serverUrl, signIn, test, type Account } from '../support/fixtures';

/*
 * The `scamtrail` command end to end, as a user runs it from the repository (cli/bin/scamtrail.mjs,
 * what `npx scamtrail` starts), against this worker's real server: each run is a process of its own
 * with a config directory of its own.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'cli/bin/scamtrail.mjs');
const exec = promisify(execFile);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command to its end; `onOutput` sees its output as it comes (a login's code). */
function scamtrail(
  args: string[],
  env: Record<string, string>,
  onOutput?: (run: Run) => void,
  bin = BIN,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = { code: null, stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk.toString();
      onOutput?.(run);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      run.stderr += chunk.toString();
      onOutput?.(run);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ ...run, code }));
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let scratch: string;
test.beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'scamtrail-cli-e2e-'));
});
test.afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** An automation's API key with the permissions a script of an investigator would use. */
async function apiKey(api: APIRequestContext, unique: string): Promise<string> {
  const automation = await api.post('/api/automations', { data: { systemName: `CLI script ${unique}` } });
  expect(automation.status(), await automation.text()).toBe(201);
  const { id } = (await automation.json()) as { id: string };
  const created = await api.post(`/api/automations/${id}/api-keys`, {
    data: {
      name: 'cli',
      scopes: [
        'case.view',
        'identifier.view',
        'identifier.create',
        'evidence.view',
        'evidence.create',
        'journal_entry.view',
        'journal_entry.create',
        'export.view',
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { key: string }).key;
}

async function setUp() {
  const unique = randomBytes(3).toString('hex');
  const admin: Account = await createAccount('admin');
  const api = await apiAs(admin.email, admin.password);
  const key = await apiKey(api, unique);
  const env = {
    SCAMTRAIL_URL: serverUrl(),
    SCAMTRAIL_TOKEN: key,
    SCAMTRAIL_CONFIG_DIR: join(scratch, 'config'),
  };
  return { unique, admin, api, env };
}

test('imports 1,000 CSV rows in chunks with a progress bar and a result per row', async () => {
  test.setTimeout(120_000);
  const { unique, api, env } = await setUp();
  const rows = Array.from({ length: 1000 }, (_, i) => `email,"cli-${unique}-${i + 1}@example.org"`);
  rows[499] = rows[0]; // row 500 repeats row 1
  rows[999] = 'email,not an address'; // row 1000 is invalid
  const file = join(scratch, 'bank-export.csv');
  await writeFile(file, `type,address\n${rows.join('\n')}\n`);

  const result = await scamtrail(['identifiers', 'import', file, '--chunk-size', '250', '--json'], env);
  // Rows that were not imported make the run a failure, for a script to notice.
  expect(result.code, result.stderr).toBe(1);
  const report = JSON.parse(result.stdout) as {
    rows: number;
    summary: { created: number; duplicates: number; invalid: number };
    results: {
      row: number;
      status: string;
      existingId?: string;
      id?: string;
      errors?: { field: string }[];
    }[];
  };
  expect(report.rows).toBe(1000);
  expect(report.summary).toEqual({ created: 998, duplicates: 1, invalid: 1 });
  expect(report.results.map((row) => row.row)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  expect(report.results[499]).toMatchObject({ status: 'duplicate', existingId: report.results[0].id });
  expect(report.results[999]).toMatchObject({ status: 'invalid' });
  // The bar went to stderr (as lines, stderr being no terminal here), counting the bytes read, to the end.
  expect(result.stderr).toMatch(/Importing \[.*\] 0% of \d+ kB \| 0\/1000 rows/);
  expect(result.stderr).toMatch(
    /Importing \[.*\] 100% of \d+ kB \| 1000\/1000 rows \| 998 created, 1 duplicates, 1 invalid/,
  );
  expect(result.stderr).toMatch(/998 of 1000|1 of 1000 rows were invalid/);

  // The rows are on the server, and the search command finds them.
  const found = await scamtrail(['identifiers', 'search', `cli-${unique}-777@`, '--json'], env);
  expect(found.code, found.stderr).toBe(0);
  const page = JSON.parse(found.stdout) as { data: { id: string; displayValue: string }[] };
  expect(page.data.map((item) => item.displayValue)).toEqual([`cli-${unique}-777@example.org`]);
  const stored = await api.get(`/api/identifiers/${page.data[0].id}`);
  expect(stored.status()).toBe(200);

  // Without --json a person reads the summary and the rows that were not created.
  const again = await scamtrail(['identifiers', 'import', file, '--no-progress'], env);
  expect(again.code).toBe(1);
  expect(again.stdout).toMatch(/1000 rows: 0 created, 999 duplicates, 1 invalid/);
  expect(again.stdout).toMatch(/ {2}row 1000: invalid: /);
  expect(again.stderr).not.toMatch(/Importing/);
});

test('adds two evidence files to a case, each with its SHA-256 and the server’s', async () => {
  const { unique, api, env } = await setUp();
  const created = await api.post('/api/cases', { data: { title: `Seized phone ${unique}` } });
  expect(created.status()).toBe(201);
  const caseItem = (await created.json()) as { id: string; number: number };
  const files = [
    { name: 'chat-export.txt', bytes: Buffer.from(`Chat with the scammer ${unique}\n`.repeat(2000)) },
    { name: 'photo.png', bytes: randomBytes(300_000) },
  ];
  for (const file of files) await writeFile(join(scratch, file.name), file.bytes);

  const result = await scamtrail(
    [
      'evidence',
      'add',
      ...files.map((file) => join(scratch, file.name)),
      '--case',
      `#${caseItem.number}`,
      '--json',
    ],
    env,
  );
  expect(result.code, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout) as {
    caseId: string;
    files: {
      file: string;
      evidenceId: string;
      size: number;
      sha256: string;
      serverSha256: string;
      match: boolean;
    }[];
  };
  expect(report.caseId).toBe(caseItem.id);
  expect(report.files).toHaveLength(2);
  for (const [index, file] of files.entries()) {
    const added = report.files[index];
    expect(added).toMatchObject({
      sha256: sha256(file.bytes),
      serverSha256: sha256(file.bytes),
      match: true,
    });
    expect(added.size).toBe((await stat(join(scratch, file.name))).size);
    const stored = (await (await api.get(`/api/evidence/${added.evidenceId}`)).json()) as {
      sha256: string;
      case: { id: string };
      fileName: string;
    };
    expect(stored).toMatchObject({
      sha256: sha256(file.bytes),
      case: { id: caseItem.id },
      fileName: file.name,
    });
    const content = await api.get(`/api/evidence/${added.evidenceId}/content`);
    expect(sha256(await content.body())).toBe(sha256(file.bytes));
  }

  // A person sees both hashes side by side.
  const one = await scamtrail(['evidence', 'add', join(scratch, 'photo.png'), '--case', caseItem.id], env);
  expect(one.code, one.stderr).toBe(0);
  expect(one.stdout).toContain(`SHA-256 here:       ${sha256(files[1].bytes)}`);
  expect(one.stdout).toContain(`SHA-256 on server:  ${sha256(files[1].bytes)}  match`);
});

test('tails an export stream with --once --json, resuming from the saved cursor', async () => {
  const { unique, api, env } = await setUp();
  const stream = await api.post('/api/export-streams', {
    data: { name: `CLI feed ${unique}`, topics: ['cases', 'journal'] },
  });
  expect(stream.status(), await stream.text()).toBe(201);
  const streamId = ((await stream.json()) as { id: string }).id;
  const created = await api.post('/api/cases', { data: { title: `Tailed case ${unique}` } });
  const caseItem = (await created.json()) as { id: string; number: number };

  const first = await scamtrail(['export', 'tail', streamId, '--once', '--json'], env);
  expect(first.code, first.stderr).toBe(0);
  const events = jsonLines(first.stdout);
  expect(events.length).toBeGreaterThan(0);
  expect(events).toContainEqual(expect.objectContaining({ type: 'case.created', caseId: caseItem.id }));

  // Nothing new: nothing printed, and the saved cursor kept.
  const caughtUp = await scamtrail(['export', 'tail', streamId, '--once', '--json'], env);
  expect(caughtUp.code, caughtUp.stderr).toBe(0);
  expect(caughtUp.stdout).toBe('');

  const entry = await scamtrail(
    [
      'entries',
      'add',
      '--case',
      String(caseItem.number),
      '--type',
      'note',
      'Victim',
      'called',
      'back',
      '--json',
    ],
    env,
  );
  expect(entry.code, entry.stderr).toBe(0);
  const entryId = (JSON.parse(entry.stdout) as { id: string }).id;

  const next = await scamtrail(['export', 'tail', streamId, '--once', '--json'], env);
  expect(next.code, next.stderr).toBe(0);
  const newEvents = jsonLines(next.stdout);
  expect(newEvents.length).toBeGreaterThan(0);
  expect(newEvents.map((event) => (event.subject as { id: string }).id)).toContain(entryId);
  // Only what came after the cursor: none of the first read's events again.
  const firstIds = new Set(events.map((event) => event.id));
  expect(newEvents.filter((event) => firstIds.has(event.id))).toEqual([]);

  // --from-start reads everything again.
  const all = await scamtrail(['export', 'tail', streamId, '--once', '--json', '--from-start'], env);
  expect(jsonLines(all.stdout).map((event) => event.id)).toEqual(
    [...events, ...newEvents].map((event) => event.id),
  );
});

test('a key without the permission is exit 4; a revoked one exit 3', async () => {
  const { unique, api, env } = await setUp();
  const automation = await api.post('/api/automations', { data: { systemName: `Narrow ${unique}` } });
  const { id } = (await automation.json()) as { id: string };
  const narrow = await api.post(`/api/automations/${id}/api-keys`, {
    data: { name: 'tags', scopes: ['tag.view'] },
  });
  const { key, apiKey } = (await narrow.json()) as { key: string; apiKey: { id: string } };
  const forbidden = await scamtrail(['cases', 'list', '--json'], { ...env, SCAMTRAIL_TOKEN: key });
  expect(forbidden.code).toBe(4);
  expect(forbidden.stdout).toBe('');
  expect(forbidden.stderr).toMatch(/^scamtrail: Forbidden: /);

  const revoked = await api.post(`/api/automations/${id}/api-keys/${apiKey.id}/revoke`);
  expect(revoked.ok(), await revoked.text()).toBe(true);
  const gone = await scamtrail(['cases', 'list'], { ...env, SCAMTRAIL_TOKEN: key });
  expect(gone.code).toBe(3);
  expect(gone.stderr).toMatch(/Not signed in/);
});

test('verifies a passkey-signed bundle as npm run verify does, and fails it once altered', async ({
  page,
  virtualAuthenticator,
}) => {
  test.setTimeout(180_000);
  const investigator = await createAccount('investigator');
  const fullName = `${investigator.firstName} ${investigator.lastName}`;
  const api = await apiAs(investigator.email, investigator.password);
  const caseRes = await api.post('/api/cases', {
    data: { title: `Signed case ${randomBytes(3).toString('hex')}` },
  });
  const caseId = ((await caseRes.json()) as { id: string }).id;
  const entryRes = await api.post('/api/journal-entries', {
    data: {
      type: 'call',
      description: 'The victim confirmed the transfer.',
      evidence: null,
      identifierIds: [],
      caseId,
    },
  });
  expect(entryRes.status(), await entryRes.text()).toBe(201);
  const entryId = ((await entryRes.json()) as { id: string }).id;

  // A passkey in Chromium's virtual authenticator signs the entry from its badge.
  await virtualAuthenticator();
  await signIn(page, investigator);
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Passkeys' }).getByRole('button', { name: 'Add passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add passkey' });
  await add.getByLabel('Name').fill('CLI test key');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await page.goto(`/cases/${caseId}`);
  await page
    .getByRole('article', { name: /^Call entry/ })
    .getByRole('button', { name: `${fullName} (Team)` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Originator Details' });
  await expect(dialog.getByText('Loading details...')).toBeHidden();
  await dialog
    .getByRole('region', { name: 'Digital Signature' })
    .getByRole('button', { name: 'Sign entry' })
    .click();
  await expect(page.getByRole('button', { name: /\(Team\), signed$/ })).toBeVisible();

  const bundleRes = await api.get(`/api/journal-entries/${entryId}/signature-bundle`);
  expect(bundleRes.status()).toBe(200);
  const bundle = (await bundleRes.json()) as { content: { description: string } };
  const file = join(scratch, 'bundle.json');
  await writeFile(file, JSON.stringify(bundle));

  const checks = (text: string) => text.split('\n').filter((line) => /^(PASS|FAIL) /.test(line));
  const valid = await scamtrail(['verify', file, '--json'], {});
  expect(valid.code, valid.stderr).toBe(0);
  expect(JSON.parse(valid.stdout)).toMatchObject({
    kind: 'signature-bundle',
    valid: true,
    signedBy: `${fullName} <${investigator.email}>`,
  });
  const human = await scamtrail(['verify', file], {});
  expect(human.stdout).toContain(`VALID: signed by ${fullName} <${investigator.email}>`);
  // The very checks of npm run verify, line for line.
  const npmVerify = await exec(process.execPath, [join(ROOT, 'scripts/verify.mjs'), file], { cwd: ROOT });
  expect(checks(human.stdout)).toEqual(checks(npmVerify.stdout));
  expect(checks(human.stdout).length).toBeGreaterThan(3);

  bundle.content.description = 'The victim never paid.';
  await writeFile(file, JSON.stringify(bundle));
  const altered = await scamtrail(['verify', file], {});
  expect(altered.code).toBe(1);
  expect(altered.stdout).toMatch(/^FAIL {2}/m);
  expect(altered.stdout).toMatch(/INVALID: \d+ of \d+ checks failed/);
  expect(altered.stderr).toBe(`scamtrail: ${file} did not verify\n`);
});

test('login is approved in Chromium, acts as the user, and logout revokes the session', async ({ page }) => {
  test.setTimeout(120_000);
  const investigator = await createAccount('investigator');
  const env = { SCAMTRAIL_CONFIG_DIR: join(scratch, 'config') };
  let codeShown: (code: { userCode: string; verificationUriComplete: string }) => void;
  const shown = new Promise<{ userCode: string; verificationUriComplete: string }>(
    (resolve) => (codeShown = resolve),
  );
  const login = scamtrail(['login', '--server', serverUrl(), '--json'], env, (run) => {
    const [first] = run.stdout.split('\n');
    if (run.stdout.includes('\n')) codeShown(JSON.parse(first));
  });
  const { userCode, verificationUriComplete } = await shown;
  expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  expect(verificationUriComplete).toBe(`${serverUrl()}/auth/device?user_code=${userCode}`);

  // The user approves it in the browser, signed in as themselves.
  await signIn(page, investigator);
  await page.goto(verificationUriComplete);
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(userCode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Approve this sign-in?' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Device signed in' })).toBeVisible();

  const result = await login;
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toContain(`enter the code ${userCode}`);
  const [, done] = jsonLines(result.stdout);
  expect(done).toEqual({
    signedIn: true,
    server: serverUrl(),
    user: { email: investigator.email, name: `${investigator.firstName} ${investigator.lastName}` },
  });
  const file = join(scratch, 'config', 'credentials.json');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  const { token } = saved;
  expect(saved.refreshToken).toEqual(expect.any(String));

  const whoami = await scamtrail(['whoami', '--json'], env);
  expect(whoami.code, whoami.stderr).toBe(0);
  expect(JSON.parse(whoami.stdout)).toMatchObject({
    server: serverUrl(),
    tokenFrom: 'file',
    user: { email: investigator.email, role: 'investigator' },
  });

  // Past the access token's hour (as the saved file says), the refresh token renews it: rotated.
  await writeFile(file, JSON.stringify({ ...saved, expiresAt: new Date(Date.now() - 1000).toISOString() }));
  const renewed = await scamtrail(['whoami', '--json'], env);
  expect(renewed.code, renewed.stderr).toBe(0);
  const rotated = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  expect(rotated.token).not.toBe(token);
  expect(rotated.refreshToken).not.toBe(saved.refreshToken);
  expect(Date.parse(rotated.expiresAt)).toBeGreaterThan(Date.now());
  // The access token it replaced opens nothing any more.
  const replaced = await scamtrail(['whoami'], {
    ...env,
    SCAMTRAIL_URL: serverUrl(),
    SCAMTRAIL_TOKEN: token,
  });
  expect(replaced.code).toBe(3);

  const logout = await scamtrail(['logout', '--json'], env);
  expect(logout.code, logout.stderr).toBe(0);
  expect(JSON.parse(logout.stdout)).toEqual({ signedOut: true, revoked: true, server: serverUrl() });
  await expect(stat(file)).rejects.toThrow(/ENOENT/);
  // The token no longer opens anything on the server.
  const after = await scamtrail(['whoami'], { ...env, SCAMTRAIL_URL: serverUrl(), SCAMTRAIL_TOKEN: token });
  expect(after.code).toBe(3);
  expect(after.stderr).toMatch(/Not signed in/);
  const signedOut = await scamtrail(['whoami'], env);
  expect(signedOut.code).toBe(3);
});

test('verifies a case dossier exported from the server', async () => {
  const { unique, api } = await setUp();
  const created = await api.post('/api/cases', { data: { title: `Dossier case ${unique}` } });
  const caseItem = (await created.json()) as { id: string };
  const dossier = await api.get(`/api/cases/${caseItem.id}/dossier`);
  expect(dossier.status(), dossier.statusText()).toBe(200);
  const file = join(scratch, 'dossier.zip');
  await writeFile(file, await dossier.body());
  const result = await scamtrail(['verify', file, '--json'], {});
  expect(result.code, result.stderr + result.stdout).toBe(0);
  const report = JSON.parse(result.stdout) as {
    kind: string;
    valid: boolean;
    checks: { name: string; passed: boolean }[];
  };
  expect(report).toMatchObject({ kind: 'dossier', valid: true });
  expect(report.checks.map((check) => check.name)).toEqual(expect.arrayContaining(['zip', 'manifest']));
});

test('npm pack -w cli makes a package that installs and runs on its own', async () => {
  test.setTimeout(300_000);
  const { env } = await setUp();
  await exec('npm', ['run', 'build', '-w', 'cli'], { cwd: ROOT });
  const { stdout } = await exec('npm', ['pack', '-w', 'cli', '--pack-destination', scratch, '--json'], {
    cwd: ROOT,
  });
  const [{ filename, files }] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  expect(files.map((file) => file.path).sort()).toEqual([
    'bin/scamtrail.mjs',
    'dist/scamtrail.mjs',
    'package.json',
  ]);
  const app = join(scratch, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), '{ "private": true }');
  // Its dependencies come from the npm cache when they are there, else from the registry.
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(scratch, filename)], {
    cwd: app,
  });
  const installed = join(app, 'node_modules/@scamtrail/cli/bin/scamtrail.mjs');
  const help = await scamtrail(['--help'], {}, undefined, installed);
  expect(help.code, help.stderr).toBe(0);
  expect(help.stdout).toMatch(/^Usage: scamtrail /);
  const cases = await scamtrail(['cases', 'list', '--json'], env, undefined, installed);
  expect(cases.code, cases.stderr).toBe(0);
  expect(JSON.parse(cases.stdout)).toHaveProperty('pagination');
});
