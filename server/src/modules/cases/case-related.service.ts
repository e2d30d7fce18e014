import type { RelatedCase } from '@scamtrail/domain/cases';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import type { Principal } from '../auth/principal';
import { toCaseRef } from './case-presenter';
import { findIdentifierSummaries, findRelatedCaseRows } from './case-related.repository';
import { requireVisibleCase } from './case.preconditions';

/** Cases the caller may see that share an identifier with this one (which they must see too). */
export async function listRelatedCases(
  db: Db,
  caseId: string,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<{ data: RelatedCase[]; pagination: Pagination }> {
  await requireVisibleCase(db, principal, caseId);
  const { rows, total } = await findRelatedCaseRows(db, caseId, principal, page);
  const shared = await findIdentifierSummaries(
    db,
    rows.flatMap((row) => row.sharedIds),
  );
  return {
    data: rows.map((row) => ({
      case: toCaseRef(row),
      sharedCount: row.sharedCount,
      shared: row.sharedIds.flatMap((id) => {
        const identifier = shared.get(id);
        return identifier ? [identifier] : [];
      }),
    })),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}
