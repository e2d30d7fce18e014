import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groups, users } from '../../db/schema/index';
import { isAnyUuid } from '../../db/sql/arrays';

/**
 * Lookups that check what a case refers to (its group, assignees and tags). Each found row is locked
 * in KEY SHARE mode for the rest of the transaction, so it cannot be deleted before the case's
 * reference to it commits.
 */

export async function findGroupName(db: DbOrTx, groupId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: groups.name })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('key share');
  return row?.name;
}

/** The ids among `ids` that are enabled user accounts. */
export async function findEnabledUserIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isAnyUuid(users.id, ids), eq(users.disabled, false)))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}
