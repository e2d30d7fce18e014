import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '@scamtrail/domain/cases';
import { JOURNAL_ENTRY_TYPE_LABELS } from '@scamtrail/domain/journal-entries';
import { signedIn, type Client } from '../../../test/helpers';
import type { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { createCaseVia } from '../cases/case-test-fixtures';
import { idOf, ok, writtenEvidence } from '../events/events-test-fixtures';
import { buildEvidenceApp, insertGroup, type EvidenceTestApp } from '../evidence/evidence-test-fixtures';
import { addPasskey } from '../signatures/signature-test-fixtures';
import { NAMED_NOW_HIDDEN } from './dossier-signing.service';
import { unzip } from './dossier-test-fixtures';
import { verifyDossier } from './dossier-verifier';

/**
 * The dossier's report says each custody row in the words of the evidence page
 * (`@scamtrail/domain/custody-words`), from what the exporter may see when they export: a case or
 * journal entry of their groups by its name ("Journal entry Note: … in #4 …"), one of another group
 * as "An entry you cannot see", with nothing of it (its id, its text, its case). No raw detail
 * (`journalEntryId: …`, `{"hidden":…}`) is left for a reader, and the package still verifies.
 */

const MARKER_A = `dossier-a-${Math.random().toString(36).slice(2, 10)}`;
const MARKER_B = `dossier-b-${Math.random().toString(36).slice(2, 10)}`;

let t: EvidenceTestApp;
let scratch: string;
let admin: Client;
/** An investigator of group A only, and one of group B only; both read the shared case. */
let alice: Client;
let aliceKey: SoftwareAuthenticator;
let aliceId = '';
let groupA = '';
let bob: Client;
let caseA: Case;
let caseB: Case;
let shared: Case;
/** An item added to case A, moved to the shared case, linked by an entry of each case. */
let evidenceId = '';
let entryA = '';
let entryB = '';
let entryShared = '';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const caseName = (item: Case) => `#${item.number} ${item.title}`;
const noteName = (description: string) => `${JOURNAL_ENTRY_TYPE_LABELS.note}: ${description}`;
const h = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function entry(client: Client, caseId: string, description: string): Promise<string> {
  return idOf(
    await ok(
      client.post('/api/journal-entries', { caseId, type: 'note', description, evidence: [evidenceId] }),
    ),
  );
}

/** The shared case's dossier as the client exports it, unsigned: its path and its files. */
async function exportAs(client: Client, name: string) {
  const res = await client.get(`/api/cases/${shared.id}/dossier`);
  expect(res.statusCode, res.body).toBe(200);
  const path = join(scratch, name);
  await writeFile(path, res.rawPayload);
  return { path, files: await unzip(path) };
}

/** The report's chain of custody for the item: its table, from its heading to the table's end. */
function custodyOf(report: string): string {
  const section = report.slice(report.indexOf('<h2 id="custody">'), report.indexOf('<h2 id="tasks">'));
  expect(section).toContain('Wallet screenshot');
  return section;
}

beforeAll(async () => {
  t = await buildEvidenceApp();
  scratch = await mkdtemp(join(tmpdir(), 'dossier-custody-'));
  admin = (await signedIn(t, 'admin')).client;
  const a = await signedIn(t, 'investigator');
  const b = await signedIn(t, 'investigator');
  alice = a.client;
  aliceKey = (await addPasskey(t.database.db, a.user.id)).authenticator;
  bob = b.client;
  aliceId = a.user.id;
  groupA = await insertGroup(t.database.db, [a.user.id]);
  const groupB = await insertGroup(t.database.db, [b.user.id]);
  caseA = await createCaseVia(alice, { title: `Case ${MARKER_A}`, groupId: groupA });
  caseB = await createCaseVia(bob, { title: `Case ${MARKER_B}`, groupId: groupB });
  shared = await createCaseVia(admin, { title: 'Shared romance scam' });

  // Added to case A (custody: added, caseId A), then moved to the shared case (unlinked A, linked shared).
  evidenceId = await writtenEvidence(alice, caseA.id, 'Wallet screenshot');
  await ok(alice.patch(`/api/evidence/${evidenceId}`, { caseId: shared.id }));
  entryA = await entry(alice, caseA.id, `Entry ${MARKER_A}`);
  entryB = await entry(bob, caseB.id, `Entry ${MARKER_B}`);
  entryShared = await entry(admin, shared.id, 'Called the bank');
}, 120_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await t.close();
});

