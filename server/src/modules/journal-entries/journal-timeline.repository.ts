import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { CaseJournalQuery, JournalEntry } from '@scamtrail/domain/journal-entries';
import type { DbOrTx } from '../../db/client';
import { fixedWindow, windowBounds, windowName, windowParams, type PageWindow } from '../../db/page-window';
import {
  cases,
  evidence,
  identifiers,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
  journalSignatures,
} from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { containsPattern } from '../../lib/search';
import {
  visibleCaseCondition,
  viewerKind,
  viewerParams,
  viewerSees,
  viewerTemplate,
  type ViewerKind,
} from '../../db/case-visibility';
import { preparedAcrossTransactions, preparedVariants } from '../../db/prepared';
import { eventInsert, eventStatementParams, type NewEvent } from '../events/events.service';
import { entryColumns } from '../../db/sql/entry-columns';
import { isoText, selectField } from '../../db/sql/json';
import { originatorDisplayNameSql, originatorSummaryJson } from '../../db/sql/originators';

type EntrySource = SubqueryWithSelection<typeof entryColumns, string>;

/**
 * The entries of `rows` (journal entry columns) as one JSON array of public entries
 * (`journalEntrySchema`), in `orderBy`, written whole by the database: each with its originator and
 * proxy, the evidence the viewer may see (evidence of cases hidden from them is left out, as
 * everywhere else, and all of it without `evidence.view`), its identifiers (none without
 * `identifier.view`), its signer and its remover. A page of entries is one statement,
 * and its answer needs no mapping in JavaScript. The tests' verify mode checks every such answer
 * against the schema.
 */
function entriesJson(rows: EntrySource, viewer: Principal, orderBy: SQL) {
  const entry = sql`json_build_object('id', ${rows.id}, 'caseId', ${rows.caseId}, 'type', ${rows.type},
    'description', ${rows.description}, 'performedAt', ${isoText(rows.performedAt)},
    'createdAt', ${isoText(rows.createdAt)}, 'updatedAt', ${isoText(rows.updatedAt)},
    'originator', ${originatorSummaryJson(rows.originatorId, sql`'proxy', ${originatorSummaryJson(rows.proxyOriginatorId)}`)},
    'evidence', entry_evidence.items, 'identifierIds', entry_identifiers.ids,
    'identifiers', entry_identifiers.items, 'mediaIds', entry_evidence.media_ids,
    'isSigned', entry_signature.signed_by is not null, 'signedBy', entry_signature.signed_by,
    'isNullified', ${rows.isNullified}, 'nullifiedReason', ${rows.nullifiedReason},
    'nullifiedAt', ${isoText(rows.nullifiedAt)},
    'nullifiedBy', ${originatorDisplayNameSql(rows.nullifiedByOriginatorId)})`;
  const linkOrder = (linkedAt: AnyColumn, id: AnyColumn) => sql`order by ${linkedAt}, ${id}`;
  const evidenceOrder = linkOrder(journalEntryEvidence.createdAt, evidence.id);
  const identifierOrder = linkOrder(journalEntryIdentifiers.createdAt, identifiers.id);
  return sql`(select coalesce(json_agg(${entry} ${orderBy}), '[]') from ${rows}
    cross join lateral (select
        coalesce(json_agg(json_build_object('id', ${evidence.id}, 'title', ${evidence.title},
          'kind', ${evidence.kind}, 'mediaType', ${evidence.contentType}, 'sha256', ${evidence.sha256})
          ${evidenceOrder}), '[]') as items,
        coalesce(json_agg(${evidence.id} ${evidenceOrder}) filter (where ${evidence.fileName} is not null), '[]')
          as media_ids
      from ${journalEntryEvidence}
      inner join ${evidence} on ${evidence.id} = ${journalEntryEvidence.evidenceId}
      left join ${cases} on ${cases.id} = ${evidence.caseId}
      where ${journalEntryEvidence.journalEntryId} = ${rows.id} and ${visibleCaseCondition(viewer)}
        and ${viewerSees('evidence')}) as entry_evidence
    cross join lateral (select
        coalesce(json_agg(json_build_object('id', ${identifiers.id}, 'type', ${identifiers.type},
          'displayValue', ${identifiers.displayValue}) ${identifierOrder}), '[]') as items,
        coalesce(json_agg(${identifiers.id} ${identifierOrder}), '[]') as ids
      from ${journalEntryIdentifiers}
      inner join ${identifiers} on ${identifiers.id} = ${journalEntryIdentifiers.identifierId}
      where ${journalEntryIdentifiers.journalEntryId} = ${rows.id} and ${viewerSees('identifiers')})
      as entry_identifiers
    cross join lateral (select (select ${journalSignatures.signerName} from ${journalSignatures}
      where ${journalSignatures.journalEntryId} = ${rows.id}) as signed_by) as entry_signature)`;
}

