import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  JOURNAL_EXCERPT_LENGTH,
  JOURNAL_SEARCH_COUNT_CAP,
  type JournalSearchQuery,
} from '@scamtrail/domain/journal-entries';
import { visibleCaseCondition } from '../../db/case-visibility';
import type { DbOrTx } from '../../db/client';
import { cases, journalEntries } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import type { Principal } from '../auth/principal';

/** How much of the description an excerpt keeps before the first match. */
const EXCERPT_LEAD = 60;

/**
 * The live entries of visible cases whose description holds the text. The join is an inner one:
 * an entry not yet in a case has nowhere to be opened, and is left out.
 */
export function searchCondition(query: JournalSearchQuery, principal: Principal): SQL {
  const conditions: SQL[] = [
    visibleCaseCondition(principal),
    eq(journalEntries.isNullified, false),
    // The trigram index (journal_entries_description_trgm_idx) finds the candidates.
    ilike(journalEntries.description, containsPattern(query.search)),
  ];
  if (query.type) conditions.push(eq(journalEntries.type, query.type));
  return and(...conditions)!;
}

/**
 * Up to JOURNAL_EXCERPT_LENGTH characters of the description, starting EXCERPT_LEAD before the first
 * match, with … where it is cut. `lower` finds the match as ILIKE does for the scripts case applies to;
 * when it does not (strpos 0), the excerpt starts at the beginning.
 */
export function excerpt(term: string): SQL<string> {
  const description = journalEntries.description;
  const length = sql.raw(String(JOURNAL_EXCERPT_LENGTH));
  const start = sql`greatest(1, strpos(lower(${description}), lower(${term}::text)) - ${sql.raw(String(EXCERPT_LEAD))})`;
  return sql<string>`case when char_length(${description}) <= ${length} then ${description} else
    (case when ${start} > 1 then '…' else '' end)
    || substr(${description}, ${start}, ${length})
    || (case when ${start} + ${length} <= char_length(${description}) then '…' else '' end) end`;
}

/** What a hit is read as, over `journal_entries` joined to its case: the page's and the CSV's columns. */
export function searchHitColumns(search: string) {
  return {
    id: journalEntries.id,
    type: journalEntries.type,
    performedAt: journalEntries.performedAt,
    excerpt: excerpt(search),
    originatorId: journalEntries.originatorId,
    caseId: cases.id,
    caseNumber: cases.number,
    caseTitle: cases.title,
    caseStatus: cases.status,
  };
}

/** A hit as `searchHitColumns` reads it. */
export interface SearchHitRow {
  id: string;
  type: string;
  performedAt: Date;
  excerpt: string;
  originatorId: string | null;
  caseId: string;
  caseNumber: number;
  caseTitle: string;
  caseStatus: string;
}

/** A page of the hits, latest performed first, each with its excerpt and case. */
export function findSearchHits(db: DbOrTx, query: JournalSearchQuery, principal: Principal) {
  return db
    .select(searchHitColumns(query.search))
    .from(journalEntries)
    .innerJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(searchCondition(query, principal))
    .orderBy(desc(journalEntries.performedAt), desc(journalEntries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** How many match, counting no further than JOURNAL_SEARCH_COUNT_CAP + 1. */
export async function countSearchHits(
  db: DbOrTx,
  query: JournalSearchQuery,
  principal: Principal,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(journalEntries)
    .innerJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(searchCondition(query, principal))
    .limit(JOURNAL_SEARCH_COUNT_CAP + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  return n;
}
