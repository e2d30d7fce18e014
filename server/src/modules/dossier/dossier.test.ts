import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Client } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import {
  buildEvidenceApp,
  insertGroup,
  pngBytes,
  upload,
  type EvidenceTestApp,
} from '../evidence/evidence-test-fixtures';
import { verifyBundle } from '../signatures/bundle-verifier';
import { addPasskey, createEntry, sign } from '../signatures/signature-test-fixtures';
import { verifyChainFile } from './dossier-chain';
import type { ChainFile, DossierManifest } from './dossier-format';
import { rezip, unzip } from './dossier-test-fixtures';
import { verifyDossier } from './dossier-verifier';

/**
 * The case dossier, end to end through the API: a case built as investigators build one, exported,
 * unzipped here and read part by part, verified offline, then tampered with in each way the issue
 * names. And what the exporter may not see stays out.
 */

let t: EvidenceTestApp;
let scratch: string;
let alice: Client;
let aliceKey: SoftwareAuthenticator;
let bob: Client;
let caseId: string;
let caseTitle: string;
let hiddenCaseTitle: string;
const ids: Record<string, string> = {};
const png = pngBytes();
const statement = 'On 3 May the caller said he was from the bank and asked for the code.';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run verify -- <file>`'s script, from its sources. */
async function runVerifier(file: string) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-bundle.ts', file], {
      cwd: repoRoot,
      // tsx would keep its compile cache in TMPDIR, this project's scratch directory, which must end empty.
      env: { ...process.env, TSX_DISABLE_CACHE: '1' },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function ok(res: { statusCode: number; body: string }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body);
}

beforeAll(async () => {
  t = await buildEvidenceApp();
  scratch = await mkdtemp(join(tmpdir(), 'dossier-'));
  const a = await signedIn(t, 'investigator');
  alice = a.client;
  aliceKey = (await addPasskey(t.database.db, a.user.id)).authenticator;
  const b = await signedIn(t, 'investigator');
  bob = b.client;

  caseTitle = `Bank impersonation ${Date.now()}`;
  caseId = ok(
    await alice.post('/api/cases', { title: caseTitle, description: 'A caller posing as the bank.' }),
  ).id;
  ids.identifier = ok(
    await alice.post('/api/identifiers', {
      type: 'phone',
      data: { countryCode: '+44', number: '7911 123456' },
    }),
  ).id;
  ids.file = ok(await upload(alice, { name: 'call log (May).png', bytes: png }, { caseId })).id;
  ids.written = ok(
    await alice.post('/api/evidence', { title: 'Victim statement', body: statement, caseId }),
  ).id;

  ids.signed = (
    await createEntry(alice, {
      caseId,
      type: 'call',
      description: 'Called the victim back; the number matches.',
      identifierIds: [ids.identifier],
      evidence: [ids.file],
    })
  ).id;
  await sign(alice, aliceKey, ids.signed);
  ids.unsigned = (
    await createEntry(alice, { caseId, description: 'Took the written statement.', evidence: [ids.written] })
  ).id;
  ids.removed = (await createEntry(alice, { caseId, description: 'Wrong case, entered by mistake.' })).id;
  ok(
    await alice.post(`/api/journal-entries/${ids.removed}/remove`, {
      reason: 'Entered in the wrong case',
      caseId,
    }),
    200,
  );
  ok(await alice.post(`/api/cases/${caseId}/tasks`, { title: 'Ask the bank for the transfer record' }));

  // The same number in a case Alice sees and in a case of a group she is not in.
  const visibleCase = ok(await bob.post('/api/cases', { title: `Visible sibling ${Date.now()}` })).id;
  await createEntry(bob, {
    caseId: visibleCase,
    description: 'Same number',
    identifierIds: [ids.identifier],
  });
  const groupId = await insertGroup(t.database.db, [b.user.id]);
  hiddenCaseTitle = `Hidden sibling ${Date.now()}`;
  const hiddenCase = ok(await bob.post('/api/cases', { title: hiddenCaseTitle, groupId })).id;
  await createEntry(bob, {
    caseId: hiddenCase,
    description: 'Same number, hidden',
    identifierIds: [ids.identifier],
  });
  // A whole case through the API: more than the default hook time on a loaded machine.
}, 180_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await t.close();
});

/** Exports the case as the client, writes the ZIP to the scratch folder and answers its path. */
async function exportAs(client: Client, name: string): Promise<string> {
  const res = await client.get(`/api/cases/${caseId}/dossier`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="case-\d+-dossier\.zip"/);
  const path = join(scratch, name);
  await writeFile(path, res.rawPayload);
  return path;
}

const text = (files: Map<string, Buffer>, name: string) => files.get(name)!.toString('utf8');
const json = <T>(files: Map<string, Buffer>, name: string) => JSON.parse(text(files, name)) as T;

describe('a case dossier', () => {
  let path: string;
  let files: Map<string, Buffer>;
  let manifest: DossierManifest;

  beforeAll(async () => {
    path = await exportAs(alice, 'alice.zip');
    files = await unzip(path);
    manifest = json(files, 'manifest.json');
  }, 120_000);

  it('lists every file with its SHA-256 and size, the case, the exporter, the server and the chain head', async () => {
    const caseAnswer = (await alice.get(`/api/cases/${caseId}`)).json();
    expect(manifest).toMatchObject({
      format: 'scamtrail-dossier',
      version: 1,
      case: { id: caseId, number: caseAnswer.number, title: caseTitle },
      exportedBy: { email: expect.stringContaining('@example.com') },
      server: { name: 'scamtrail', version: expect.any(String) },
    });
    const listed = manifest.files.map((f) => f.path).sort();
    expect(listed).toEqual([...files.keys()].filter((name) => name !== 'manifest.json').sort());
    for (const file of manifest.files) {
      expect(sha256(files.get(file.path)!), file.path).toBe(file.sha256);
      expect(files.get(file.path)!.length).toBe(file.size);
    }
    const chain = json<ChainFile>(files, 'journal-chain.json');
    expect(manifest.journalChain).toEqual({ head: chain.links.at(-1)!.hash, links: chain.links.length });
  });

  it('holds every evidence file as stored, named by its hash, and written evidence as .txt', () => {
    const filePath = `evidence/${sha256(png)}-call_log_May_.png`;
    expect(files.get(filePath)).toEqual(png);
    const writtenPath = `evidence/${sha256(statement)}-Victim_statement.txt`;
    expect(text(files, writtenPath)).toBe(statement);
    expect(manifest.evidence).toEqual(
      expect.arrayContaining([
        {
          id: ids.file,
          title: 'call log (May).png',
          kind: 'file',
          path: filePath,
          recordedSha256: sha256(png),
        },
        {
          id: ids.written,
          title: 'Victim statement',
          kind: 'written',
          path: writtenPath,
          recordedSha256: sha256(statement),
        },
      ]),
    );
  });

  it('has a self-contained report of the summary, timeline, identifiers, evidence, custody, tasks and checks', () => {
    const report = text(files, 'report.html');
    for (const expected of [
      caseTitle,
      'Called the victim back; the number matches.',
      'Took the written statement.',
      'Wrong case, entered by mistake.',
      'Entered in the wrong case',
      'Signature valid',
      'Not signed',
      `signatures/${ids.signed}.json`,
      'Ask the bank for the transfer record',
      sha256(png),
      sha256(statement),
      'Chain of custody',
      'npm run verify -- dossier.zip',
      '@media print',
    ]) {
      expect(report, expected).toContain(expected);
    }
    expect(report).toMatch(new RegExp(`class="entry nullified" id="entry-${ids.removed}"`));
    // Nothing to load: no script, no remote resource.
    expect(report).not.toMatch(/<script|<link|src=|url\(|href="https?:/i);
  });

  it('holds the bundle of each signed entry, which verifies, and none for unsigned ones', () => {
    expect([...files.keys()].filter((name) => name.startsWith('signatures/'))).toEqual([
      `signatures/${ids.signed}.json`,
    ]);
    const checks = verifyBundle(json(files, `signatures/${ids.signed}.json`));
    expect(checks.filter((c) => !c.passed)).toEqual([]);
  });

  it("holds the journal's hash chain as the integrity check reads it, the removal included", async () => {
    const chain = json<ChainFile>(files, 'journal-chain.json');
    expect(verifyChainFile(chain)).toMatchObject({ ok: true });
    expect(chain.links.map((l) => l.kind)).toEqual(expect.arrayContaining(['linked', 'signed', 'nullified']));
    const removed = chain.entries.find((e) => e.id === ids.removed)!;
    expect(removed.content).toMatchObject({
      isNullified: true,
      nullifiedReason: 'Entered in the wrong case',
    });
    const integrity = (await alice.get(`/api/cases/${caseId}/journal-integrity`)).json();
    expect(integrity).toMatchObject({ intact: true, entries: chain.links.length });
  });

  it('describes the case in CASE/UCO, with SHA256 hashes and an action per custody event', () => {
    const graph = json<{ '@graph': Record<string, unknown>[] }>(files, 'case.jsonld')['@graph'];
    const types = graph.map((node) => node['@type']);
    expect(types).toContain('case-investigation:Investigation');
    expect(types.filter((type) => type === 'case-investigation:ProvenanceRecord')).toHaveLength(2);
    const hashes = JSON.stringify(graph);
    expect(hashes).toContain(`"@value":"${sha256(png).toUpperCase()}"`);
    expect(hashes).toContain('"uco-types:Hash"');
    const actions = graph.filter((node) => node['@type'] === 'case-investigation:InvestigativeAction');
    expect(actions.map((a) => a['scamtrail:custodyAction'])).toEqual(
      expect.arrayContaining(['added', 'linked']),
    );
  });

  it('says in VERIFY.txt how to check it, and that it is not signed', () => {
    const verify = text(files, 'VERIFY.txt');
    expect(verify).toContain('npm run verify -- dossier.zip');
    expect(verify).toContain('NOT signed');
  });

  it('verifies offline, every check passing', async () => {
    const result = await verifyDossier(path);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'manifest',
        'journal chain',
        'manifest signature',
        `signature signatures/${ids.signed}.json`,
      ]),
    );
    expect(result.checks.find((c) => c.name === 'manifest signature')!.detail).toMatch(/^NOT SIGNED/);
  });

  it("is recorded in the case's History and each evidence item's custody under the manifest's hash", async () => {
    const dossierSha256 = sha256(files.get('manifest.json')!);
    const history = (await alice.get(`/api/cases/${caseId}/history?pageSize=100`)).json();
    const exported = history.data.filter((e: { action: string }) => e.action === 'case.exported');
    expect(exported.at(-1) ?? exported[0]).toMatchObject({ after: { dossierSha256 } });
    for (const id of [ids.file, ids.written]) {
      const custody = (await alice.get(`/api/evidence/${id}/custody?pageSize=100`)).json();
      expect(custody.data.at(-1)).toMatchObject({
        action: 'exported',
        detail: { dossierSha256, note: `exported in dossier ${dossierSha256}` },
      });
    }
  });

  describe('tampered with, names what changed', () => {
    const failures = async (changed: Map<string, Buffer>, name: string) => {
      const result = await verifyDossier(await rezip(changed, join(scratch, name)));
      expect(result.ok).toBe(false);
      return result.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
    };

    it('one byte of an evidence file', async () => {
      const changed = new Map(files);
      const evidencePath = manifest.evidence.find((e) => e.id === ids.file)!.path!;
      const bytes = Buffer.from(files.get(evidencePath)!);
      bytes[bytes.length - 1] ^= 1;
      changed.set(evidencePath, bytes);
      const failed = await failures(changed, 'byte.zip');
      expect(failed).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^file ${evidencePath}: ${evidencePath} was changed`)),
          expect.stringMatching(/^evidence call log \(May\)\.png .*not the SHA-256 recorded on ingest/),
        ]),
      );
    });

    it('a file removed', async () => {
      const changed = new Map(files);
      changed.delete(`signatures/${ids.signed}.json`);
      expect(await failures(changed, 'removed.zip')).toEqual(
        expect.arrayContaining([expect.stringContaining(`signatures/${ids.signed}.json was removed`)]),
      );
    });

    it('a file added', async () => {
      const changed = new Map(files);
      changed.set('evidence/extra.txt', Buffer.from('slipped in'));
      expect(await failures(changed, 'added.zip')).toEqual([
        'no files added: added, not in the manifest: evidence/extra.txt',
      ]);
    });

    it('by the command line too: each check printed, exit 1, the file named', async () => {
      const good = await runVerifier(path);
      expect(good.code, good.stdout).toBe(0);
      expect(good.stdout).toMatch(/^PASS {2}journal chain$/m);
      expect(good.stdout).toMatch(/^PASS {2}manifest signature\n {6}NOT SIGNED/m);
      expect(good.stdout).toMatch(/VALID: all \d+ checks passed \(the manifest is not signed\)/);
      const changed = new Map(files);
      changed.set('case.jsonld', Buffer.from(`${text(files, 'case.jsonld')} `));
      const bad = await runVerifier(await rezip(changed, join(scratch, 'cli.zip')));
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(/^FAIL {2}file case\.jsonld\n {6}case\.jsonld was changed/m);
      expect(bad.stdout).toMatch(/INVALID: 1 of \d+ checks failed/);
      // Two processes that compile TypeScript as they start.
    }, 120_000);

    it('the report edited', async () => {
      const changed = new Map(files);
      changed.set('report.html', Buffer.from(text(files, 'report.html').replace('Not signed', 'Signed')));
      expect(await failures(changed, 'report.zip')).toEqual([
        expect.stringMatching(/^file report\.html: report\.html was changed/),
      ]);
    });
  });
});

