import type {
  Case,
  CasePriority,
  CaseRef,
  CaseResolution,
  CaseStatus,
  CaseUser,
  ReportedLoss,
  ScamType,
} from '@scamtrail/domain/cases';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import type { TagRef } from '@scamtrail/domain/tags';
import { iso } from '../../lib/schemas';
import type { CaseRow } from './cases.repository';

/** What a page of cases carries beside its rows, each looked up once for the whole page. */
export interface CasePageExtras {
  assignees: ReadonlyMap<string, CaseUser[]>;
  tags: ReadonlyMap<string, TagRef[]>;
  groupNames: ReadonlyMap<string, string>;
  entryCounts: ReadonlyMap<string, number>;
  evidenceCounts: ReadonlyMap<string, number>;
  originators: ReadonlyMap<string, OriginatorSummary>;
}

export function toReportedLoss(row: Pick<CaseRow, 'reportedLossAmount' | 'reportedLossCurrency'>) {
  if (row.reportedLossAmount === null || !row.reportedLossCurrency) return null;
  return {
    amount: Number(row.reportedLossAmount),
    currency: row.reportedLossCurrency,
  } satisfies ReportedLoss;
}

export function toCase(row: CaseRow, extras: CasePageExtras): Case {
  const originator = extras.originators.get(row.originatorId);
  const proxy = row.proxyOriginatorId ? (extras.originators.get(row.proxyOriginatorId) ?? null) : null;
  const groupName = row.groupId ? extras.groupNames.get(row.groupId) : undefined;
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
    group: row.groupId && groupName !== undefined ? { id: row.groupId, name: groupName } : null,
    assignees: extras.assignees.get(row.id) ?? [],
    tags: extras.tags.get(row.id) ?? [],
    originator: originator ? { ...originator, proxy } : null,
    entryCount: extras.entryCounts.get(row.id) ?? 0,
    evidenceCount: extras.evidenceCounts.get(row.id) ?? 0,
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
