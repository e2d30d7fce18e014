import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Case } from '@scamtrail/domain/cases';
import type { DbOrTx } from '../../db/client';
import {
  caseAssignees,
  cases,
  caseTags,
  evidence,
  groups,
  journalEntries,
  tags,
  users,
} from '../../db/schema/index';
import { isoText, selectField } from '../../db/sql/json';
import type { Principal } from '../auth/principal';
import {
  visibleCaseCondition,
  viewerKind,
  viewerParams,
  viewerTemplate,
  type ViewerKind,
} from '../../db/case-visibility';
import { preparedVariants } from '../../db/prepared';
import { originatorSummaryJson } from '../../db/sql/originators';
import { tagColorSql } from '../../db/sql/tags';

/** A user's full name as the domain's `fullName` writes it (no stray space when a part is empty). */
export const userFullName = sql<string>`trim(concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')))`;

const original = alias(cases, 'original');

/** The case this one repeats, if the viewer may see it too: its id alone would tell of a hidden case. */
function visibleDuplicateOf(viewer: Principal): SQL {
  return sql`(select ${original.id} from ${cases} as ${original}
    where ${original.id} = ${cases.duplicateOfId} and ${visibleCaseCondition(viewer, original.groupId)})`;
}

/**
 * A case's public shape (`caseSchema`) as a JSON object, written by the database for the `cases` row
 * in scope, as `viewer` may see it: its columns, the group, the assignees and tags in their display
 * order, its originator and proxy, the live entries and the evidence counted. A case or a page of
 * cases is one statement, and its answer needs no mapping in JavaScript; the tests' verify mode checks
 * every such answer against the schema. Names are written as `fullName` writes them, tag colours as
 * `toTagColor` reads them. The counts of journal entries and of evidence are of records of other kinds:
 * each is left out (absent, not 0, and not counted) unless the viewer holds their view permission.
 */
const caseJson = (
  viewer: Principal,
  counts: CountsShown,
) => sql`json_build_object('id', ${cases.id}, 'number', ${cases.number}, 'title', ${cases.title},
  'description', ${cases.description}, 'status', ${cases.status}, 'priority', ${cases.priority},
  'scamType', ${cases.scamType},
  'reportedLoss', case when ${cases.reportedLossAmount} is null or coalesce(${cases.reportedLossCurrency}, '') = ''
    then null
    else json_build_object('amount', ${cases.reportedLossAmount}, 'currency', ${cases.reportedLossCurrency}) end,
  'resolution', ${cases.resolution}, 'closureNotes', ${cases.closureNotes},
  'duplicateOfId', ${visibleDuplicateOf(viewer)}, 'closedAt', ${isoText(cases.closedAt)},
  'group', (select json_build_object('id', ${groups.id}, 'name', ${groups.name}) from ${groups}
    where ${groups.id} = ${cases.groupId}),
  'assignees', (select coalesce(json_agg(json_build_object('id', ${users.id},
      'fullName', ${userFullName})
      order by lower(${users.firstName}), lower(${users.lastName}), ${users.id}), '[]')
    from ${caseAssignees} inner join ${users} on ${users.id} = ${caseAssignees.userId}
    where ${caseAssignees.caseId} = ${cases.id}),
  'tags', (select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name},
      'color', ${tagColorSql(tags.color)})
      order by lower(${tags.name}), ${tags.id}), '[]')
    from ${caseTags} inner join ${tags} on ${tags.id} = ${caseTags.tagId}
    where ${caseTags.caseId} = ${cases.id}),
  'originator', ${originatorSummaryJson(cases.originatorId, sql`'proxy', ${originatorSummaryJson(cases.proxyOriginatorId)}`)},
  ${
    counts.entries
      ? sql`'entryCount', (select count(*) from ${journalEntries}
    where ${journalEntries.caseId} = ${cases.id} and ${journalEntries.isNullified} = false),`
      : sql``
  }
  ${counts.evidence ? sql`'evidenceCount', (select count(*) from ${evidence} where ${evidence.caseId} = ${cases.id}),` : sql``}
  'lastActivityAt', ${isoText(cases.lastActivityAt)}, 'createdAt', ${isoText(cases.createdAt)},
  'updatedAt', ${isoText(cases.updatedAt)})`;

/** Which counts of other kinds' records a case shows: those whose view permission the viewer holds. */
interface CountsShown {
  entries: boolean;
  evidence: boolean;
}

/**
 * The variant of a case statement for this viewer: its kind (`viewerKind`), then `_nj` without
 * journal_entry.view and `_ne` without evidence.view (those counts are left out of the statement).
 */
function caseVariant(viewer: Principal): string {
  const sees = viewerParams(viewer);
  return `${viewerKind(viewer)}${sees.viewerSeesJournalEntries ? '' : '_nj'}${sees.viewerSeesEvidence ? '' : '_ne'}`;
}

function ofVariant(variant: string): { viewer: Principal; counts: CountsShown } {
  const kind = variant.replace(/_n[je]/g, '') as ViewerKind;
  return {
    viewer: viewerTemplate(kind),
    counts: { entries: !variant.includes('_nj'), evidence: !variant.includes('_ne') },
  };
}

const casesByIds = preparedVariants((db, variant) => {
  const { viewer, counts } = ofVariant(variant);
  return db
    .select({ cases: selectField<Case[]>(sql`coalesce(json_agg(${caseJson(viewer, counts)}), '[]')`) })
    .from(cases)
    .where(sql`${cases.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(`cases_by_ids_${variant}`);
});

/**
 * The public cases of these ids, in their order, as `viewer` may see them (the ids must be of cases
 * they may see), in one statement for them all.
 */
export async function findCases(db: DbOrTx, caseIds: readonly string[], viewer: Principal): Promise<Case[]> {
  if (caseIds.length === 0) return [];
  const [found] = await casesByIds(db, caseVariant(viewer)).execute({
    ids: [...caseIds],
    ...viewerParams(viewer),
  });
  const byId = new Map(found.cases.map((c) => [c.id, c]));
  return caseIds.map((id) => byId.get(id)!);
}

/** The public case of an id just read or written (see `findCases`). */
export async function findCase(db: DbOrTx, caseId: string, viewer: Principal): Promise<Case> {
  const [found] = await findCases(db, [caseId], viewer);
  return found;
}

const visibleCaseJson = preparedVariants((db, variant) => {
  const { viewer, counts } = ofVariant(variant);
  return db
    .select({
      json: selectField<string>(sql`${caseJson(viewer, counts)}::text`),
      updatedAt: selectField<string>(isoText(cases.updatedAt)),
    })
    .from(cases)
    .where(and(eq(cases.id, sql.placeholder('id')), visibleCaseCondition(viewer)))
    .limit(1)
    .prepare(`visible_case_json_${variant}`);
});

/**
 * The public case as JSON text, ready to send, with its `updatedAt` (for its ETag), if it exists and
 * the caller may see it; one statement.
 */
export async function findVisibleCaseJson(
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<{ json: string; updatedAt: string } | undefined> {
  const [found] = await visibleCaseJson(db, caseVariant(principal)).execute({
    id,
    ...viewerParams(principal),
  });
  return found;
}