const entriesByIds = preparedVariants((db, kind) => {
  const rows = db
    .select(entryColumns)
    .from(journalEntries)
    .where(sql`${journalEntries.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .as('entry');
  return db
    .select({
      entries: selectField<JournalEntry[]>(entriesJson(rows, viewerTemplate(kind as ViewerKind), sql``)),
    })
    .from(sql`(values (1)) as one (x)`)
    .prepare(`entries_by_ids_${kind}`);
});

/** The public entries of these ids, in their order, in one statement for them all. */
export async function findEntries(
  db: DbOrTx,
  entryIds: readonly string[],
  principal: Principal,
): Promise<JournalEntry[]> {
  if (entryIds.length === 0) return [];
  const [{ entries }] = await entriesByIds(db, viewerKind(principal)).execute({
    ids: [...entryIds],
    ...viewerParams(principal),
  });
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return entryIds.map((id) => byId.get(id)!);
}

/** The public entry of an id just read or written, by the same statement (see `findEntries`). */
export async function findEntry(db: DbOrTx, entryId: string, principal: Principal): Promise<JournalEntry> {
  const [entry] = await findEntries(db, [entryId], principal);
  return entry;
}

const entryRecorded = preparedAcrossTransactions((db, kind) => {
  // A data-modifying WITH runs whether or not the select reads it; the select sees the entry and its
  // links as the transaction's earlier statements wrote them.
  const recorded = db.$with('recorded', { one: sql<number>`1` }).as(
    eventInsert(db)
      .returning({ one: sql<number>`1` })
      .getSQL(),
  );
  const rows = db
    .select(entryColumns)
    .from(journalEntries)
    .where(sql`${journalEntries.id} = ${sql.placeholder('entryId')}::uuid`)
    .as('entry');
  const entries = entriesJson(rows, viewerTemplate(kind as ViewerKind), sql``);
  return db
    .with(recorded)
    .select({ entry: selectField<string>(sql`(${entries} -> 0)::text`) })
    .from(sql`(values (1)) as one (x)`)
    .prepare(`journal_entry_recorded_${kind}`);
});

/**
 * Writes the audit event of an entry just created and reads the entry's public answer (as
 * `findEntry` writes it, as JSON text), in one statement of the entry's transaction: one round trip
 * for what were two (the event, then the entry read back after the commit; issue 38).
 */
export async function recordEventReadingEntry(
  db: DbOrTx,
  event: NewEvent,
  entryId: string,
  principal: Principal,
): Promise<string> {
  const [{ entry }] = await entryRecorded(db, viewerKind(principal)).execute({
    entryId,
    ...viewerParams(principal),
    ...eventStatementParams(event),
  });
  return entry;
}

/** The filters that change the timeline statement's text; their values are placeholders. */
interface TimelineShape {
  kind: ViewerKind;
  includeNullified: boolean;
  byType: boolean;
  hasEvidence: 'any' | 'with' | 'without';
  /** A text to find in the descriptions (its pattern a placeholder). */
  bySearch: boolean;
  /** The page's LIMIT and OFFSET written into the statement (see `fixedWindow`), or null. */
  window: PageWindow | null;
}

function shapeOf(query: CaseJournalQuery, principal: Principal): TimelineShape {
  return {
    kind: viewerKind(principal),
    includeNullified: !!query.includeNullified,
    byType: !!query.type,
    hasEvidence: query.hasEvidence === undefined ? 'any' : query.hasEvidence ? 'with' : 'without',
    // The text schema has trimmed it: blank is no search.
    bySearch: Boolean(query.search),
    window: fixedWindow(query),
  };
}

/**
 * The condition of a case's journal page; it walks journal_entries_case_timeline_idx. "Has evidence"
 * counts only evidence the caller may see, as the entries show it. A search reads the descriptions of
 * the case's entries only, through the same index: no text index is needed for one case's journal.
 */
function timelineCondition(shape: TimelineShape, viewer: Principal) {
  // Spelled out: the visibility condition names "cases" columns, hence that table keeps its name.
  const withEvidence = sql`exists (select 1 from journal_entry_evidence jee
    inner join evidence e on e.id = jee.evidence_id
    left join cases on cases.id = e.case_id
    where jee.journal_entry_id = ${journalEntries.id} and ${visibleCaseCondition(viewer)})`;
  return and(
    eq(journalEntries.caseId, sql.placeholder('caseId')),
    shape.includeNullified ? undefined : eq(journalEntries.isNullified, false),
    shape.byType ? eq(journalEntries.type, sql.placeholder('type')) : undefined,
    shape.bySearch ? sql`${journalEntries.description} ilike ${sql.placeholder('pattern')}` : undefined,
    shape.hasEvidence === 'any'
      ? undefined
      : shape.hasEvidence === 'with'
        ? withEvidence
        : sql`not ${withEvidence}`,
  );
}

/**
 * One statement for a journal page: the case if the caller may see it, the number of matching
 * entries, and the page newest first (performedAt, then id) as JSON text, ready to send. No row
 * means the case is missing or hidden.
 */
const timelinePage = preparedVariants((db, key) => {
  const shape = JSON.parse(key) as TimelineShape;
  const bounds = windowBounds(shape.window);
  const viewer = viewerTemplate(shape.kind);
  const where = timelineCondition(shape, viewer);
  const visibleCase = db
    .select({
      id: cases.id,
      total: selectField<number>(sql`(select count(*) from ${journalEntries} where ${where})`).as('total'),
    })
    .from(cases)
    .where(and(eq(cases.id, sql.placeholder('caseId')), visibleCaseCondition(viewer)))
    .as('visible_case');
  const page = db
    .select(entryColumns)
    .from(journalEntries)
    .where(where)
    // NULLS LAST, as the timeline indexes are ordered (both columns are NOT NULL): with the default
    // (NULLS FIRST for DESC) no index has the order, and every entry of the case was read and sorted.
    .orderBy(sql`${journalEntries.performedAt} desc nulls last`, sql`${journalEntries.id} desc nulls last`)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .as('page');
  const newestFirst = sql`order by ${page.performedAt} desc, ${page.id} desc`;
  const name =
    `case_timeline_${shape.kind}_${shape.includeNullified ? 'all' : 'live'}_${shape.byType ? 'type' : 'any'}_${shape.hasEvidence}` +
    `${shape.bySearch ? '_search' : ''}${windowName(shape.window)}`;
  return db
    .select({
      total: visibleCase.total,
      entries: selectField<string>(sql`${entriesJson(page, viewer, newestFirst)}::text`),
    })
    .from(visibleCase)
    .prepare(name);
});

/**
 * One page of the case's journal, as the JSON text of its public entries, and the number of matching
 * entries; undefined when the case is missing or the caller may not see it.
 */
export async function findTimelinePage(
  db: DbOrTx,
  caseId: string,
  query: CaseJournalQuery,
  principal: Principal,
): Promise<{ entriesJson: string; total: number } | undefined> {
  const shape = shapeOf(query, principal);
  const [found] = await timelinePage(db, JSON.stringify(shape)).execute({
    caseId,
    type: query.type ?? null,
    pattern: query.search ? containsPattern(query.search) : null,
    ...windowParams(shape.window, query),
    ...viewerParams(principal),
  });
  if (!found) return undefined;
  return { entriesJson: found.entries, total: Number(found.total) };
}