describe('what the exporter may not see stays out', () => {
  it('counts other cases only over visible ones and names no hidden case', async () => {
    const files = await unzip(await exportAs(alice, 'visibility-alice.zip'));
    const report = text(files, 'report.html');
    const everything = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toContain(hiddenCaseTitle);
    expect(everything).not.toContain('Same number, hidden');
    const row = report.slice(report.indexOf('<h2 id="identifiers">'), report.indexOf('<h2 id="evidence">'));
    expect(row).toMatch(/<td>1 <span class="small">\(#\d+ Visible sibling/);

    // A member of the group sees both.
    const bobs = text(await unzip(await exportAs(bob, 'visibility-bob.zip')), 'report.html');
    expect(bobs).toContain(hiddenCaseTitle);
    expect(bobs.slice(bobs.indexOf('<h2 id="identifiers">'))).toMatch(/<td>2 <span class="small">/);
  });

  it('answers 404 for a case the caller may not see', async () => {
    const groupId = await insertGroup(t.database.db, []);
    const hidden = ok(await bob.post('/api/cases', { title: 'Out of reach' })).id;
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update cases set group_id = ${groupId} where id = ${hidden}`,
    );
    expect((await alice.get(`/api/cases/${hidden}/dossier`)).statusCode).toBe(404);
  });
});
