import type { JournalIntegrity } from '@scamtrail/domain/signatures';
import type { Db, DbOrTx } from '../../db/client';
import { canonicalJson, sha256Hex } from './bundle-verifier';
import { chainedContent, type SignableEntry } from './signable-content';
import { hashCanonical, type ChainFault } from './journal-chain-hash';
import { readWholeChain } from './journal-chain-full';
import {
  advanceCheckpoint,
  findChainLinksFrom,
  findCheckpoint,
  insertNextChainLink,
  recordFullVerification,
  touchCaseAppendingLink,
  type CheckpointRow,
} from './journal-chain.repository';
import {
  findCasesWithUnchainedEntries,
  findChainLinks,
  findEntryContents,
  findLastChainLink,
  hasAnyChainLink,
  insertChainLinks,
  lockCaseRow,
  type ChainLinkRow,
  type EntryContentRow,
} from './signatures.repository';

/**
 * Each case's journal as a hash chain (docs/signatures.md): every event on an entry of the case
 * appends a link holding the hash of the entry's chained content and the hash of the link before,
 * in the transaction of the event and under the lock of the case row, so links are numbered 1, 2, 3...
 * without gaps.
 */

export type ChainKind = ChainLinkRow['kind'];

export const GENESIS_HASH = '0'.repeat(64);

export function chainedContentHash(entry: SignableEntry): string {
  return sha256Hex(canonicalJson(chainedContent(entry)));
}

type LinkFields = Pick<
  ChainLinkRow,
  'caseId' | 'seq' | 'kind' | 'journalEntryId' | 'contentHash' | 'prevHash'
>;

/** A link's hash: SHA-256 of the canonical JSON of its fields (prevHash included). */
export function linkHash(link: LinkFields): string {
  return sha256Hex(canonicalJson(linkFields(link)));
}

function linkFields(link: LinkFields): LinkFields {
  const { caseId, seq, kind, journalEntryId, contentHash, prevHash } = link;
  return { caseId, seq, kind, journalEntryId, contentHash, prevHash };
}

/** Appends links for the entries (all of the one case), as they are now, after the case's last link. */
async function appendLinks(
  tx: DbOrTx,
  caseId: string,
  entries: readonly { entry: SignableEntry; kind: ChainKind }[],
): Promise<void> {
  await lockCaseRow(tx, caseId);
  const last = await findLastChainLink(tx, caseId);
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  const links = entries.map(({ entry, kind }) => {
    seq += 1;
    const fields = {
      caseId,
      seq,
      kind,
      journalEntryId: entry.id,
      contentHash: chainedContentHash(entry),
      prevHash,
    };
    prevHash = linkHash(fields);
    return { ...fields, hash: prevHash };
  });
  // In statements of 1,000 links (7,000 parameters): one statement takes at most 65,535.
  for (let start = 0; start < links.length; start += 1000) {
    await insertChainLinks(tx, links.slice(start, start + 1000));
  }
}

/**
 * Records an event on the entry in its case's chain, reading the entry as the transaction has
 * changed it. An entry in no case has no chain. Call it after the change, inside its transaction,
 * once the entry row is locked (entry first, then case: the order every journal change takes).
 */
export async function appendChainLink(tx: DbOrTx, entryId: string, kind: ChainKind): Promise<void> {
  const [entry] = await findEntryContents(tx, { ids: [entryId] });
  if (!entry?.caseId) return;
  await lockCaseRow(tx, entry.caseId);
  await appendLockedLink(tx, entry, kind);
}

/**
 * The content of an entry of a case, read before its case is locked (the statement that locks the case
 * is then followed by `appendLockedLink` alone): the journal's writes hold the case's lock for two
 * statements rather than for the whole transaction (issue 38).
 */
export async function chainedEntry(tx: DbOrTx, entryId: string): Promise<SignableEntry | undefined> {
  const [entry] = await findEntryContents(tx, { ids: [entryId] });
  return entry?.caseId ? entry : undefined;
}

