import type {
  Case,
  CasePriority,
  CaseRef,
  CaseResolution,
  CaseStatus,
  ReportedLoss,
  ScamType,
} from '@scamtrail/domain/cases';
import { iso } from '../../lib/schemas';
import type { CaseExtras } from './case-page.repository';
import type { CaseRow } from './cases.repository';

export function toReportedLoss(row: Pick<CaseRow, 'reportedLossAmount' | 'reportedLossCurrency'>) {
  if (row.reportedLossAmount === null || !row.reportedLossCurrency) return null;
  return {
    amount: Number(row.reportedLossAmount),
    currency: row.reportedLossCurrency,
  } satisfies ReportedLoss;
}

export function toCase(row: CaseRow, extras: CaseExtras): Case {
  const originator = extras.originators.find((o) => o.id === row.originatorId);
  const proxy = row.proxyOriginatorId
    ? (extras.originators.find((o) => o.id === row.proxyOriginatorId) ?? null)
    : null;
  const { groupName } = extras;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    description: row.description,
    status: row.status as CaseStatus,
    priority: row.priority as CasePriority,
    scamType: (row.scamType as ScamType | null) ?? null,
    reportedLoss: toReportedLoss(row),
    resolution: (row.resolution as CaseResolution | null) ?? null,
    closureNotes: row.closureNotes,
    closedAt: iso(row.closedAt),
    group: row.groupId && groupName !== null ? { id: row.groupId, name: groupName } : null,
    assignees: extras.assignees,
    tags: extras.tags,
    originator: originator ? { ...originator, proxy } : null,
    entryCount: extras.entryCount,
    evidenceCount: extras.evidenceCount,
    lastActivityAt: iso(row.lastActivityAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
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
    closedAt: iso(row.closedAt),
  };
}
export type CaseSnapshot = ReturnType<typeof caseSnapshot>;
