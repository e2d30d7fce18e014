import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys, events, originators, users } from '../../db/schema/index';
import type { AuditEventRow } from '../events/audit-event-presenter';

/**
 * One page of the case's audit rows, newest first (events_case_idx), with who acted: shown to readers
 * only through `presentAuditEvents`.
 */
export async function findCaseEventRows(
  db: DbOrTx,
  caseId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: AuditEventRow[]; total: number }> {
  const rows = await db
    .select({
      id: events.id,
      type: events.type,
      subjectType: events.subjectType,
      subjectId: events.subjectId,
      data: events.data,
      createdAt: events.createdAt,
      actorUserId: events.actorUserId,
      actorApiKeyId: events.actorApiKeyId,
      firstName: users.firstName,
      lastName: users.lastName,
      systemName: originators.systemName,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.actorUserId))
    .leftJoin(apiKeys, eq(apiKeys.id, events.actorApiKeyId))
    .leftJoin(originators, eq(originators.id, apiKeys.automationId))
    .where(eq(events.caseId, caseId))
    .orderBy(desc(events.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const seen = (page.page - 1) * page.pageSize + rows.length;
  if (rows.length < page.pageSize && (rows.length > 0 || page.page === 1)) return { rows, total: seen };
  const [{ n }] = await db.select({ n: count() }).from(events).where(eq(events.caseId, caseId));
  return { rows, total: n };
}