/**
 * Appends the link of an event on the entry, as `appendChainLink` does, the case row already locked by
 * the transaction (entry first, then case) and the entry read after its change (`chainedEntry`).
 */
export async function appendLockedLink(
  tx: DbOrTx,
  entry: SignableEntry,
  kind: ChainKind,
  contentHash = chainedContentHash(entry),
): Promise<void> {
  if (!entry.caseId) return;
  await insertNextChainLink(tx, { caseId: entry.caseId, kind, journalEntryId: entry.id, contentHash });
}

/**
 * Links a new entry of a case (`linked`), locking the case row and marking it active in the same
 * statement: the case's lock is taken last in the entry's transaction and held for this one statement
 * and the commit (issue 38). Answers the case's status and group, or undefined when there is no such case
 * (nothing appended); the caller throws for an archived case, or one moved out of its sight, which rolls
 * the link back with the rest.
 */
export async function touchCaseLinkingEntry(
  tx: DbOrTx,
  entry: SignableEntry & { caseId: string },
  contentHash = chainedContentHash(entry),
): Promise<{ status: string; groupId: string | null } | undefined> {
  return touchCaseAppendingLink(tx, {
    caseId: entry.caseId,
    kind: 'linked',
    journalEntryId: entry.id,
    contentHash,
  });
}

/**
 * Seals the entries written before the chain existed: each gets a `linked` link with its content as
 * it is then, oldest first, one transaction per case. Run at start-up after the migrations. It acts
 * only while the chain table is still empty (the first start with it), so an entry inserted in the
 * database directly later is never sealed: the integrity check reports it.
 */
export async function sealUnchainedEntries(db: Db): Promise<number> {
  if (await hasAnyChainLink(db)) return 0;
  let sealed = 0;
  for (const caseId of await findCasesWithUnchainedEntries(db)) {
    sealed += await db.transaction(async (tx) => {
      if (!(await lockCaseRow(tx, caseId))) return 0;
      const chained = new Set((await findChainLinks(tx, caseId)).map((link) => link.journalEntryId));
      const unchained = (await findEntryContents(tx, { caseId }))
        .filter((entry) => !chained.has(entry.id))
        .sort((a, b) => a.performedAt.getTime() - b.performedAt.getTime() || (a.id < b.id ? -1 : 1));
      await appendLinks(
        tx,
        caseId,
        unchained.map((entry) => ({ entry, kind: 'linked' as const })),
      );
      return unchained.length;
    });
  }
  return sealed;
}

/**
 * How the integrity check scales (issue 38). A chain of at most `fullCheckLinks` links is checked whole
 * at every call, in one snapshot. A longer one is checked from its last checkpoint: the links after it
 * and the entries they name, every call; and whole, off the main thread, by a full verification that a
 * call starts when the last one is older than `fullVerificationIntervalMs` (or there is none). A break
 * the full verification found is answered by every call until a later full verification finds none.
 */
export const journalChainSettings = {
  fullCheckLinks: 200,
  fullVerificationIntervalMs: 5 * 60_000,
};

type Break = NonNullable<JournalIntegrity['firstBreak']>;

const broken = (links: number, seq: number | null, journalEntryId: string | null, reason: string) => ({
  intact: false,
  entries: links,
  firstBreak: { seq, journalEntryId, reason },
});

