import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAnyUuid, rowsOf } from '../../db/sql/arrays';
import { cases, journalChainLinks, journalCheckpoints, journalEntries } from '../../db/schema/index';
import { preparedAcrossTransactions } from '../../db/prepared';
import type { ChainLinkRow } from './signatures.repository';

/** What the chain's checkpoints and its full verification read and write (journal-chain.ts). */

export type CheckpointRow = typeof journalCheckpoints.$inferSelect;

export async function findCheckpoint(db: DbOrTx, caseId: string): Promise<CheckpointRow | undefined> {
  const [row] = await db.select().from(journalCheckpoints).where(eq(journalCheckpoints.caseId, caseId));
  return row;
}

/** The links of a case from `fromSeq` on, in order, at most `limit` of them (the primary key's order). */
export async function findChainLinksFrom(
  db: DbOrTx,
  caseId: string,
  fromSeq: number,
  limit?: number,
): Promise<ChainLinkRow[]> {
  const query = db
    .select()
    .from(journalChainLinks)
    .where(and(eq(journalChainLinks.caseId, caseId), gte(journalChainLinks.seq, fromSeq)))
    .orderBy(asc(journalChainLinks.seq));
  return limit === undefined ? query : query.limit(limit);
}

/** The ids of the entries now in the case (the index on `case_id` alone). */
export async function findCaseEntryIds(db: DbOrTx, caseId: string): Promise<string[]> {
  const rows = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.caseId, caseId));
  return rows.map((row) => row.id);
}

