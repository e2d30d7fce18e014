/**
 * The names and labels of case statuses, priorities, scam types, resolutions and sorts, without zod:
 * lists import these, and the first screen (/ opens /cases) need not load the schemas.
 */

export const CASE_STATUSES = ['open', 'in_progress', 'closed', 'archived'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  closed: 'Closed',
  archived: 'Archived',
};

export const CASE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];
export const CASE_PRIORITY_LABELS: Record<CasePriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const SCAM_TYPES = [
  'romance',
  'investment',
  'phishing',
  'tech_support',
  'impersonation',
  'marketplace',
  'employment',
  'recovery',
  'other',
] as const;
export type ScamType = (typeof SCAM_TYPES)[number];
export const SCAM_TYPE_LABELS: Record<ScamType, string> = {
  romance: 'Romance',
  investment: 'Investment',
  phishing: 'Phishing',
  tech_support: 'Tech support',
  impersonation: 'Impersonation',
  marketplace: 'Marketplace',
  employment: 'Employment',
  recovery: 'Recovery',
  other: 'Other',
};

export const CASE_RESOLUTIONS = ['resolved', 'unresolved', 'transferred', 'duplicate'] as const;
export type CaseResolution = (typeof CASE_RESOLUTIONS)[number];
export const CASE_RESOLUTION_LABELS: Record<CaseResolution, string> = {
  resolved: 'Resolved',
  unresolved: 'Unresolved',
  transferred: 'Transferred',
  duplicate: 'Duplicate',
};

/**
 * The case list's orders. `relevance`: with a search, the cases whose title or number match first,
 * then those matched by their description.
 */
export const CASE_SORTS = ['updatedAt', 'createdAt', 'priority', 'relevance'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];

/**
 * The case list's `groupId` filter value for the cases that belong to no group (everyone who may read
 * cases sees those); any other value is a group's id.
 */
export const CASE_NO_GROUP = 'none';

/** A case as the screens name it: "#12 Its title". */
export function caseLabel(item: { number: number; title: string }): string {
  return `#${item.number} ${item.title}`;
}
