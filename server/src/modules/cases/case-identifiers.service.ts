import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import type { CaseIdentifier } from '@scamtrail/domain/cases';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { viewerParams } from '../../db/case-visibility';
import type { Principal } from '../auth/principal';
import { findCaseIdentifierRows, findOtherCasesNaming } from './case-identifiers.repository';
import { toCaseRef } from './case-presenter';
import { requireVisibleCase } from './case.preconditions';

/**
 * The identifiers linked to the case, each with the other visible cases that name it, and how many of
 * the case's entries name it only for a caller holding journal_entry.view (absent otherwise, not 0).
 * Without it the list is not ordered by that count either: the order would tell it.
 */
export async function listCaseIdentifiers(
  db: Db,
  caseId: string,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<{ data: CaseIdentifier[]; pagination: Pagination }> {
  await requireVisibleCase(db, principal, caseId);
  const showsEntryCount = viewerParams(principal).viewerSeesJournalEntries;
  const { rows, total } = await findCaseIdentifierRows(db, caseId, page, showsEntryCount);
  const others = await findOtherCasesNaming(
    db,
    caseId,
    rows.map((row) => row.id),
    principal,
  );
  return {
    data: rows.map((row) => {
      const mine = others.filter((other) => other.identifierId === row.id);
      return {
        id: row.id,
        type: row.type,
        typeLabel: getIdentifierTypeLabel(row.type),
        displayValue: row.displayValue,
        ...(showsEntryCount && { entryCount: row.entryCount }),
        otherCaseCount: mine[0]?.otherCount ?? 0,
        otherCases: mine.map(toCaseRef),
      };
    }),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}
