import { and, asc, count, desc, eq, inArray, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cases,
  evidence,
  evidenceIdentifiers,
  identifiers,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
} from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { isAnyUuid } from '../../db/sql/arrays';
import { visibleCaseCondition } from '../../db/case-visibility';

/**
 * The records around one identifier for its detail view, a page at a time with their numbers. Evidence
 * and journal entries of cases the caller may not see are left out like the cases themselves (records
 * with no case stay visible).
 *
 * Every statement starts from the link tables, which carry copies of what the listings filter and
 * sort by (kept by the database's triggers, migration 0009): a page is read off the link index in its
 * order and only its rows are joined to their entries or items; the counts are grouped by case off the
 * same index (an index-only scan, no row of `journal_entries` or `evidence` read) and only the distinct
 * cases are checked for visibility. For a caller who sees every case, `visibleCaseCondition` is `true`
 * and PostgreSQL drops the join to `cases` altogether. For a caller who sees only some cases, a page
 * looks up the case of each link it walks, so it reads as many links as precede the page's last visible
 * one: bounded by the identifier's links in the worst case (most of them in hidden cases).
 */

export interface PageRequest {
  page: number;
  pageSize: number;
}

const offsetOf = (page: PageRequest) => (page.page - 1) * page.pageSize;

/** Whether to list every evidence item, only those holding a file (media), or only those without. */
export type FileFilter = boolean | undefined;

const ei = evidenceIdentifiers;
const jei = journalEntryIdentifiers;

/** Newest first as the link indexes store it (NULLS LAST; the columns are NOT NULL). */
const newestFirst = (at: AnyColumn, id: AnyColumn) => [
  sql`${at} desc nulls last`,
  sql`${id} desc nulls last`,
];

function evidenceLinksWhere(identifierId: string, hasFile: FileFilter): SQL | undefined {
  return and(eq(ei.identifierId, identifierId), hasFile === undefined ? undefined : eq(ei.hasFile, hasFile));
}

/** One page of the evidence naming the identifier, newest first. */
export async function findIdentifierEvidencePage(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  page: PageRequest,
  hasFile?: FileFilter,
) {
  const links = db.$with('links').as(
    db
      .select({ evidenceId: ei.evidenceId, at: ei.evidenceCreatedAt })
      .from(ei)
      .leftJoin(cases, eq(cases.id, ei.caseId))
      .where(and(evidenceLinksWhere(identifierId, hasFile), visibleCaseCondition(principal)))
      .orderBy(...newestFirst(ei.evidenceCreatedAt, ei.evidenceId))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
  );
  return db
    .with(links)
    .select({
      id: evidence.id,
      title: evidence.title,
      kind: evidence.kind,
      fileName: evidence.fileName,
      contentType: evidence.contentType,
      sizeBytes: evidence.sizeBytes,
      sha256: evidence.sha256,
      createdAt: evidence.createdAt,
    })
    .from(links)
    .innerJoin(evidence, eq(evidence.id, links.evidenceId))
    .orderBy(desc(links.at), desc(links.evidenceId));
}

/** How many evidence items name the identifier, and how many of them hold a file, in one statement. */
export async function countIdentifierEvidence(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  hasFile?: FileFilter,
): Promise<{ evidence: number; media: number }> {
  const perCase = db
    .select({
      caseId: ei.caseId,
      items: sql<number>`count(*)`.as('items'),
      media: sql<number>`count(*) filter (where ${ei.hasFile})`.as('media'),
    })
    .from(ei)
    .where(evidenceLinksWhere(identifierId, hasFile))
    .groupBy(ei.caseId)
    .as('per_case');
  const [row] = await db
    .select({
      evidence: sql<number>`coalesce(sum(${perCase.items}), 0)::int`.mapWith(Number),
      media: sql<number>`coalesce(sum(${perCase.media}), 0)::int`.mapWith(Number),
    })
    .from(perCase)
    .leftJoin(cases, eq(cases.id, perCase.caseId))
    .where(visibleCaseCondition(principal));
  return row;
}

const liveEntryLinksOf = (identifierId: string) =>
  and(eq(jei.identifierId, identifierId), eq(jei.isNullified, false));

/** One page of the journal entries naming the identifier, newest first; nullified entries are left out. */
export async function findIdentifierJournalEntryPage(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  page: PageRequest,
) {
  const links = db.$with('links').as(
    db
      .select({ journalEntryId: jei.journalEntryId, at: jei.performedAt })
      .from(jei)
      .leftJoin(cases, eq(cases.id, jei.caseId))
      .where(and(liveEntryLinksOf(identifierId), visibleCaseCondition(principal)))
      .orderBy(...newestFirst(jei.performedAt, jei.journalEntryId))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
  );
  return db
    .with(links)
    .select({
      id: journalEntries.id,
      type: journalEntries.type,
      description: journalEntries.description,
      performedAt: journalEntries.performedAt,
      createdAt: journalEntries.createdAt,
    })
    .from(links)
    .innerJoin(journalEntries, eq(journalEntries.id, links.journalEntryId))
    .orderBy(desc(links.at), desc(links.journalEntryId));
}