/** Whether the entry has a link in the case's chain after `seq` (a change the application made since). */
export async function hasLinkAfter(db: DbOrTx, caseId: string, entryId: string, seq: number) {
  const rows = await db
    .select({ seq: journalChainLinks.seq })
    .from(journalChainLinks)
    .where(
      and(
        eq(journalChainLinks.caseId, caseId),
        gt(journalChainLinks.seq, seq),
        eq(journalChainLinks.journalEntryId, entryId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Moves the checkpoint from `fromSeq` to a later link; nothing if another check moved it meanwhile. */
export async function advanceCheckpoint(
  db: DbOrTx,
  caseId: string,
  fromSeq: number,
  to: Pick<CheckpointRow, 'seq' | 'linkHash' | 'prevHash' | 'hash'>,
): Promise<void> {
  await db
    .update(journalCheckpoints)
    .set({ ...to, checkedAt: sql`now()` })
    .where(and(eq(journalCheckpoints.caseId, caseId), eq(journalCheckpoints.seq, fromSeq)));
}

/**
 * Records a full verification: when it started, how far it went, its first break (or none). A case
 * without a checkpoint gets `first` as its checkpoint.
 */
export async function recordFullVerification(
  db: DbOrTx,
  caseId: string,
  first: Pick<CheckpointRow, 'seq' | 'linkHash' | 'prevHash' | 'hash'>,
  full: Pick<
    CheckpointRow,
    'fullyVerifiedAt' | 'fullyVerifiedSeq' | 'fullBreakSeq' | 'fullBreakEntryId' | 'fullBreakReason'
  >,
): Promise<void> {
  await db
    .insert(journalCheckpoints)
    .values({ caseId, ...first, ...full })
    .onConflictDoUpdate({ target: journalCheckpoints.caseId, set: full });
}

/**
 * Appends one link after the case's last: its number, the hash it follows and its own hash (`linkHash`:
 * SHA-256 of the canonical JSON of its fields) are computed by the database, in the function
 * `journal_chain_append` (migration 0032). The caller holds the case row's lock, so the last link the
 * function reads is the last there is.
 */
export async function insertNextChainLink(
  db: DbOrTx,
  link: Pick<ChainLinkRow, 'caseId' | 'kind' | 'journalEntryId' | 'contentHash'>,
): Promise<void> {
  await db.execute(
    sql`select journal_chain_append(${link.caseId}::uuid, ${link.kind}, ${link.journalEntryId}::uuid, ${link.contentHash})`,
  );
}

const touchAppendingLink = preparedAcrossTransactions((db) => {
  const touched = db.$with('touched').as(
    db
      .update(cases)
      .set({ lastActivityAt: sql`now()` })
      .where(eq(cases.id, sql.placeholder('caseId')))
      .returning({ id: cases.id, status: cases.status, groupId: cases.groupId }),
  );
  const appended = sql<number>`journal_chain_append(${touched.id}, ${sql.placeholder('kind')},
    ${sql.placeholder('journalEntryId')}::uuid, ${sql.placeholder('contentHash')})`;
  return db
    .with(touched)
    .select({ status: touched.status, groupId: touched.groupId, seq: appended })
    .from(touched)
    .prepare('journal_case_touch_append_link');
});

/**
 * Marks the case active now, locking its row, and appends the entry's link to its chain, in one
 * statement (issue 38: the case's lock is held for this statement and the commit, no round trip of the
 * application between). The function runs on the row the update answers, so after the lock is granted,
 * and reads the last link with a snapshot of its own (migration 0032): the link a writer before committed.
 * Answers the case's status and group (the caller refuses an archived case, or one moved out of its
 * sight, which rolls the link back), or undefined when the case does not exist (nothing appended).
 * Built once and named: parsed once per connection.
 */
export async function touchCaseAppendingLink(
  db: DbOrTx,
  link: Pick<ChainLinkRow, 'caseId' | 'kind' | 'journalEntryId' | 'contentHash'>,
): Promise<{ status: string; groupId: string | null } | undefined> {
  const [row] = await touchAppendingLink(db).execute({
    caseId: link.caseId,
    kind: link.kind,
    journalEntryId: link.journalEntryId,
    contentHash: link.contentHash,
  });
  return row && { status: row.status, groupId: row.groupId };
}

/**
 * Pages of a case's chain and entries for its full verification, each page one row holding one text
 * value: the event loop only receives it and hands it to the worker, which parses and hashes it
 * (journal-chain-hash.ts). Lines are JSON arrays, one a link or an entry.
 */
export interface TextPage {
  count: number;
  text: string | null;
}

/** Links `[seq, kind, journalEntryId, contentHash, prevHash, hash]` from `fromSeq` on, at most `limit`. */
export async function readChainLinkPage(
  db: DbOrTx,
  caseId: string,
  fromSeq: number,
  limit: number,
): Promise<TextPage> {
  const result = await db.execute(sql`select count(*)::int as count, string_agg(json_build_array(
      seq, kind, journal_entry_id, content_hash, prev_hash, hash)::text, E'\n' order by seq) as text
    from (select * from ${journalChainLinks} where case_id = ${caseId}::uuid and seq >= ${fromSeq}::int
      order by seq limit ${limit}::int) as page`);
  return rowsOf<TextPage>(result)[0];
}

/**
 * An entry as the worker builds its chained content from it (signable-content.ts): `[id, caseId, type,
 * description, performedAt, originatorId, proxyOriginatorId, identifierIds, [[evidenceId, sha256]...],
 * isNullified, nullifiedReason, nullifiedAt, nullifiedByOriginatorId]`, timestamps as the database writes
 * them as text (what the application parses with `new Date` too).
 */
const ENTRY_ROW = sql`json_build_array(e.id, e.case_id, e.type, e.description, e.performed_at::text,
  e.originator_id, e.proxy_originator_id,
  (select coalesce(json_agg(i.identifier_id), '[]') from journal_entry_identifiers i
    where i.journal_entry_id = e.id),
  (select coalesce(json_agg(json_build_array(v.id, v.sha256)), '[]') from journal_entry_evidence l
    inner join evidence v on v.id = l.evidence_id where l.journal_entry_id = e.id),
  e.is_nullified, e.nullified_reason, e.nullified_at::text, e.nullified_by_originator_id)::text`;

/** The entries of the given ids, wherever they are now. */
export async function readEntryRows(db: DbOrTx, ids: readonly string[]): Promise<TextPage> {
  const result = await db.execute(sql`select count(*)::int as count, string_agg(${ENTRY_ROW}, E'\n') as text
    from ${journalEntries} e where ${isAnyUuid(sql`e.id`, ids)}`);
  return rowsOf<TextPage>(result)[0];
}

/** How many entries the case holds now, removed ones included (an index-only count). */
export async function countCaseEntries(db: DbOrTx, caseId: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as count from ${journalEntries} where case_id = ${caseId}::uuid`,
  );
  return rowsOf<{ count: number }>(result)[0].count;
}

/** Up to `limit` entries of the case without a link in its chain up to `lastSeq`. */
export async function findUnchainedEntryIds(
  db: DbOrTx,
  caseId: string,
  lastSeq: number,
  limit: number,
): Promise<string[]> {
  const result = await db.execute(sql`select e.id from ${journalEntries} e
    where e.case_id = ${caseId}::uuid and not exists (select 1 from ${journalChainLinks} l
      where l.journal_entry_id = e.id and l.case_id = ${caseId}::uuid and l.seq <= ${lastSeq}::int)
    order by e.id limit ${limit}::int`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}
