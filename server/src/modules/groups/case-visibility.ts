import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { WILDCARD } from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { cases, groupMembers } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';

/** Administrators (holders of '*') see every case, whatever its group. */
export function canSeeAllCases(principal: Principal): boolean {
  return principal.permissions.includes(WILDCARD);
}

/**
 * The cases a caller may see, as a condition over the `cases` table (unaliased, or pass the group
 * column of an alias, `alias(cases, 'original').groupId`, for a case other than the row in scope; a
 * LEFT JOIN works too: a missing case has a null group_id and passes, so records not linked to a case
 * stay visible):
 * - holders of '*' (administrators): every case;
 * - signed-in users: cases with no group, and cases of the groups they belong to;
 * - API keys: cases with no group only. A key cannot hold '*' and an automation belongs to no group,
 *   so grouped cases stay with the people of the group.
 * Anonymous callers see nothing. Combine it with the caller's `case.view` permission check.
 */
export function visibleCaseCondition(principal: Principal | null, groupId: AnyColumn = cases.groupId): SQL {
  if (!principal) return sql`false`;
  if (canSeeAllCases(principal)) return sql`true`;
  if (principal.kind === 'api_key') return isNull(groupId);
  const memberOf = sql`${groupId} in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${principal.userId})`;
  return or(isNull(groupId), memberOf)!;
}

/** True when the case exists and the caller may see it. */
export async function isCaseVisible(
  db: DbOrTx,
  principal: Principal | null,
  caseId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.id, caseId), visibleCaseCondition(principal)))
    .limit(1);
  return !!row;
}