export async function countIdentifierJournalEntries(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
): Promise<number> {
  const perCase = db
    .select({ caseId: jei.caseId, entries: sql<number>`count(*)`.as('entries') })
    .from(jei)
    .where(liveEntryLinksOf(identifierId))
    .groupBy(jei.caseId)
    .as('per_case');
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${perCase.entries}), 0)::int`.mapWith(Number) })
    .from(perCase)
    .leftJoin(cases, eq(cases.id, perCase.caseId))
    .where(visibleCaseCondition(principal));
  return n;
}

/**
 * For each journal entry of a page, the ids of its evidence that holds a file (its media) and that the
 * caller may see (an entry may hold evidence of another case, as the timeline's entries do): one
 * statement with the entry ids as one array parameter.
 */
export async function findJournalEntryMediaIds(
  db: DbOrTx,
  journalEntryIds: readonly string[],
  principal: Principal,
): Promise<Map<string, string[]>> {
  const media = new Map<string, string[]>();
  if (journalEntryIds.length === 0) return media;
  const rows = await db
    .select({ entryId: journalEntryEvidence.journalEntryId, evidenceId: journalEntryEvidence.evidenceId })
    .from(journalEntryEvidence)
    .innerJoin(evidence, eq(evidence.id, journalEntryEvidence.evidenceId))
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(
      and(
        isAnyUuid(journalEntryEvidence.journalEntryId, journalEntryIds),
        isNotNull(evidence.fileName),
        visibleCaseCondition(principal),
      ),
    )
    .orderBy(asc(evidence.createdAt), asc(evidence.id));
  for (const row of rows) media.set(row.entryId, [...(media.get(row.entryId) ?? []), row.evidenceId]);
  return media;
}

/**
 * The cases the identifier appears in, through live journal entries or evidence, that the caller may
 * see. The case ids come off the link indexes alone (index-only scans); one `in (… union …)` lets
 * PostgreSQL collect them and look the cases up by key.
 */
function identifierCasesWhere(db: DbOrTx, identifierId: string, principal: Principal): SQL | undefined {
  const viaJournal = db.select({ caseId: jei.caseId }).from(jei).where(liveEntryLinksOf(identifierId));
  const viaEvidence = db.select({ caseId: ei.caseId }).from(ei).where(eq(ei.identifierId, identifierId));
  return and(inArray(cases.id, viaJournal.union(viaEvidence)), visibleCaseCondition(principal));
}

/** One page of the identifier's cases, newest first. */
export async function findIdentifierCasePage(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  page: PageRequest,
) {
  return db
    .select({ id: cases.id, title: cases.title, status: cases.status })
    .from(cases)
    .where(identifierCasesWhere(db, identifierId, principal))
    .orderBy(desc(cases.createdAt), desc(cases.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
}

export async function countIdentifierCases(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(cases)
    .where(identifierCasesWhere(db, identifierId, principal));
  return n;
}

/** What the pivot reads besides the counts: when the identifier was first and last seen, and by whom. */
export interface IdentifierSightings {
  firstSeenAt: Date | null;
  lastSeenAt: Date | null;
  /** Distinct sources: the identifier's own and those of the entries and items counted. */
  originatorCount: number;
}

/**
 * When the identifier was first and last seen (live journal entries by when they were performed,
 * evidence by when it was recorded) and how many distinct sources reported it, over the entries and
 * items of cases the caller may see (or of none) that `include` lets through: the caller's view
 * permissions. A source is whom a record was made on behalf of, else who made it; the identifier's
 * own source counts, as its detail already names it. One statement: the links are read off their
 * indexes, and only their entries or items are joined for their originators.
 */
const none = sql`select null::uuid as case_id, null::timestamptz as at, null::uuid as source where false`;

export async function findIdentifierSightings(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  include: { journalEntries: boolean; evidence: boolean },
): Promise<IdentifierSightings> {
  const viaEntries = include.journalEntries
    ? sql`select ${jei.caseId} as case_id, ${jei.performedAt} as at,
        coalesce(${journalEntries.proxyOriginatorId}, ${journalEntries.originatorId}) as source
      from ${jei} inner join ${journalEntries} on ${journalEntries.id} = ${jei.journalEntryId}
      where ${jei.identifierId} = ${identifierId} and ${jei.isNullified} = false`
    : none;
  const viaEvidence = include.evidence
    ? sql`select ${ei.caseId}, ${ei.evidenceCreatedAt},
        coalesce(${evidence.proxyOriginatorId}, ${evidence.originatorId})
      from ${ei} inner join ${evidence} on ${evidence.id} = ${ei.evidenceId}
      where ${ei.identifierId} = ${identifierId}`
    : none;
  const result = await db.execute(sql`
    with seen as (
      select links.at, links.source
      from (${viaEntries} union all ${viaEvidence}) links
      left join ${cases} on ${cases.id} = links.case_id
      where ${visibleCaseCondition(principal)}
    )
    select (select min(at) from seen) as first_seen, (select max(at) from seen) as last_seen,
      (select count(*)::int from (
        select source from seen
        union select coalesce(${identifiers.proxyOriginatorId}, ${identifiers.originatorId})
          from ${identifiers} where ${identifiers.id} = ${identifierId}
      ) sources where source is not null) as sources`);
  const [row] = (
    result as unknown as {
      rows: { first_seen: string | Date | null; last_seen: string | Date | null; sources: number }[];
    }
  ).rows;
  const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));
  return {
    firstSeenAt: toDate(row.first_seen),
    lastSeenAt: toDate(row.last_seen),
    originatorCount: Number(row.sources),
  };
}