const missingLink = (expected: number, found: number): Break => ({
  seq: expected,
  journalEntryId: null,
  reason: `Link ${expected} of the chain is missing (after link ${expected - 1} comes link ${found})`,
});
const notFollowing = (link: Pick<ChainLinkRow, 'seq' | 'journalEntryId'>): Break => ({
  seq: link.seq,
  journalEntryId: link.journalEntryId,
  reason: `Link ${link.seq} does not follow link ${link.seq - 1}: the hash it names is not that link's`,
});
const altered = (link: Pick<ChainLinkRow, 'seq' | 'journalEntryId'>): Break => ({
  seq: link.seq,
  journalEntryId: link.journalEntryId,
  reason: `Link ${link.seq} was altered: its hash does not match its fields`,
});
const REASON_GONE = 'An entry of the chain no longer exists';
const REASON_LEFT = 'An entry of the chain left the case outside the journal';
const REASON_CHANGED = 'An entry changed without a link in the chain (edited directly in the database)';
const REASON_UNCHAINED = 'An entry is in the case but not in its chain (inserted directly in the database)';

/**
 * The first break among consecutive links, the first of which should be `firstSeq` naming `prevHash`;
 * `hashes` are the links' recomputed hashes. Records each entry's latest link in `latest`.
 */
function linkBreak(
  links: readonly ChainLinkRow[],
  hashes: readonly string[],
  firstSeq: number,
  prevHash: string,
  latest: Map<string, ChainLinkRow>,
): Break | null {
  let previous = prevHash;
  for (const [index, link] of links.entries()) {
    const expected = firstSeq + index;
    if (link.seq !== expected) return missingLink(expected, link.seq);
    if (link.prevHash !== previous) return notFollowing(link);
    if (hashes[index] !== link.hash) return altered(link);
    previous = link.hash;
    latest.set(link.journalEntryId, link);
  }
  return null;
}

/** The first break between entries and their latest links (`contentHashes` by entry id). */
function entryBreak(
  caseId: string,
  latest: ReadonlyMap<string, ChainLinkRow>,
  byId: ReadonlyMap<string, EntryContentRow>,
  contentHashes: ReadonlyMap<string, string>,
): Break | null {
  for (const [entryId, link] of latest) {
    const entry = byId.get(entryId);
    if (!entry) return { seq: link.seq, journalEntryId: entryId, reason: REASON_GONE };
    if (entry.caseId !== caseId && link.kind !== 'unlinked') {
      return { seq: link.seq, journalEntryId: entryId, reason: REASON_LEFT };
    }
    if (entry.caseId === caseId && link.contentHash !== contentHashes.get(entryId)) {
      return { seq: link.seq, journalEntryId: entryId, reason: REASON_CHANGED };
    }
  }
  return null;
}

const linkHashes = (links: readonly ChainLinkRow[]) => hashCanonical(links.map(linkFields));

async function contentHashesOf(entries: readonly EntryContentRow[], caseId: string) {
  const inCase = entries.filter((entry) => entry.caseId === caseId);
  const hashes = await hashCanonical(inCase.map((entry) => chainedContent(entry)));
  return new Map(inCase.map((entry, index) => [entry.id, hashes[index]]));
}

/** A checkpoint's own hash: it covers the case, the link it stands at and the checkpoint before it. */
export function checkpointHash(
  checkpoint: Pick<CheckpointRow, 'caseId' | 'seq' | 'linkHash' | 'prevHash'>,
): string {
  const { caseId, seq, linkHash: link, prevHash } = checkpoint;
  return sha256Hex(canonicalJson({ caseId, seq, linkHash: link, prevHash }));
}

function chainedCheckpoint(caseId: string, seq: number, link: string, before?: CheckpointRow) {
  const prevHash = before?.hash ?? GENESIS_HASH;
  return { seq, linkHash: link, prevHash, hash: checkpointHash({ caseId, seq, linkHash: link, prevHash }) };
}

/**
 * Checks a case's chain against the rows as they are now: numbered from 1 without gaps, each link
 * naming the hash of the one before, each hash recomputing; every entry now in the case chained, its
 * latest link's content hash its current content; every chained entry still there and in the case.
 * The first break found is answered.
 *
 * A chain longer than `journalChainSettings.fullCheckLinks` is checked from its last checkpoint (links
 * after it, entries they name), with the result of the last full verification, whose time the answer
 * gives (`fullyVerifiedAt`); an answer without it checked the whole chain.
 */
