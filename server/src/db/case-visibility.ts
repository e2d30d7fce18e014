import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { hasPermission, WILDCARD, type Permission } from '@scamtrail/domain/permissions';
import type { Principal } from '../modules/auth/principal';
import type { DbOrTx } from './client';
import { preparedAcrossTransactions } from './prepared';
import { cases, groupMembers, groups } from './schema/index';

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

/** The transactions whose caller's sight is held already (`holdCaseSight`): it is taken once each. */
const heldSight = new WeakSet<object>();

/**
 * Holds, until the transaction ends, the groups through which the caller sees cases: their rows locked
 * FOR KEY SHARE. Every change of a group and of its members runs under the group's row lock (FOR
 * UPDATE, `lockManagedGroup`), so a member's removal waits for the caller's write to commit, or, if it
 * came first, the write waits for it and its checks (statements after this one, with a snapshot taken
 * once the removal committed) see the caller no longer in the group: a write never lands in a case its
 * author lost sight of while it ran. Call it in a write's transaction before the first check of
 * visibility the write relies on (the case it changes, and any other it names); the helpers that check
 * a case for a write (`requireEditableCase`, `lockVisibleCaseRow`, the journal's and evidence's) call
 * it, and it runs once a transaction. Nothing to hold for administrators (they see every case) and API
 * keys (they see only cases of no group, which only the case's own row lock changes).
 *
 * Lock order: a group's changes take the group row, then its member rows, and never a case's row or
 * what a case holds; case writes take these shared locks, which never wait on one another, before or
 * after their case rows (case row before identifier rows). The only waits are thus a write on a group's
 * change and a change on the writes, never a cycle.
 */
export async function holdCaseSight(tx: DbOrTx, principal: Principal): Promise<void> {
  if (principal.kind !== 'user' || canSeeAllCases(principal)) return;
  if (!(tx instanceof PgTransaction) || heldSight.has(tx)) return;
  heldSight.add(tx);
  await sightHold(tx).execute({ userId: principal.userId });
}

/**
 * The statement of `holdCaseSight`, built once and named (parsed and planned once per connection): built
 * at each call, it cost a write more JavaScript than any other of its statements (issue 38).
 */
const sightHold = preparedAcrossTransactions((db) =>
  db
    .select({ id: groups.id })
    .from(groups)
    .where(
      sql`${groups.id} in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${sql.placeholder('userId')})`,
    )
    .orderBy(groups.id)
    .for('key share')
    .prepare('hold_case_sight'),
);

/** Whether any of the rows a query read are in cases the caller may see, and whether any are not. */
export interface SeenAndUnseen {
  seen: boolean;
  unseen: boolean;
}

/**
 * The columns of `SeenAndUnseen` over the rows of a query joined to their case (a LEFT JOIN: a row of
 * no case is seen): a refusal caused by records tells of them only as far as the caller may see them
 * ("records you may not see" for the others). Seeing a record takes both its case and the permission
 * to view its kind (`viewPermission`): to a caller without it, every row is one they may not see.
 */
export function seenAndUnseenColumns(principal: Principal, viewPermission: Permission) {
  if (!hasPermission(principal.permissions, viewPermission)) {
    return { seen: sql<boolean>`false`, unseen: sql<boolean>`count(*) > 0` };
  }
  const visible = visibleCaseCondition(principal);
  return {
    seen: sql<boolean>`coalesce(bool_or(${visible}), false)`,
    unseen: sql<boolean>`coalesce(bool_or(not (${visible})), false)`,
  };
}

/** The refusal's words for what causes it among records the caller may not see. */
export const RECORDS_YOU_MAY_NOT_SEE = 'Records you may not see';

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

/** True when the user belongs to the group, which lets them see its cases. */
export async function isGroupMember(db: DbOrTx, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return !!row;
}

/**
 * The kinds of viewer `visibleCaseCondition` tells apart: its SQL differs between them and, within a
 * kind, only by the user's id. A statement prepared once per kind can therefore serve every viewer.
 */
export type ViewerKind = 'all' | 'api_key' | 'user';

export function viewerKind(principal: Principal): ViewerKind {
  if (canSeeAllCases(principal)) return 'all';
  return principal.kind === 'api_key' ? 'api_key' : 'user';
}

/**
 * A stand-in viewer of the kind, for building a prepared statement with `visibleCaseCondition`: the
 * user's id is the `viewerId` placeholder, filled from `viewerParams` at each execution. The one rule
 * of visibility stays in `visibleCaseCondition`.
 */
export function viewerTemplate(kind: ViewerKind): Principal {
  const viewerId = sql.placeholder('viewerId') as unknown as string;
  if (kind === 'api_key') {
    return {
      kind: 'api_key',
      apiKeyId: '',
      originatorId: '',
      creatorUserId: '',
      permissions: [],
      ownsAutomationRecords: false,
    };
  }
  return {
    kind: 'user',
    userId: viewerId,
    sessionId: '',
    originatorId: '',
    role: 'investigator',
    email: '',
    firstName: '',
    lastName: '',
    permissions: kind === 'all' ? [WILDCARD] : [],
  };
}

/**
 * The records of another kind a record may show beside its own fields, by the view permission their own
 * reads need: a journal entry's evidence and identifiers, an evidence item's case and its counts of
 * identifiers and journal entries. Each is left out unless the viewer holds the permission.
 */
const SHOWN_KINDS = {
  evidence: { permission: 'evidence.view', param: 'viewerSeesEvidence' },
  identifiers: { permission: 'identifier.view', param: 'viewerSeesIdentifiers' },
  cases: { permission: 'case.view', param: 'viewerSeesCases' },
  journalEntries: { permission: 'journal_entry.view', param: 'viewerSeesJournalEntries' },
} as const;
type ShownKind = keyof typeof SHOWN_KINDS;

/**
 * Whether the viewer may see records of the kind where a record of another kind shows them, one flag a
 * kind: the parameters of a statement prepared with `viewerTemplate` and `viewerSees`, and what a
 * presenter asks before it adds a case reference or a count.
 */
export function viewerParams(principal: Principal): {
  viewerId: string | null;
  viewerSeesEvidence: boolean;
  viewerSeesIdentifiers: boolean;
  viewerSeesCases: boolean;
  viewerSeesJournalEntries: boolean;
} {
  const sees = (kind: ShownKind) => hasPermission(principal.permissions, SHOWN_KINDS[kind].permission);
  return {
    viewerId: principal.kind === 'user' ? principal.userId : null,
    viewerSeesEvidence: sees('evidence'),
    viewerSeesIdentifiers: sees('identifiers'),
    viewerSeesCases: sees('cases'),
    viewerSeesJournalEntries: sees('journalEntries'),
  };
}

/**
 * Whether the viewer of a statement prepared with `viewerTemplate` holds the view permission of the
 * records of another kind a record shows beside its own fields (a journal entry's evidence and
 * identifiers): they are left out unless it does, as their own reads refuse them. Filled by
 * `viewerParams`; a presenter outside a prepared statement asks `viewerParams` itself.
 */
export function viewerSees(kind: ShownKind): SQL {
  return sql`${sql.placeholder(SHOWN_KINDS[kind].param)}::boolean`;
}
