import { asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evidenceCustody, originators, users } from '../../db/schema/index';
import { originatorNameSql } from '../../db/sql/originators';

export type NewCustodyRow = Omit<typeof evidenceCustody.$inferInsert, 'id' | 'createdAt'>;

/** The one statement that writes the chain of custody; `recordCustody` is its one caller. */
export async function insertCustodyRow(db: DbOrTx, row: NewCustodyRow): Promise<void> {
  await db.insert(evidenceCustody).values(row);
}

export interface CustodyEventRow {
  id: number;
  action: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorName: string | null;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/**
 * One page of an item's chain of custody, oldest first, with each actor's name: a user's full name,
 * or for an API key its automation's system name (the key acts as the automation's originator).
 */
export async function listCustodyRows(
  db: DbOrTx,
  evidenceId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: CustodyEventRow[]; total: number }> {
  const rows = await db
    .select({
      id: evidenceCustody.id,
      action: evidenceCustody.action,
      actorUserId: evidenceCustody.actorUserId,
      actorApiKeyId: evidenceCustody.actorApiKeyId,
      actorName: originatorNameSql,
      detail: evidenceCustody.detail,
      createdAt: evidenceCustody.createdAt,
    })
    .from(evidenceCustody)
    .leftJoin(originators, eq(originators.id, evidenceCustody.actorOriginatorId))
    .leftJoin(users, eq(users.originatorId, originators.id))
    .where(eq(evidenceCustody.evidenceId, evidenceId))
    .orderBy(asc(evidenceCustody.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ n }] = await db
    .select({ n: count() })
    .from(evidenceCustody)
    .where(eq(evidenceCustody.evidenceId, evidenceId));
  return { rows, total: n };
}
