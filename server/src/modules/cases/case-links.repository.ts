import { sql, type SQL } from 'drizzle-orm';
import type { CaseLink } from '@scamtrail/domain/cases';
import type { DbOrTx } from '../../db/client';
import { caseLinks, cases } from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { visibleCaseCondition } from '../../db/case-visibility';
import { originatorSummaryJson } from '../../db/sql/originators';
import { isoText } from '../../db/sql/json';
import { rowsOf } from '../../db/sql/arrays';

/** A pair of cases in the order `case_links` stores it. */
export function orderedPair(oneId: string, otherId: string): { caseAId: string; caseBId: string } {
  return oneId < otherId ? { caseAId: oneId, caseBId: otherId } : { caseAId: otherId, caseBId: oneId };
}

/** Every link of a case, from either side, as (other_id, note, originator_id, created_at). */
function linksOf(caseId: string): SQL {
  return sql`select ${caseLinks.caseBId} as other_id, ${caseLinks.note} as note,
      ${caseLinks.originatorId} as originator_id, ${caseLinks.createdAt} as created_at
      from ${caseLinks} where ${caseLinks.caseAId} = ${caseId}
    union all
    select ${caseLinks.caseAId}, ${caseLinks.note}, ${caseLinks.originatorId}, ${caseLinks.createdAt}
      from ${caseLinks} where ${caseLinks.caseBId} = ${caseId}`;
}

/** A link as the API answers it, for the linked case (`cases`) and the link row (`l`) in scope. */
const linkJson = sql`json_build_object(
  'case', json_build_object('id', ${cases.id}, 'number', ${cases.number}, 'title', ${cases.title},
    'status', ${cases.status}),
  'note', l.note,
  'linkedBy', ${originatorSummaryJson(sql`l.originator_id`)},
  'createdAt', ${isoText(sql`l.created_at`)})`;

/**
 * One page of the cases linked to a case that the caller may see, the latest link first, and how
 * many there are in all.
 */
export async function findCaseLinks(
  db: DbOrTx,
  caseId: string,
  principal: Principal,
  page: { page: number; pageSize: number },
): Promise<{ links: CaseLink[]; total: number }> {
  const from = sql`from (${linksOf(caseId)}) as l join ${cases} on ${cases.id} = l.other_id
    where ${visibleCaseCondition(principal)}`;
  const result = await db.execute(sql`select ${linkJson} as link, count(*) over ()::int as total ${from}
    order by l.created_at desc, ${cases.id}
    limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`);
  const rows = rowsOf<{ link: CaseLink | string; total: number }>(result);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    total = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from}`))[0].n;
  }
  const links = rows.map(({ link }) => (typeof link === 'string' ? (JSON.parse(link) as CaseLink) : link));
  return { links, total };
}

/** The link between two cases as the API answers it from `caseId`'s side, if there is one. */
export async function findCaseLink(
  db: DbOrTx,
  caseId: string,
  otherId: string,
): Promise<CaseLink | undefined> {
  const result = await db.execute(sql`select ${linkJson} as link
    from (${linksOf(caseId)}) as l join ${cases} on ${cases.id} = l.other_id
    where l.other_id = ${otherId}`);
  const [row] = rowsOf<{ link: CaseLink | string }>(result);
  if (!row) return undefined;
  return typeof row.link === 'string' ? (JSON.parse(row.link) as CaseLink) : row.link;
}

/** Stores a link; false when the two cases were linked already. */
export async function insertCaseLink(
  tx: DbOrTx,
  caseId: string,
  otherId: string,
  note: string,
  originatorId: string,
): Promise<boolean> {
  const inserted = await tx
    .insert(caseLinks)
    .values({ ...orderedPair(caseId, otherId), note, originatorId })
    .onConflictDoNothing()
    .returning({ caseAId: caseLinks.caseAId });
  return inserted.length > 0;
}

/** Removes a link; its note when there was one to remove, else undefined. */
export async function deleteCaseLink(
  tx: DbOrTx,
  caseId: string,
  otherId: string,
): Promise<string | undefined> {
  const { caseAId, caseBId } = orderedPair(caseId, otherId);
  const [deleted] = await tx
    .delete(caseLinks)
    .where(sql`${caseLinks.caseAId} = ${caseAId} and ${caseLinks.caseBId} = ${caseBId}`)
    .returning({ note: caseLinks.note });
  return deleted?.note;
}

/** Locks both cases' rows, in id order so that two links made from opposite sides queue up. */
export async function lockCasePair(tx: DbOrTx, oneId: string, otherId: string): Promise<void> {
  const { caseAId, caseBId } = orderedPair(oneId, otherId);
  await tx.execute(sql`select 1 from ${cases} where ${cases.id} in (${caseAId}, ${caseBId})
    order by ${cases.id} for no key update`);
}
