import type { CaseUser } from '@scamtrail/domain/cases';
import { fullName } from '@scamtrail/domain/names';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { findAssignableUserRows } from './assignable-users.repository';

/** Enabled users for the assignee picker: names only, for callers who may not list users. */
export async function listAssignableUsers(
  db: Db,
  query: { page: number; pageSize: number; search?: string },
): Promise<{ data: CaseUser[]; pagination: Pagination }> {
  const { rows, total } = await findAssignableUserRows(db, query.search, query);
  return {
    data: rows.map((row) => ({ id: row.id, fullName: fullName(row) })),
    pagination: toPagination(query.page, query.pageSize, total),
  };
}
