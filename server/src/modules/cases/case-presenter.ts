import type { CaseRef, CaseStatus, ReportedLoss } from '@scamtrail/domain/cases';
import { iso } from '../../lib/schemas';
import type { CaseRow } from './cases.repository';

export function toReportedLoss(row: Pick<CaseRow, 'reportedLossAmount' | 'reportedLossCurrency'>) {
  if (row.reportedLossAmount === null || !row.reportedLossCurrency) return null;
  return {
    amount: Number(row.reportedLossAmount),
    currency: row.reportedLossCurrency,
  } satisfies ReportedLoss;
}

export function toCaseRef(row: { id: string; number: number; title: string; status: string }): CaseRef {
  return { id: row.id, number: row.number, title: row.title, status: row.status as CaseStatus };
}

/** The fields of a case as its audit rows record them (`case.created` after, changes before/after). */
export function caseSnapshot(row: CaseRow, assigneeIds: readonly string[], tagIds: readonly string[]) {
  return {
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    scamType: row.scamType,
    reportedLoss: toReportedLoss(row),
    groupId: row.groupId,
    assigneeIds: [...assigneeIds].sort(),
    tagIds: [...tagIds].sort(),
    resolution: row.resolution,
    closureNotes: row.closureNotes,
    duplicateOfId: row.duplicateOfId,
    closedAt: iso(row.closedAt),
  };
}
export type CaseSnapshot = ReturnType<typeof caseSnapshot>;
