import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import type { AuditEvent, CaseIdentifier, CaseUser, RelatedCase } from '@scamtrail/domain/cases';
import { fullName } from '@scamtrail/domain/names';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { findAssignableUserRows } from './assignable-users.repository';
import { presentAuditEvents } from './case-history-presenter';
import { findCaseEventRows } from './case-history.repository';
import { findCaseIdentifierRows, findOtherCasesNaming } from './case-identifiers.repository';
import { toCaseRef } from './case-presenter';
import { findIdentifierSummaries, findRelatedCaseRows } from './case-related.repository';
import { requireVisibleCase } from './cases.service';

type Page = { page: number; pageSize: number };
type Paged<T> = { data: T[]; pagination: Pagination };

/** Cases the caller may see that share an identifier with this one (which they must see too). */
export async function listRelatedCases(
  db: Db,
  caseId: string,
  page: Page,
  principal: Principal,
): Promise<Paged<RelatedCase>> {
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

/** The identifiers linked to the case, each with the other visible cases that name it. */
export async function listCaseIdentifiers(
  db: Db,
  caseId: string,
  page: Page,
  principal: Principal,
): Promise<Paged<CaseIdentifier>> {
  await requireVisibleCase(db, principal, caseId);
  const { rows, total } = await findCaseIdentifierRows(db, caseId, page);
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
        entryCount: row.entryCount,
        otherCaseCount: mine[0]?.otherCount ?? 0,
        otherCases: mine.map(toCaseRef),
      };
    }),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}

/** The case's History: its audit rows, newest first, naming only records the caller may see. */
export async function listCaseHistory(
  db: Db,
  caseId: string,
  page: Page,
  principal: Principal,
): Promise<Paged<AuditEvent>> {
  await requireVisibleCase(db, principal, caseId);
  const { rows, total } = await findCaseEventRows(db, caseId, page);
  return {
    data: await presentAuditEvents(db, principal, rows),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}

/** Enabled users for the assignee picker: names only, for callers who may not list users. */
export async function listAssignableUsers(
  db: Db,
  query: Page & { search?: string },
): Promise<Paged<CaseUser>> {
  const { rows, total } = await findAssignableUserRows(db, query.search, query);
  return {
    data: rows.map((row) => ({ id: row.id, fullName: fullName(row) })),
    pagination: toPagination(query.page, query.pageSize, total),
  };
}