describe("the dossier's chain of custody in words", () => {
  const readers = [
    {
      who: 'an investigator of group A',
      client: () => alice,
      own: () => ({ case: caseA, entry: entryA, marker: MARKER_A }),
      other: () => ({ case: caseB, entry: entryB, marker: MARKER_B }),
    },
    {
      who: 'an investigator of group B',
      client: () => bob,
      own: () => ({ case: caseB, entry: entryB, marker: MARKER_B }),
      other: () => ({ case: caseA, entry: entryA, marker: MARKER_A }),
    },
  ];

  for (const { who, client, own, other } of readers) {
    it(`names to ${who} their group's entry and its case, the other group's by nothing`, async () => {
      const { path, files } = await exportAs(client(), `${MARKER_A}-${who.slice(-7)}.zip`);
      const report = files.get('report.html')!.toString('utf8');
      const custody = custodyOf(report);
      const mine = own();
      const theirs = other();

      // Their own entry, named with its case (another case: named, not linked).
      expect(custody).toContain(
        `Journal entry ${h(noteName(`Entry ${mine.marker}`))} in ${h(caseName(mine.case))}`,
      );
      // The other group's entry: in the page's words, nothing of it.
      expect(custody).toContain('An entry you cannot see');
      for (const secret of [theirs.marker, theirs.case.id, theirs.entry, caseName(theirs.case)]) {
        expect(
          [...files.values()].some((bytes) => bytes.toString('utf8').includes(secret)),
          secret,
        ).toBe(false);
      }
      // The entry of the exported case links to it in the timeline; the case to the summary.
      expect(custody).toContain(
        `Journal entry <a href="#entry-${entryShared}">${h(noteName('Called the bank'))}</a> in <a href="#summary">${h(caseName(shared))}</a>`,
      );
      expect(report).toContain(`id="entry-${entryShared}"`);
      // Case A, where the item was added and which it left: named to its group only.
      if (mine.case === caseA) {
        expect(custody).toContain(`to ${h(caseName(caseA))}`);
        expect(custody).toContain(`Case ${h(caseName(caseA))}`);
      } else {
        expect(custody).toContain('to a case you cannot see');
        expect(custody).toContain('A case you cannot see');
      }
      // Actions in words; no raw detail left for a reader.
      expect(custody).toContain('<td>Added</td>');
      expect(custody).toContain('<td>Unlinked</td>');
      expect(custody).not.toMatch(/journalEntryId|caseId|"hidden"|<td>linked<\/td>/);

      const result = await verifyDossier(path);
      expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    });
  }

  it("names an earlier export by its dossier's whole hash and the case it was of", async () => {
    const first = await exportAs(alice, `${MARKER_A}-first.zip`);
    const dossierSha256 = sha256(first.files.get('manifest.json')!);
    const { files } = await exportAs(alice, `${MARKER_A}-second.zip`);
    const custody = custodyOf(files.get('report.html')!.toString('utf8'));
    expect(custody).toContain(`<td>Exported in a dossier</td>`);
    expect(custody).toContain(
      `Dossier SHA-256 ${dossierSha256} · of <a href="#summary">${h(caseName(shared))}</a>`,
    );
    // case.jsonld describes each custody action in the same words.
    expect(files.get('case.jsonld')!.toString('utf8')).toContain(
      `"uco-core:description": "Exported in a dossier: Dossier SHA-256 ${dossierSha256} · of ${caseName(shared)}"`,
    );
  });

  it('a signed dossier holds the same words and verifies, signature included', async () => {
    const begun = await ok<{ exportId: string; options: Parameters<SoftwareAuthenticator['assert']>[0] }>(
      alice.post(`/api/cases/${shared.id}/dossier/sign/begin`),
    );
    const signed = await ok<{ downloadUrl: string }>(
      alice.post(`/api/cases/${shared.id}/dossier/sign/complete`, {
        exportId: begun.exportId,
        response: aliceKey.assert(begun.options),
      }),
    );
    const res = await alice.get(signed.downloadUrl);
    expect(res.statusCode, res.body).toBe(200);
    const path = join(scratch, `${MARKER_A}-signed.zip`);
    await writeFile(path, res.rawPayload);
    const custody = custodyOf((await unzip(path)).get('report.html')!.toString('utf8'));
    expect(custody).toContain(`Journal entry ${h(noteName(`Entry ${MARKER_A}`))} in ${h(caseName(caseA))}`);
    expect(custody).toContain('An entry you cannot see');
    const result = await verifyDossier(path);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.checks.find((c) => c.name === 'manifest signature')!.detail).toMatch(/^SIGNED by/);
  });

  it('a signed dossier prepared before the exporter left a group it names is not sent', async () => {
    const begun = await ok<{ exportId: string; options: Parameters<SoftwareAuthenticator['assert']>[0] }>(
      alice.post(`/api/cases/${shared.id}/dossier/sign/begin`),
    );
    const signed = await ok<{ downloadUrl: string }>(
      alice.post(`/api/cases/${shared.id}/dossier/sign/complete`, {
        exportId: begun.exportId,
        response: aliceKey.assert(begun.options),
      }),
    );
    // Out of group A: the item is still hers to see (the shared case), case A and its entry are not.
    await ok(admin.delete(`/api/groups/${groupA}/members/${aliceId}`));
    try {
      expect((await alice.get(`/api/cases/${caseA.id}`)).statusCode).toBe(404);
      const refused = await alice.get(signed.downloadUrl);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.message).toBe(NAMED_NOW_HIDDEN);
      expect(refused.body).not.toContain(MARKER_A);
    } finally {
      await ok(admin.post(`/api/groups/${groupA}/members`, { userId: aliceId }));
    }
    // Back in the group, the same signed export downloads, naming them.
    const again = await alice.get(signed.downloadUrl);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.rawPayload.toString('utf8')).toContain(MARKER_A);
  });
});
