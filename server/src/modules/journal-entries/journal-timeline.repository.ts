import { and, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { CaseJournalQuery } from '@scamtrail/domain/journal-entries';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import type { DbOrTx } from '../../db/client';
import {
  cases,
  evidence,
  identifiers,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
  journalSignatures,
} from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { visibleCaseCondition } from '../groups/case-visibility';
import { isoText, originatorsJson, selectField, toOriginatorSummaries } from '../cases/case-page.repository';
import {
  preparedVariants,
  viewerKind,
  viewerParams,
  viewerTemplate,
  type ViewerKind,
} from '../cases/cases.repository';
import { entryColumns, type EntryRow } from './journal-entries.repository';

export interface EntryEvidence {
  id: string;
  title: string;
  kind: string;
  mediaType: string | null;
  sha256: string | null;
  hasFile: boolean;
}

export interface EntryIdentifier {
  id: string;
  type: string;
  displayValue: string;
}

/** What an entry answer carries beside its own columns. */
export interface EntryLinks {
  evidence: EntryEvidence[];
  identifiers: EntryIdentifier[];
  /** The entry's originator, proxy originator and remover, those it has. */
  originators: OriginatorSummary[];
  /** The signer's name as it was at signing; null for an unsigned entry. */
  signedBy: string | null;
}

type EntryRefs = Record<'id' | 'originatorId' | 'proxyOriginatorId' | 'nullifiedByOriginatorId', AnyColumn>;

/**
 * An entry's links as correlated subqueries over the entry's columns, so a page of entries comes
 * back with them in one statement. Evidence of cases the viewer may not see is left out, as
 * everywhere else.
 */
function linkColumns(entry: EntryRefs, viewer: Principal) {
  return {
    evidence: selectField<EntryEvidence[]>(sql`(select coalesce(json_agg(json_build_object(
        'id', ${evidence.id}, 'title', ${evidence.title}, 'kind', ${evidence.kind},
        'mediaType', ${evidence.contentType}, 'sha256', ${evidence.sha256},
        'hasFile', ${evidence.fileName} is not null)
        order by ${journalEntryEvidence.createdAt}, ${evidence.id}), '[]')
      from ${journalEntryEvidence}
      inner join ${evidence} on ${evidence.id} = ${journalEntryEvidence.evidenceId}
      left join ${cases} on ${cases.id} = ${evidence.caseId}
      where ${journalEntryEvidence.journalEntryId} = ${entry.id} and ${visibleCaseCondition(viewer)})`),
    identifiers: selectField<EntryIdentifier[]>(sql`(select coalesce(json_agg(json_build_object(
        'id', ${identifiers.id}, 'type', ${identifiers.type}, 'displayValue', ${identifiers.displayValue})
        order by ${journalEntryIdentifiers.createdAt}, ${identifiers.id}), '[]')
      from ${journalEntryIdentifiers}
      inner join ${identifiers} on ${identifiers.id} = ${journalEntryIdentifiers.identifierId}
      where ${journalEntryIdentifiers.journalEntryId} = ${entry.id})`),
    originators: originatorsJson(entry.originatorId, entry.proxyOriginatorId, entry.nullifiedByOriginatorId),
    signedBy: selectField<string | null>(sql`(select ${journalSignatures.signerName} from ${journalSignatures}
      where ${journalSignatures.journalEntryId} = ${entry.id})`),
  };
}

function toLinks(row: {
  evidence: EntryEvidence[];
  identifiers: EntryIdentifier[];
  originators: Parameters<typeof toOriginatorSummaries>[0];
  signedBy: string | null;
}): EntryLinks {
  return {
    evidence: row.evidence,
    identifiers: row.identifiers,
    originators: toOriginatorSummaries(row.originators),
    signedBy: row.signedBy ?? null,
  };
}

const linksByEntryIds = preparedVariants((db, kind) =>
  db
    .select({ id: journalEntries.id, ...linkColumns(journalEntries, viewerTemplate(kind as ViewerKind)) })
    .from(journalEntries)
    .where(sql`${journalEntries.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(`entry_links_${kind}`),
);

/** The links of each entry, in one statement for the whole page. */
export async function findLinksOfEntries(
  db: DbOrTx,
  entryIds: readonly string[],
  principal: Principal,
): Promise<Map<string, EntryLinks>> {
  if (entryIds.length === 0) return new Map();
  const rows = await linksByEntryIds(db, viewerKind(principal)).execute({
    ids: [...entryIds],
    ...viewerParams(principal),
  });
  return new Map(rows.map((row) => [row.id, toLinks(row)]));
}

/** The filters that change the timeline statement's text; their values are placeholders. */
interface TimelineShape {
  kind: ViewerKind;
  includeNullified: boolean;
  byType: boolean;
  hasEvidence: 'any' | 'with' | 'without';
}

function shapeOf(query: CaseJournalQuery, principal: Principal): TimelineShape {
  return {
    kind: viewerKind(principal),
    includeNullified: !!query.includeNullified,
    byType: !!query.type,
    hasEvidence: query.hasEvidence === undefined ? 'any' : query.hasEvidence ? 'with' : 'without',
  };
}

/**
 * The condition of a case's journal page; it walks journal_entries_case_timeline_idx. "Has evidence"
 * counts only evidence the caller may see, as the entries show it.
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
    shape.hasEvidence === 'any'
      ? undefined
      : shape.hasEvidence === 'with'
        ? withEvidence
        : sql`not ${withEvidence}`,
  );
}

/** An entry of a timeline page, built by the database: its columns (times as ISO text) and links. */
export type TimelineEntry = Omit<EntryRow, 'performedAt' | 'createdAt' | 'updatedAt' | 'nullifiedAt'> & {
  performedAt: string;
  createdAt: string;
  updatedAt: string;
  nullifiedAt: string | null;
  evidence: EntryEvidence[];
  identifiers: EntryIdentifier[];
  originators: Parameters<typeof toOriginatorSummaries>[0];
  signedBy: string | null;
};

/**
 * One statement for a journal page: the case if the caller may see it, the number of matching
 * entries, and the page newest first (performedAt, then id) with each entry's links, as one JSON
 * array (a page of rows mapped field by field cost more JavaScript than the statement cost the
 * database). No row means the case is missing or hidden.
 */
const timelinePage = preparedVariants((db, key) => {
  const shape = JSON.parse(key) as TimelineShape;
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
    .orderBy(desc(journalEntries.performedAt), desc(journalEntries.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const links = linkColumns(page, viewer);
  const entry = sql`json_build_object('id', ${page.id}, 'caseId', ${page.caseId}, 'type', ${page.type},
    'description', ${page.description}, 'performedAt', ${isoText(page.performedAt)},
    'createdAt', ${isoText(page.createdAt)}, 'updatedAt', ${isoText(page.updatedAt)},
    'originatorId', ${page.originatorId}, 'proxyOriginatorId', ${page.proxyOriginatorId},
    'isNullified', ${page.isNullified}, 'nullifiedReason', ${page.nullifiedReason},
    'nullifiedAt', ${isoText(page.nullifiedAt)}, 'nullifiedByOriginatorId', ${page.nullifiedByOriginatorId},
    'evidence', ${links.evidence}, 'identifiers', ${links.identifiers}, 'originators', ${links.originators},
    'signedBy', ${links.signedBy})`;
  const name = `case_timeline_${shape.kind}_${shape.includeNullified ? 'all' : 'live'}_${shape.byType ? 'type' : 'any'}_${shape.hasEvidence}`;
  return db
    .select({
      total: visibleCase.total,
      entries: selectField<TimelineEntry[]>(sql`(select coalesce(json_agg(${entry}
        order by ${page.performedAt} desc, ${page.id} desc), '[]') from ${page})`),
    })
    .from(visibleCase)
    .prepare(name);
});

/**
 * One page of the case's journal with each entry's links, and the number of matching entries;
 * undefined when the case is missing or the caller may not see it.
 */
export async function findTimelinePage(
  db: DbOrTx,
  caseId: string,
  query: CaseJournalQuery,
  principal: Principal,
): Promise<{ entries: { row: TimelineEntry; links: EntryLinks }[]; total: number } | undefined> {
  const [found] = await timelinePage(db, JSON.stringify(shapeOf(query, principal))).execute({
    caseId,
    type: query.type ?? null,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    ...viewerParams(principal),
  });
  if (!found) return undefined;
  return {
    total: Number(found.total),
    entries: found.entries.map((row) => ({ row, links: toLinks(row) })),
  };
}
