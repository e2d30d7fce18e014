import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cases, groupMembers, groups, identifiers, journalEntries } from '../../db/schema/index';

export async function findUserGroups(db: DbOrTx, userId: string) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.name));
}

/** The originator's latest journal entries among the cases `visible` lets through. */
export async function findRecentJournalEntries(
  db: DbOrTx,
  originatorId: string,
  visible: SQL,
  limit: number,
) {
  return db
    .select({
      id: journalEntries.id,
      caseId: journalEntries.caseId,
      type: journalEntries.type,
      description: journalEntries.description,
      performedAt: journalEntries.performedAt,
      createdAt: journalEntries.createdAt,
      isNullified: journalEntries.isNullified,
    })
    .from(journalEntries)
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(and(eq(journalEntries.originatorId, originatorId), visible))
    .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
    .limit(limit);
}

export async function findRecentIdentifiers(db: DbOrTx, originatorId: string, limit: number) {
  return db
    .select({
      id: identifiers.id,
      type: identifiers.type,
      displayValue: identifiers.displayValue,
      createdAt: identifiers.createdAt,
    })
    .from(identifiers)
    .where(eq(identifiers.originatorId, originatorId))
    .orderBy(desc(identifiers.createdAt), desc(identifiers.id))
    .limit(limit);
}
