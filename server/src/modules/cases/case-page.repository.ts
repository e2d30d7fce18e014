import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CaseUser } from '@scamtrail/domain/cases';
import { fullName } from '@scamtrail/domain/names';
import {
  originatorDisplayName,
  type OriginatorSummary,
  type OriginatorType,
} from '@scamtrail/domain/originators';
import type { TagRef } from '@scamtrail/domain/tags';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  caseAssignees,
  cases,
  caseTags,
  evidence,
  groups,
  journalEntries,
  originators,
  tags,
  users,
} from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { visibleCaseCondition } from '../groups/case-visibility';
import { originatorNameSql } from '../originators/originators.repository';
import { toTagColor } from '../tags/tags.repository';
import {
  preparedVariants,
  viewerKind,
  viewerParams,
  viewerTemplate,
  type CaseRow,
  type ViewerKind,
} from './cases.repository';

/** What a case answer carries beside its own columns. */
export interface CaseExtras {
  groupName: string | null;
  assignees: CaseUser[];
  tags: TagRef[];
  entryCount: number;
  evidenceCount: number;
  /** The case's originator and proxy originator (when there is one). */
  originators: OriginatorSummary[];
}

export interface OriginatorJson {
  id: string;
  type: OriginatorType;
  name: string;
}

/** A timestamp as `Date.toISOString()` writes it (UTC, milliseconds truncated as JavaScript does). */
export function isoText(column: SQLWrapper) {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A correlated subquery for a select list. Wrapped once more because Drizzle strips the table names
 * from the columns at the top level of a single-table select's fields, which would leave the
 * subquery's own columns and the outer row's ambiguous.
 */
export function selectField<T>(subquery: SQL): SQL<T> {
  return sql<T>`${subquery}`;
}

/**
 * Summaries of the originators whose ids the expressions give, as a JSON array: the same name and
 * display name as `findOriginatorSummaries`, inside the statement that needs them.
 */
export function originatorsJson(...ids: unknown[]) {
  return originatorsWhereJson(
    sql`${originators.id} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** As `originatorsJson`, for the originators whose ids a subquery (`select ...`) gives. */
export function originatorsInJson(ids: SQL) {
  return originatorsWhereJson(sql`${originators.id} in (${ids})`);
}

function originatorsWhereJson(condition: SQL) {
  return selectField<OriginatorJson[] | null>(sql`(select json_agg(json_build_object('id', ${originators.id},
      'type', ${originators.type}, 'name', coalesce(${originatorNameSql}, '')))
    from ${originators} left join ${users} on ${users.originatorId} = ${originators.id}
    where ${condition})`);
}

export function toOriginatorSummaries(rows: readonly OriginatorJson[] | null): OriginatorSummary[] {
  return (rows ?? []).map(({ id, type, name }) => ({
    id,
    type,
    name,
    displayName: originatorDisplayName(type, name),
  }));
}

/**
 * Everything a case answer carries beside its columns, as correlated subqueries over `cases`, so a
 * case or a page of cases comes back in one round trip: assignees and tags in their display order,
 * the group's name, the live entries and the evidence counted, and the originators.
 */
const extraColumns = {
  groupName: selectField<string | null>(
    sql`(select ${groups.name} from ${groups} where ${groups.id} = ${cases.groupId})`,
  ),
  assignees: selectField<{ id: string; firstName: string; lastName: string }[]>(sql`(select coalesce(json_agg(
      json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName})
      order by lower(${users.firstName}), lower(${users.lastName}), ${users.id}), '[]')
    from ${caseAssignees} inner join ${users} on ${users.id} = ${caseAssignees.userId}
    where ${caseAssignees.caseId} = ${cases.id})`),
  tags: selectField<{ id: string; name: string; color: string }[]>(sql`(select coalesce(json_agg(
      json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})
      order by lower(${tags.name}), ${tags.id}), '[]')
    from ${caseTags} inner join ${tags} on ${tags.id} = ${caseTags.tagId}
    where ${caseTags.caseId} = ${cases.id})`),
  entryCount: selectField<number>(sql`(select count(*) from ${journalEntries}
    where ${journalEntries.caseId} = ${cases.id} and ${journalEntries.isNullified} = false)`).mapWith(Number),
  evidenceCount: selectField<number>(
    sql`(select count(*) from ${evidence} where ${evidence.caseId} = ${cases.id})`,
  ).mapWith(Number),
  originators: originatorsJson(cases.originatorId, cases.proxyOriginatorId),
};

type ExtraRow = { [K in keyof typeof extraColumns]: (typeof extraColumns)[K]['_']['type'] };

function toExtras(row: ExtraRow): CaseExtras {
  return {
    groupName: row.groupName,
    assignees: row.assignees.map((u) => ({ id: u.id, fullName: fullName(u) })),
    tags: row.tags.map((t) => ({ id: t.id, name: t.name, color: toTagColor(t.color) })),
    entryCount: row.entryCount,
    evidenceCount: row.evidenceCount,
    originators: toOriginatorSummaries(row.originators),
  };
}

const extrasByIds = preparedPerDatabase((db) =>
  db
    .select({ id: cases.id, ...extraColumns })
    .from(cases)
    .where(sql`${cases.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('case_extras_by_ids'),
);

/** What each case of a page carries, in one statement for the whole page. */
export async function findCaseExtras(
  db: DbOrTx,
  caseIds: readonly string[],
): Promise<Map<string, CaseExtras>> {
  if (caseIds.length === 0) return new Map();
  const rows = await extrasByIds(db).execute({ ids: [...caseIds] });
  return new Map(rows.map((row) => [row.id, toExtras(row)]));
}

const visibleCaseWithExtras = preparedVariants((db, kind) =>
  db
    .select({ ...getTableColumns(cases), ...extraColumns })
    .from(cases)
    .where(and(eq(cases.id, sql.placeholder('id')), visibleCaseCondition(viewerTemplate(kind as ViewerKind))))
    .limit(1)
    .prepare(`visible_case_with_extras_${kind}`),
);

/** The case with what it carries, in one statement, if it exists and the caller may see it. */
export async function findVisibleCaseWithExtras(
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<{ row: CaseRow; extras: CaseExtras } | undefined> {
  const [found] = await visibleCaseWithExtras(db, viewerKind(principal)).execute({
    id,
    ...viewerParams(principal),
  });
  if (!found) return undefined;
  const {
    groupName,
    assignees,
    tags: tagRows,
    entryCount,
    evidenceCount,
    originators: people,
    ...row
  } = found;
  return {
    row,
    extras: toExtras({ groupName, assignees, tags: tagRows, entryCount, evidenceCount, originators: people }),
  };
}
