import type { JournalIntegrity } from '@scamtrail/domain/signatures';
import type { Db, DbOrTx } from '../../db/client';
import { canonicalJson, sha256Hex } from './bundle-verifier';
import { chainedContent, type SignableEntry } from './signable-content';
import {
  findCasesWithUnchainedEntries,
  findChainLinks,
  findEntryContents,
  findLastChainLink,
  hasAnyChainLink,
  insertChainLinks,
  lockCaseRow,
  type ChainLinkRow,
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
  const { caseId, seq, kind, journalEntryId, contentHash, prevHash } = link;
  return sha256Hex(canonicalJson({ caseId, seq, kind, journalEntryId, contentHash, prevHash }));
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
  await insertChainLinks(tx, links);
}

/**
 * Records an event on the entry in its case's chain, reading the entry as the transaction has
 * changed it. An entry in no case has no chain. Call it after the change, inside its transaction,
 * once the entry row is locked (entry first, then case: the order every journal change takes).
 */
export async function appendChainLink(tx: DbOrTx, entryId: string, kind: ChainKind): Promise<void> {
  const [entry] = await findEntryContents(tx, { ids: [entryId] });
  if (!entry?.caseId) return;
  await appendLinks(tx, entry.caseId, [{ entry, kind }]);
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

const broken = (links: number, seq: number | null, journalEntryId: string | null, reason: string) => ({
  intact: false,
  entries: links,
  firstBreak: { seq, journalEntryId, reason },
});

/**
 * Checks a case's chain against the rows as they are now: numbered from 1 without gaps, each link
 * naming the hash of the one before, each hash recomputing; every entry now in the case chained, its
 * latest link's content hash its current content; every chained entry still there and in the case.
 * The first break found is answered.
 *
 * The links and the entries are read in one read-only snapshot (repeatable read). Read apart, an entry
 * the application changed between the two statements came with content newer than the links read
 * before it, and was reported as changed (or inserted) behind the application's back.
 */
export async function checkCaseChain(db: Db, caseId: string): Promise<JournalIntegrity> {
  return db.transaction((tx) => checkChainInSnapshot(tx, caseId), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function checkChainInSnapshot(tx: DbOrTx, caseId: string): Promise<JournalIntegrity> {
  const links = await findChainLinks(tx, caseId);
  const chainedIds = [...new Set(links.map((link) => link.journalEntryId))];
  const entries = await findEntryContents(tx, { ids: chainedIds, caseId });
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const latest = new Map<string, ChainLinkRow>();
  let prevHash = GENESIS_HASH;
  for (const [index, link] of links.entries()) {
    const expected = index + 1;
    if (link.seq !== expected) {
      return broken(
        links.length,
        expected,
        null,
        `Link ${expected} of the chain is missing (after link ${expected - 1} comes link ${link.seq})`,
      );
    }
    if (link.prevHash !== prevHash) {
      return broken(
        links.length,
        link.seq,
        link.journalEntryId,
        `Link ${link.seq} does not follow link ${link.seq - 1}: the hash it names is not that link's`,
      );
    }
    if (linkHash(link) !== link.hash) {
      return broken(
        links.length,
        link.seq,
        link.journalEntryId,
        `Link ${link.seq} was altered: its hash does not match its fields`,
      );
    }
    prevHash = link.hash;
    latest.set(link.journalEntryId, link);
  }
  for (const [entryId, link] of latest) {
    const entry = byId.get(entryId);
    if (!entry) {
      return broken(links.length, link.seq, entryId, 'An entry of the chain no longer exists');
    }
    if (entry.caseId !== caseId && link.kind !== 'unlinked') {
      return broken(
        links.length,
        link.seq,
        entryId,
        'An entry of the chain left the case outside the journal',
      );
    }
    if (entry.caseId === caseId && link.contentHash !== chainedContentHash(entry)) {
      return broken(
        links.length,
        link.seq,
        entryId,
        'An entry changed without a link in the chain (edited directly in the database)',
      );
    }
  }
  const unchained = entries.find((entry) => entry.caseId === caseId && !latest.has(entry.id));
  if (unchained) {
    return broken(
      links.length,
      null,
      unchained.id,
      'An entry is in the case but not in its chain (inserted directly in the database)',
    );
  }
  return { intact: true, entries: links.length };
}
