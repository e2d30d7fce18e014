import type { CaseStatus } from '@scamtrail/domain/cases';
import type { EvidenceIdentifier, EvidenceJournalEntry } from '@scamtrail/domain/evidence';
import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import type { JournalEntryType } from '@scamtrail/domain/journal-entries';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { viewerParams } from '../../db/case-visibility';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { listEvidenceEntryRows, listEvidenceIdentifierRows } from './evidence-links.repository';
import { requireEvidence } from './evidence.preconditions';

interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * The identifiers linked to an item the caller may see (404 otherwise). Identifiers belong to no case,
 * so every one linked is listed.
 */
export async function listEvidenceIdentifiers(
  db: Db,
  principal: Principal,
  id: string,
  page: PageRequest,
): Promise<{ data: EvidenceIdentifier[]; pagination: Pagination }> {
  await requireEvidence(db, principal, id);
  const { rows, total } = await listEvidenceIdentifierRows(db, id, page);
  return {
    data: rows.map((row) => ({
      id: row.id,
      type: row.type,
      typeLabel: getIdentifierTypeLabel(row.type),
      displayValue: row.displayValue,
      linkedAt: iso(row.linkedAt),
    })),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}

/**
 * The live journal entries linking an item the caller may see, leaving out those of hidden cases. Each
 * names its case only to a caller holding case.view (`viewerParams`).
 */
export async function listEvidenceJournalEntries(
  db: Db,
  principal: Principal,
  id: string,
  page: PageRequest,
): Promise<{ data: EvidenceJournalEntry[]; pagination: Pagination }> {
  await requireEvidence(db, principal, id);
  const { rows, total } = await listEvidenceEntryRows(db, principal, id, page);
  const { viewerSeesCases } = viewerParams(principal);
  return {
    data: rows.map((row) => ({
      id: row.id,
      type: row.type as JournalEntryType,
      performedAt: iso(row.performedAt),
      summary: row.summary,
      ...(viewerSeesCases && {
        case: row.case
          ? {
              id: row.case.id,
              number: row.case.number,
              title: row.case.title,
              status: row.case.status as CaseStatus,
            }
          : null,
      }),
    })),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}
