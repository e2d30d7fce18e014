import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalChainLinks, journalCheckpoints, journalEntries } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import type { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { interceptStatements } from '../../../test/statement-log';
import {
  insertCase,
  insertEvidence,
  insertGroup,
  insertIdentifier,
} from '../journal-entries/journal-entry-test-fixtures';
import { canonicalJson, sha256Hex } from './bundle-verifier';
import {
  checkCaseChain,
  checkpointHash,
  fullVerificationSettled,
  GENESIS_HASH,
  journalChainSettings,
  sealUnchainedEntries,
  verifyCaseChainFully,
} from './journal-chain';
import { fullVerificationPages } from './journal-chain-full';
import { hashCanonicalInWorker } from './journal-chain-hash';
import { addPasskey, asAttacker, createEntry, sign } from './signature-test-fixtures';

let t: TestApp;
let alice: Client;
let aliceKey: SoftwareAuthenticator;
let originatorId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await signedIn(t, 'investigator');
  alice = a.client;
  originatorId = a.user.originatorId;
  aliceKey = (await addPasskey(db(), a.user.id)).authenticator;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

async function links(caseId: string) {
  return db()
    .select()
    .from(journalChainLinks)
    .where(eq(journalChainLinks.caseId, caseId))
    .orderBy(asc(journalChainLinks.seq));
}

async function integrity(caseId: string) {
  const res = await alice.get(`/api/cases/${caseId}/journal-integrity`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A case with three entries, each changed once: seven links. */
async function journal() {
  const caseId = await insertCase(db(), originatorId);
  const ids: string[] = [];
  for (const description of ['One', 'Two', 'Three']) {
    const { id } = await createEntry(alice, { caseId, description });
    await alice.patch(`/api/journal-entries/${id}`, { description: `${description}, edited` });
    ids.push(id);
  }
  await alice.delete(`/api/journal-entries/${ids[2]}`);
  expect(await integrity(caseId)).toEqual({ intact: true, entries: 7 });
  return { caseId, ids };
}

describe("a case journal's hash chain", () => {
  it('links every event on an entry of the case, each to the one before', async () => {
    const caseId = await insertCase(db(), originatorId);
    const identifierId = await insertIdentifier(db(), originatorId);
    const first = await createEntry(alice, { caseId });
    const loose = await createEntry(alice, {});
    await alice.post(`/api/cases/${caseId}/journal-entries`, { journalEntryId: loose.id });
    await alice.patch(`/api/journal-entries/${first.id}`, { description: 'Edited' });
    await alice.post(`/api/journal-entries/${first.id}/identifiers/${identifierId}`);
    await alice.delete(`/api/journal-entries/${first.id}/identifiers/${identifierId}`);
    await sign(alice, aliceKey, first.id);
    await alice.delete(`/api/journal-entries/${first.id}`);
    // Refused changes add nothing.
    expect((await alice.patch(`/api/journal-entries/${first.id}`, { description: 'No' })).statusCode).toBe(
      409,
    );

    const chain = await links(caseId);
    expect(chain.map((link) => [link.seq, link.kind, link.journalEntryId])).toEqual([
      [1, 'linked', first.id],
      [2, 'linked', loose.id],
      [3, 'updated', first.id],
      [4, 'updated', first.id],
      [5, 'updated', first.id],
      [6, 'signed', first.id],
      [7, 'nullified', first.id],
    ]);
    expect(chain[0].prevHash).toBe(GENESIS_HASH);
    for (const [i, link] of chain.entries()) {
      if (i > 0) expect(link.prevHash).toBe(chain[i - 1].hash);
      const { caseId: c, seq, kind, journalEntryId, contentHash, prevHash } = link;
      expect(link.hash).toBe(
        sha256Hex(canonicalJson({ caseId: c, seq, kind, journalEntryId, contentHash, prevHash })),
      );
    }
    expect(await integrity(caseId)).toEqual({ intact: true, entries: 7 });
  });

  it('keeps one linear chain while ten writers add entries to one case at once', async () => {
    // Each entry's transaction locks the case and appends its link in one statement, the link's
    // predecessor read after the lock is granted (migration 0032): ten at once, on ten connections on
    // PostgreSQL, must still number their links 1 to 10, each following the one before.
    const caseId = await insertCase(db(), originatorId);
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createEntry(alice, { caseId, description: `Writer ${i + 1}` })),
    );
    const chain = await links(caseId);
    expect(chain.map((link) => link.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(chain.map((link) => link.journalEntryId).sort()).toEqual(created.map((entry) => entry.id).sort());
    expect(chain[0].prevHash).toBe(GENESIS_HASH);
    for (const [i, link] of chain.entries()) if (i > 0) expect(link.prevHash).toBe(chain[i - 1].hash);
    expect(await integrity(caseId)).toEqual({ intact: true, entries: 10 });
  });

  it('refuses to change or delete a link (append-only)', async () => {
    const { caseId } = await journal();
    await expect(
      db().execute(sql`delete from journal_chain_links where case_id = ${caseId}`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`update journal_chain_links set kind = 'updated' where case_id = ${caseId}`),
    ).rejects.toThrow();
  });

  it('detects an entry edited in the database', async () => {
    const { caseId, ids } = await journal();
    await db().execute(sql`update journal_entries set description = 'Forged' where id = ${ids[1]}`);
    expect(await integrity(caseId)).toMatchObject({
      intact: false,
      firstBreak: { journalEntryId: ids[1], reason: expect.stringMatching(/changed without a link/) },
    });
  });

  it("detects an entry's removal undone in the database", async () => {
    const { caseId, ids } = await journal();
    await db().execute(sql`update journal_entries set is_nullified = false where id = ${ids[2]}`);
    expect((await integrity(caseId)).firstBreak).toMatchObject({ journalEntryId: ids[2] });
  });

  it('detects a link deleted in the middle of the chain', async () => {
    const { caseId } = await journal();
    await asAttacker(db(), sql`delete from journal_chain_links where case_id = ${caseId} and seq = 3`);
    expect(await integrity(caseId)).toMatchObject({
      intact: false,
      entries: 6,
      firstBreak: { seq: 3, reason: expect.stringMatching(/Link 3 of the chain is missing/) },
    });
  });

  it('detects a link edited in the middle of the chain, even with its own hash recomputed', async () => {
    const { caseId } = await journal();
    await asAttacker(
      db(),
      sql`update journal_chain_links set content_hash = ${'1'.repeat(64)} where case_id = ${caseId} and seq = 4`,
    );
    expect((await integrity(caseId)).firstBreak).toMatchObject({
      seq: 4,
      reason: expect.stringMatching(/altered/),
    });

    const other = await journal();
    const [link] = (await links(other.caseId)).filter((l) => l.seq === 2);
    const forged = { ...link, contentHash: '2'.repeat(64) };
    const { caseId: c, seq, kind, journalEntryId, contentHash, prevHash } = forged;
    const hash = sha256Hex(canonicalJson({ caseId: c, seq, kind, journalEntryId, contentHash, prevHash }));
    await asAttacker(
      db(),
      sql`update journal_chain_links set content_hash = ${contentHash}, hash = ${hash}
        where case_id = ${other.caseId} and seq = 2`,
    );
    expect((await integrity(other.caseId)).firstBreak).toMatchObject({
      seq: 3,
      reason: expect.stringMatching(/does not follow link 2/),
    });
  });

  it('detects an entry inserted or deleted in the database', async () => {
    const { caseId, ids } = await journal();
    const [inserted] = await db()
      .insert(journalEntries)
      .values({ caseId, type: 'note', description: 'Slipped in', originatorId })
      .returning({ id: journalEntries.id });
    expect(await integrity(caseId)).toMatchObject({
      intact: false,
      firstBreak: { journalEntryId: inserted.id, reason: expect.stringMatching(/not in its chain/) },
    });

    const other = await journal();
    await asAttacker(db(), sql`delete from journal_entries where id = ${other.ids[0]}`);
    expect((await integrity(other.caseId)).firstBreak).toMatchObject({
      journalEntryId: other.ids[0],
      reason: expect.stringMatching(/no longer exists/),
    });
    expect(ids).toHaveLength(3);
  });

  it('records an identifier deleted from an entry, and refuses deleting one a signed entry names', async () => {
    const admin = await signedIn(t, 'admin');
    const caseId = await insertCase(db(), originatorId);
    const named = await insertIdentifier(db(), originatorId);
    const signedNamed = await insertIdentifier(db(), originatorId);
    await createEntry(alice, { caseId, identifierIds: [named] });
    const signed = await createEntry(alice, { caseId, identifierIds: [signedNamed] });
    await sign(alice, aliceKey, signed.id);

    expect((await admin.client.delete(`/api/identifiers/${named}`)).statusCode).toBe(204);
    expect((await links(caseId)).map((link) => link.kind)).toEqual(['linked', 'linked', 'signed', 'updated']);
    expect(await integrity(caseId)).toEqual({ intact: true, entries: 4 });

    const refused = await admin.client.delete(`/api/identifiers/${signedNamed}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/signed journal entry/);
    expect((await alice.get(`/api/journal-entries/${signed.id}/verify`)).json().valid).toBe(true);
  });

  // On PGlite a transaction holds the one connection: nothing else is written while a check runs.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'reads one snapshot, so an entry edited while it runs does not look edited behind its back',
    async () => {
      const { caseId, ids } = await journal();
      // The edit commits, with its link, after the check has read the links and before it reads the
      // entries: the first statement reading entries' contents (the check's) waits for it.
      let editedMeanwhile = false;
      const editFirst = async (statement: string) => {
        if (editedMeanwhile || !statement.includes("'bodySha256'")) return;
        editedMeanwhile = true;
        const res = await alice.patch(`/api/journal-entries/${ids[0]}`, { description: 'Edited meanwhile' });
        expect(res.statusCode, res.body).toBe(200);
      };
      await interceptStatements(t.database, editFirst, async () => {
        expect(await checkCaseChain(db(), caseId)).toEqual({ intact: true, entries: 7 });
      });
      expect(editedMeanwhile).toBe(true);
      expect(await integrity(caseId)).toEqual({ intact: true, entries: 8 });
    },
  );

  it('answers 404 for a case the caller may not see', async () => {
    const hidden = await insertCase(db(), originatorId, { groupId: await insertGroup(db()) });
    expect((await alice.get(`/api/cases/${hidden}/journal-integrity`)).statusCode).toBe(404);
  });
});

describe('sealing entries written before the chain', () => {
  it('gives each entry a link once, oldest first, on the first start with the chain only', async () => {
    const fresh = await buildTestApp();
    try {
      const freshDb = fresh.database.db;
      const admin = await signedIn(fresh, 'admin');
      const caseId = await insertCase(freshDb, admin.user.originatorId);
      const values = ['2024-01-02', '2024-01-01'].map((day) => ({
        caseId,
        type: 'note' as const,
        description: `From ${day}`,
        originatorId: admin.user.originatorId,
        performedAt: new Date(`${day}T10:00:00Z`),
      }));
      const rows = await freshDb.insert(journalEntries).values(values).returning({ id: journalEntries.id });

      expect(await sealUnchainedEntries(freshDb)).toBe(2);
      const chain = await freshDb
        .select()
        .from(journalChainLinks)
        .where(eq(journalChainLinks.caseId, caseId))
        .orderBy(asc(journalChainLinks.seq));
      expect(chain.map((link) => [link.kind, link.journalEntryId])).toEqual([
        ['linked', rows[1].id],
        ['linked', rows[0].id],
      ]);
      const checked = await admin.client.get(`/api/cases/${caseId}/journal-integrity`);
      expect(checked.json()).toEqual({ intact: true, entries: 2 });

      // Once the chain exists, an entry inserted directly stays unsealed and is reported.
      await freshDb.insert(journalEntries).values({ ...values[0], description: 'Slipped in' });
      expect(await sealUnchainedEntries(freshDb)).toBe(0);
      expect((await admin.client.get(`/api/cases/${caseId}/journal-integrity`)).json().intact).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe('a long chain, checked from its last checkpoint', () => {
  const defaults = { ...journalChainSettings };
  beforeAll(() => {
    journalChainSettings.fullCheckLinks = 3;
  });
  afterAll(() => {
    Object.assign(journalChainSettings, defaults);
  });

  async function checkpoint(caseId: string) {
    const [row] = await db().select().from(journalCheckpoints).where(eq(journalCheckpoints.caseId, caseId));
    return row;
  }

  /** Seven links, as journal() makes them; its first check is a full verification. */
  async function longJournal() {
    const caseId = await insertCase(db(), originatorId);
    const ids: string[] = [];
    for (const description of ['One', 'Two', 'Three']) {
      const { id } = await createEntry(alice, { caseId, description });
      await alice.patch(`/api/journal-entries/${id}`, { description: `${description}, edited` });
      ids.push(id);
    }
    await alice.delete(`/api/journal-entries/${ids[2]}`);
    const first = await integrity(caseId);
    expect(first).toEqual({ intact: true, entries: 7, fullyVerifiedAt: expect.any(String) });
    const row = await checkpoint(caseId);
    expect(row).toMatchObject({ seq: 7, linkHash: (await links(caseId))[6].hash, fullBreakReason: null });
    expect(row.hash).toBe(checkpointHash(row));
    return { caseId, ids, fullyVerifiedAt: first.fullyVerifiedAt as string };
  }

  it('verifies the whole chain once, then the links after its checkpoint, moving it on', async () => {
    const { caseId, fullyVerifiedAt } = await longJournal();
    const before = await checkpoint(caseId);
    await createEntry(alice, { caseId, description: 'Four' });
    expect(await integrity(caseId)).toEqual({ intact: true, entries: 8, fullyVerifiedAt });
    const after = await checkpoint(caseId);
    expect(after).toMatchObject({ seq: 8, linkHash: (await links(caseId))[7].hash, prevHash: before.hash });
    expect(after.hash).toBe(checkpointHash(after));
  });

  it('detects at once a tampering after the checkpoint', async () => {
    const { caseId } = await longJournal();
    const { id } = await createEntry(alice, { caseId, description: 'Four' });
    await db().execute(sql`update journal_entries set description = 'Forged' where id = ${id}`);
    expect(await integrity(caseId)).toMatchObject({
      intact: false,
      firstBreak: { seq: 8, journalEntryId: id, reason: expect.stringMatching(/changed without a link/) },
    });

    const other = await longJournal();
    await createEntry(alice, { caseId: other.caseId, description: 'Four' });
    await asAttacker(db(), sql`delete from journal_chain_links where case_id = ${other.caseId} and seq = 7`);
    expect((await integrity(other.caseId)).firstBreak).toMatchObject({ seq: 7, reason: /missing/ });
  });

  it('detects rows changed long before the checkpoint by its full verification, and answers it', async () => {
    const { caseId, ids, fullyVerifiedAt } = await longJournal();
    for (const description of ['Four', 'Five']) await createEntry(alice, { caseId, description });
    expect(await integrity(caseId)).toMatchObject({ intact: true, entries: 9 });
    expect((await checkpoint(caseId)).seq).toBe(9);

    // Edited directly, behind links 1 and 2: the check from the checkpoint reads neither.
    await db().execute(sql`update journal_entries set description = 'Forged' where id = ${ids[0]}`);
    expect(await integrity(caseId)).toEqual({ intact: true, entries: 9, fullyVerifiedAt });

    // Once the last full verification is old enough, a check starts the next one, in the background.
    journalChainSettings.fullVerificationIntervalMs = 0;
    try {
      await integrity(caseId);
      await fullVerificationSettled(caseId);
      const found = await integrity(caseId);
      expect(found).toMatchObject({
        intact: false,
        entries: 9,
        firstBreak: {
          seq: 2,
          journalEntryId: ids[0],
          reason: expect.stringMatching(/changed without a link/),
        },
      });
      expect(Date.parse(found.fullyVerifiedAt)).toBeGreaterThan(Date.parse(fullyVerifiedAt));
    } finally {
      journalChainSettings.fullVerificationIntervalMs = defaults.fullVerificationIntervalMs;
    }

    const other = await longJournal();
    await createEntry(alice, { caseId: other.caseId, description: 'Four' });
    await asAttacker(
      db(),
      sql`update journal_chain_links set content_hash = ${'1'.repeat(64)} where case_id = ${other.caseId} and seq = 2`,
    );
    journalChainSettings.fullVerificationIntervalMs = 0;
    try {
      await expect
        .poll(async () => (await integrity(other.caseId)).firstBreak, { timeout: 10_000 })
        .toMatchObject({ seq: 2, reason: expect.stringMatching(/altered/) });
    } finally {
      journalChainSettings.fullVerificationIntervalMs = defaults.fullVerificationIntervalMs;
    }
  });

  it('does not trust a checkpoint edited in the database: it verifies the whole chain again', async () => {
    const { caseId, fullyVerifiedAt } = await longJournal();
    await asAttacker(db(), sql`update journal_checkpoints set seq = 5 where case_id = ${caseId}`);
    const again = await integrity(caseId);
    expect(again).toMatchObject({ intact: true, entries: 7 });
    expect(Date.parse(again.fullyVerifiedAt)).toBeGreaterThan(Date.parse(fullyVerifiedAt));
  });

  it('verifies fully in its worker, page after page, what the application hashed, and each tampering', async () => {
    const pages = structuredClone(fullVerificationPages);
    Object.assign(fullVerificationPages, {
      links: { min: 2, start: 2, max: 3 },
      entries: { min: 2, start: 2, max: 3 },
    });
    try {
      const caseId = await insertCase(db(), originatorId);
      const named = [await insertIdentifier(db(), originatorId), await insertIdentifier(db(), originatorId)];
      const shown = [
        await insertEvidence(db(), originatorId, { caseId }),
        await insertEvidence(db(), originatorId, { caseId, file: true }),
      ];
      const ids: string[] = [];
      for (const [index, body] of [
        { description: 'Ünïcødé — 😀 "quoted" \\ back\nnext line \u2028', identifierIds: named },
        { description: 'With evidence', evidence: shown, performedAt: '2024-05-06T07:08:09.123+02:00' },
        { description: 'Plain' },
        { description: 'To remove', identifierIds: [named[1]] },
      ].entries()) {
        ids.push((await createEntry(alice, { caseId, ...body })).id);
        if (index === 2)
          await alice.patch(`/api/journal-entries/${ids[2]}`, { description: 'Plain, edited' });
      }
      await alice.delete(`/api/journal-entries/${ids[3]}`);
      expect(await verifyCaseChainFully(db(), caseId)).toMatchObject({ intact: true, entries: 6 });

      // An entry inserted, one moved out of the case, a link deleted: each found by the next verification.
      const [inserted] = await db()
        .insert(journalEntries)
        .values({ caseId, type: 'note', description: 'Slipped in', originatorId })
        .returning({ id: journalEntries.id });
      expect((await verifyCaseChainFully(db(), caseId)).firstBreak).toEqual({
        seq: null,
        journalEntryId: inserted.id,
        reason: expect.stringMatching(/not in its chain/),
      });
      await asAttacker(db(), sql`delete from journal_entries where id = ${inserted.id}`);
      await db().execute(sql`update journal_entries set case_id = null where id = ${ids[1]}`);
      expect((await verifyCaseChainFully(db(), caseId)).firstBreak).toEqual({
        seq: 2,
        journalEntryId: ids[1],
        reason: expect.stringMatching(/left the case/),
      });
      await db().execute(sql`update journal_entries set case_id = ${caseId} where id = ${ids[1]}`);
      expect(await verifyCaseChainFully(db(), caseId)).toMatchObject({ intact: true });
      await asAttacker(db(), sql`delete from journal_chain_links where case_id = ${caseId} and seq = 4`);
      expect((await verifyCaseChainFully(db(), caseId)).firstBreak).toMatchObject({
        seq: 4,
        reason: expect.stringMatching(/missing/),
      });
    } finally {
      Object.assign(fullVerificationPages, pages);
    }
  });

  it('hashes in its worker exactly as canonicalJson and SHA-256 do', async () => {
    const values = [
      { b: 1, a: [true, null, 'x'], é: 'ünïcödé \u2028 😀', Z: { y: '"quoted" \\ back', x: '\n\t\u0001' } },
      { caseId: '0f0e', seq: 12345, kind: 'linked', prevHash: GENESIS_HASH, nested: [[], {}, [{ k: -3 }]] },
      'plain',
      0,
    ];
    expect(await hashCanonicalInWorker(values)).toEqual(values.map((v) => sha256Hex(canonicalJson(v))));
  });
});