export async function checkCaseChain(db: Db, caseId: string): Promise<JournalIntegrity> {
  const last = await findLastChainLink(db, caseId);
  if (!last || last.seq <= journalChainSettings.fullCheckLinks) {
    return db.transaction((tx) => checkChainInSnapshot(tx, caseId), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }
  const checkpoint = await findCheckpoint(db, caseId);
  if (!checkpoint || checkpoint.hash !== checkpointHash(checkpoint) || checkpoint.seq < 1) {
    return verifyCaseChainFully(db, caseId);
  }
  if (checkpoint.fullBreakReason !== null) {
    startStaleVerification(db, checkpoint);
    return withFullVerification(
      broken(last.seq, checkpoint.fullBreakSeq, checkpoint.fullBreakEntryId, checkpoint.fullBreakReason),
      checkpoint,
    );
  }
  const result = await checkFromCheckpoint(db, caseId, checkpoint);
  startStaleVerification(db, checkpoint);
  return withFullVerification(result, checkpoint);
}

function withFullVerification(result: JournalIntegrity, checkpoint: CheckpointRow): JournalIntegrity {
  return { ...result, fullyVerifiedAt: checkpoint.fullyVerifiedAt.toISOString() };
}

/**
 * The links from the checkpoint on and the entries they name, in one read-only snapshot, then hashed
 * (off the main thread if there are many); an intact chain moves the checkpoint to its last link.
 */
async function checkFromCheckpoint(
  db: Db,
  caseId: string,
  checkpoint: CheckpointRow,
): Promise<JournalIntegrity> {
  const { links, entries } = await db.transaction(
    async (tx) => {
      const tail = await findChainLinksFrom(tx, caseId, checkpoint.seq);
      const ids = [...new Set(tail.slice(1).map((link) => link.journalEntryId))];
      return { links: tail, entries: ids.length ? await findEntryContents(tx, { ids }) : [] };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const [at, ...after] = links;
  const total = links.at(-1)?.seq ?? checkpoint.seq;
  if (!at || at.seq !== checkpoint.seq) {
    const found = at?.seq ?? checkpoint.seq + 1;
    return broken(total, checkpoint.seq, null, missingLink(checkpoint.seq, found).reason);
  }
  const hashes = await linkHashes(links);
  if (hashes[0] !== at.hash || at.hash !== checkpoint.linkHash) {
    const { seq, journalEntryId, reason } = altered(at);
    return broken(total, seq, journalEntryId, reason);
  }
  const latest = new Map<string, ChainLinkRow>();
  const linkFault = linkBreak(after, hashes.slice(1), checkpoint.seq + 1, at.hash, latest);
  const fault =
    linkFault ??
    entryBreak(
      caseId,
      latest,
      new Map(entries.map((entry) => [entry.id, entry])),
      await contentHashesOf(entries, caseId),
    );
  if (fault) return broken(total, fault.seq, fault.journalEntryId, fault.reason);
  const end = links.at(-1)!;
  if (end.seq > checkpoint.seq) {
    await advanceCheckpoint(
      db,
      caseId,
      checkpoint.seq,
      chainedCheckpoint(caseId, end.seq, end.hash, checkpoint),
    );
  }
  return { intact: true, entries: total };
}

const running = new Map<string, Promise<JournalIntegrity>>();

/** Starts a full verification in the background if the last one is older than the interval. */
function startStaleVerification(db: Db, checkpoint: CheckpointRow) {
  const age = Date.now() - checkpoint.fullyVerifiedAt.getTime();
  if (age < journalChainSettings.fullVerificationIntervalMs || running.has(checkpoint.caseId)) return;
  // A fault (the database gone away) leaves the last result in place; the next call starts another.
  verifyCaseChainFully(db, checkpoint.caseId).catch(() => undefined);
}

/**
 * Verifies a case's whole chain, as `checkCaseChain` does for a short one, and records the result and its
 * time on the case's checkpoint (moving the checkpoint to the last link when the chain is intact). It
 * reads in small pages, each its own statement answering one text value, and the worker thread parses,
 * builds, canonicalises and hashes them (journal-chain-full.ts), so that no step holds the event loop or
 * the database long; one runs per case at a time.
 */
export function verifyCaseChainFully(db: Db, caseId: string): Promise<JournalIntegrity> {
  const current = running.get(caseId);
  if (current) return current;
  const verification = runFullVerification(db, caseId).finally(() => running.delete(caseId));
  running.set(caseId, verification);
  return verification;
}

/** Waits for the case's full verification under way, if any (tests). */
export async function fullVerificationSettled(caseId: string): Promise<void> {
  await running.get(caseId)?.catch(() => undefined);
}

async function runFullVerification(db: Db, caseId: string): Promise<JournalIntegrity> {
  const startedAt = new Date();
  const before = await findCheckpoint(db, caseId);
  const { end, fault: found } = await readWholeChain(db, caseId, GENESIS_HASH);
  const fault = found && breakOf(found);
  const lastSeq = end?.seq ?? 0;
  const result = fault
    ? broken(lastSeq, fault.seq, fault.journalEntryId, fault.reason)
    : { intact: true, entries: lastSeq };
  const intactEnd = !fault && end ? end : undefined;
  const first = intactEnd
    ? chainedCheckpoint(caseId, intactEnd.seq, intactEnd.hash, before)
    : chainedCheckpoint(caseId, 0, GENESIS_HASH, before);
  await recordFullVerification(db, caseId, first, {
    fullyVerifiedAt: startedAt,
    fullyVerifiedSeq: lastSeq,
    fullBreakSeq: fault?.seq ?? null,
    fullBreakEntryId: fault?.journalEntryId ?? null,
    fullBreakReason: fault?.reason ?? null,
  });
  if (before && intactEnd && intactEnd.seq > before.seq) {
    await advanceCheckpoint(db, caseId, before.seq, first);
  }
  return { ...result, fullyVerifiedAt: startedAt.toISOString() };
}

/** The break a difference the worker found stands for, as the checks on the main thread word it. */
function breakOf(fault: ChainFault): Break {
  if (fault.kind === 'missing') return missingLink(fault.expected, fault.found);
  if (fault.kind === 'unchained') {
    return { seq: null, journalEntryId: fault.entryId, reason: REASON_UNCHAINED };
  }
  const link = { seq: fault.seq, journalEntryId: fault.entryId };
  switch (fault.kind) {
    case 'notFollowing':
      return notFollowing(link);
    case 'altered':
      return altered(link);
    case 'gone':
      return { ...link, reason: REASON_GONE };
    case 'left':
      return { ...link, reason: REASON_LEFT };
    case 'changed':
      return { ...link, reason: REASON_CHANGED };
  }
}

async function checkChainInSnapshot(tx: DbOrTx, caseId: string): Promise<JournalIntegrity> {
  const links = await findChainLinks(tx, caseId);
  const chainedIds = [...new Set(links.map((link) => link.journalEntryId))];
  const entries = await findEntryContents(tx, { ids: chainedIds, caseId });
  const latest = new Map<string, ChainLinkRow>();
  const fault =
    linkBreak(links, await linkHashes(links), 1, GENESIS_HASH, latest) ??
    entryBreak(
      caseId,
      latest,
      new Map(entries.map((entry) => [entry.id, entry])),
      await contentHashesOf(entries, caseId),
    );
  if (fault) return broken(links.length, fault.seq, fault.journalEntryId, fault.reason);
  const unchained = entries.find((entry) => entry.caseId === caseId && !latest.has(entry.id));
  if (unchained) return broken(links.length, null, unchained.id, REASON_UNCHAINED);
  return { intact: true, entries: links.length };
}
