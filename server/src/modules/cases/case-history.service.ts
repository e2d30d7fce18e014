import type { AuditEvent } from '@scamtrail/domain/cases';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import type { Principal } from '../auth/principal';
import { presentAuditEvents } from '../events/audit-event-presenter';
import { findCaseEventRows } from './case-history.repository';
import { requireVisibleCase } from './case.preconditions';

/** The case's History: its audit rows, newest first, naming only records the caller may see. */
export async function listCaseHistory(
  db: Db,
  caseId: string,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<{ data: AuditEvent[]; pagination: Pagination }> {
  await requireVisibleCase(db, principal, caseId);
  const { rows, total } = await findCaseEventRows(db, caseId, page);
  return {
    data: await presentAuditEvents(db, principal, rows),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}
