import type { AuditEvent } from '@scamtrail/domain/cases';
import {
  CASE_PRIORITY_LABELS,
  CASE_RESOLUTION_LABELS,
  CASE_STATUS_LABELS,
  SCAM_TYPE_LABELS,
} from '@scamtrail/domain/case-labels';
import { CASE_TASK_STATUS_LABELS } from '@scamtrail/domain/case-tasks';
import { EVIDENCE_KIND_LABELS } from '@scamtrail/domain/evidence';
import { HIDDEN_RECORD_LABELS, isHiddenRecord } from '@scamtrail/domain/hidden-records';
import { JOURNAL_ENTRY_TYPE_LABELS } from '@scamtrail/domain/journal-entries';
import { EMPTY_CELL, formatDateTime } from './format';

/** One line of what an event changed: "Status: Open → Closed", or a value a creation recorded. */
export interface HistoryChange {
  field: string;
  label: string;
  before?: string;
  after: string;
}

type Values = Record<string, unknown>;

const LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  scamType: 'Scam type',
  reportedLoss: 'Reported loss',
  resolution: 'Resolution',
  closureNotes: 'Closure notes',
  duplicateOfId: 'Duplicate of',
  closedAt: 'Closed',
  groupId: 'Group',
  group: 'Group',
  assigneeIds: 'Assignees',
  assignees: 'Assignees',
  tagIds: 'Tags',
  tags: 'Tags',
  performedAt: 'Performed',
  type: 'Type',
  reason: 'Reason',
  kind: 'Kind',
  evidenceIds: 'Evidence',
  evidenceId: 'Evidence',
  identifierIds: 'Identifiers',
  identifierId: 'Identifier',
  displayValue: 'Identifier',
  linkedCaseId: 'Linked case',
  note: 'Note',
  taskTitle: 'Task',
  taskStatus: 'Status',
  assigneeId: 'Assignee',
  dueAt: 'Due',
};

const ENUM_LABELS: Record<string, Record<string, string>> = {
  status: CASE_STATUS_LABELS,
  priority: CASE_PRIORITY_LABELS,
  scamType: SCAM_TYPE_LABELS,
  resolution: CASE_RESOLUTION_LABELS,
  type: JOURNAL_ENTRY_TYPE_LABELS,
  kind: EVIDENCE_KIND_LABELS,
  taskStatus: CASE_TASK_STATUS_LABELS,
};

/** What an id whose name the page does not know stands for. */
const UNNAMED_IDS: Record<string, string> = {
  groupId: 'A group',
  duplicateOfId: 'A case',
  linkedCaseId: 'A case',
  evidenceId: 'An evidence item',
  identifierId: 'An identifier',
  assigneeId: 'A person',
};

/** How a list of ids is counted when its names are unknown: "2 people". */
const COUNT_NOUNS: Record<string, [string, string]> = {
  assigneeIds: ['person', 'people'],
  tagIds: ['tag', 'tags'],
  evidenceIds: ['item', 'items'],
  identifierIds: ['identifier', 'identifiers'],
};

/** Bookkeeping every change moves, and when it closed (the row's own time): not worth a line. */
const IGNORED = new Set([
  'id',
  'caseId',
  'number',
  'createdAt',
  'updatedAt',
  'lastActivityAt',
  'closedAt',
  'version',
  'taskId',
]);

/** What a creation or a removal shows of its record, in this order (a case link: the case and why). */
const SUMMARY_FIELDS = [
  'title',
  'taskTitle',
  'type',
  'kind',
  'description',
  'reason',
  'displayValue',
  'identifierId',
  'linkedCaseId',
  'evidenceId',
  'note',
  'evidenceIds',
  'identifierIds',
];

/** A summary field left out when another says the same: an identifier's id beside its value. */
const SUMMARY_REPEATS: Record<string, string> = { identifierId: 'displayValue' };

const MAX_TEXT = 160;

const isObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "closureNotes" -> "Closure notes" for a field without a label of its own. */
function labelOf(field: string): string {
  if (LABELS[field]) return LABELS[field];
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function nameOf(value: Values): string | undefined {
  for (const key of ['fullName', 'name', 'displayValue', 'title']) {
    if (typeof value[key] === 'string') return value[key] as string;
  }
  return undefined;
}

function formatMoney(value: Values): string | undefined {
  if (typeof value.amount !== 'number' || typeof value.currency !== 'string') return undefined;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: value.currency }).format(
      value.amount,
    );
  } catch {
    return `${value.amount} ${value.currency}`;
  }
}

const truncate = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/**
 * Names of the records a case refers to by id (its group, assignees and tags), as far as the page knows
 * them: a history row names them instead of counting them.
 */
export type KnownNames = ReadonlyMap<string, string>;

const NO_NAMES: KnownNames = new Map();

/** A recorded value in words: labels for statuses and priorities, money, dates, names, counts. */
export function formatHistoryValue(field: string, value: unknown, names: KnownNames = NO_NAMES): string {
  // The server names a record the reader may not see without its id: say so, never "Set" or an id.
  if (isHiddenRecord(value)) return HIDDEN_RECORD_LABELS[value.hidden];
  if (field === 'groupId' && (value === null || value === undefined)) return 'Everyone';
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  if (typeof value === 'string') {
    const label = ENUM_LABELS[field]?.[value];
    if (label) return label;
    if (field.endsWith('At')) return formatDateTime(value, value);
    // An id says nothing to a reader: its name if the page knows it, else that there is one.
    if (field.endsWith('Id')) return names.get(value) ?? UNNAMED_IDS[field] ?? 'Set';
    return truncate(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY_CELL;
    const [one, many] = COUNT_NOUNS[field] ?? ['item', 'items'];
    const count = (n: number) => `${n} ${n === 1 ? one : many}`;
    const hidden = value.filter(isHiddenRecord).length;
    if (hidden > 0) {
      const seen = value.filter((item) => !isHiddenRecord(item));
      const unseen = `${count(hidden)} you cannot see`;
      return seen.length === 0 ? unseen : `${formatHistoryValue(field, seen, names)} and ${unseen}`;
    }
    if (field.endsWith('Ids')) {
      // Ids by the names the page knows ("phishing, urgent"), the others counted ("and 1 other tag").
      const known = value.flatMap((id) => (typeof id === 'string' && names.has(id) ? [names.get(id)!] : []));
      const unknown = value.length - known.length;
      if (known.length === 0) return count(unknown);
      return truncate(
        unknown === 0
          ? known.join(', ')
          : `${known.join(', ')} and ${count(unknown).replace(' ', ' other ')}`,
      );
    }
    const labels = value.map((item) =>
      isObject(item) ? nameOf(item) : typeof item === 'string' ? item : undefined,
    );
    if (labels.every((label) => label !== undefined)) return truncate(labels.join(', '));
    return count(value.length);
  }
  if (isObject(value)) return formatMoney(value) ?? nameOf(value) ?? truncate(JSON.stringify(value));
  return truncate(String(value));
}

/** The fields an update changed, before and after, in words. */
function diff(before: Values, after: Values, names: KnownNames): HistoryChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !IGNORED.has(field))
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({
      field,
      label: labelOf(field),
      before: formatHistoryValue(field, before[field], names),
      after: formatHistoryValue(field, after[field], names),
    }));
}

/** Actions whose row shows the record it acted on, not a diff: the action already says what changed. */
const SUMMARISED_ACTIONS = new Set(['journal_entry.nullified']);

/**
 * The record the event was about, when the reader may not see it any more (evidence moved on to a
 * case of another group): the server leaves out its id and all it said of it.
 */
function hiddenSubject(event: Partial<Pick<AuditEvent, 'subjectType' | 'subjectId'>>): HistoryChange[] {
  const kind = event.subjectType;
  if (event.subjectId !== null || !kind || !isHiddenRecord({ hidden: kind })) return [];
  const label = HIDDEN_RECORD_LABELS[kind as keyof typeof HIDDEN_RECORD_LABELS];
  return [{ field: 'subject', label: SUBJECTS[kind] ?? labelOf(kind), after: label }];
}

/**
 * What the event changed: a diff for an update; the main fields of a record created or removed. The
 * records it names by id read by the names the server gives for those the reader may see (`names`: a
 * linked case as "#12 Its title", evidence by its title), else by those the page knows.
 */
export function describeChanges(
  event: Pick<AuditEvent, 'before' | 'after'> &
    Partial<Pick<AuditEvent, 'subjectType' | 'subjectId' | 'names'>> & { action?: string },
  names: KnownNames = NO_NAMES,
): HistoryChange[] {
  const named = event.names ? new Map([...names, ...Object.entries(event.names)]) : names;
  return [...hiddenSubject(event), ...recordedChanges(event, named)];
}

function recordedChanges(
  event: Pick<AuditEvent, 'before' | 'after'> & { action?: string },
  names: KnownNames,
): HistoryChange[] {
  const { before, after } = event;
  // A before of bookkeeping only (an entry joining the case was in no case) reads as an arrival.
  const hasBefore = isObject(before) && Object.keys(before).some((field) => !IGNORED.has(field));
  const summarised = event.action !== undefined && SUMMARISED_ACTIONS.has(event.action);
  if (hasBefore && isObject(after) && !summarised) return diff(before, after, names);
  const record = isObject(after) ? after : isObject(before) ? before : null;
  if (!record) return [];
  const isEmpty = (value: unknown) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  return SUMMARY_FIELDS.filter(
    (field) =>
      !isEmpty(record[field]) && !(SUMMARY_REPEATS[field] && !isEmpty(record[SUMMARY_REPEATS[field]])),
  )
    .slice(0, 3)
    .map((field) => ({
      field,
      label: labelOf(field),
      after: formatHistoryValue(field, record[field], names),
    }));
}

const ACTIONS: Record<string, string> = {
  'case.created': 'Created the case',
  'case.closed': 'Closed the case',
  'case.reopened': 'Reopened the case',
  'case.archived': 'Archived the case',
  'case.updated': 'Updated the case',
  'case.deleted': 'Deleted the case',
  'case.linked': 'Linked a case',
  'case.unlinked': 'Unlinked a case',
  'case.task_added': 'Added a task',
  'case.task_removed': 'Removed a task',
  'case.exported': 'Exported a dossier',
  'journal_entry.created': 'Added a journal entry',
  'journal_entry.linked': 'Added a journal entry to the case',
  'journal_entry.updated': 'Edited a journal entry',
  'journal_entry.nullified': 'Removed a journal entry',
  'journal_entry.removed': 'Removed a journal entry',
  'journal_entry.evidence_linked': 'Linked evidence to a journal entry',
  'journal_entry.evidence_unlinked': 'Unlinked evidence from a journal entry',
  'journal_entry.identifier_linked': 'Linked an identifier to a journal entry',
  'journal_entry.identifier_unlinked': 'Unlinked an identifier from a journal entry',
  'journal_entry.signed': 'Signed a journal entry',
  'evidence.created': 'Added evidence',
  'evidence.added': 'Added evidence',
  'evidence.updated': 'Edited evidence',
  'evidence.linked': 'Linked evidence',
  'evidence.unlinked': 'Unlinked evidence',
  'evidence.deleted': 'Deleted evidence',
  'evidence.identifier_linked': 'Linked an identifier to evidence',
  'evidence.identifier_unlinked': 'Unlinked an identifier from evidence',
};

const SUBJECTS: Record<string, string> = {
  case: 'Case',
  journal_entry: 'Journal entry',
  evidence: 'Evidence',
};

/** A case update that moved the status reads as what it did: closed, reopened, archived. */
function statusMove(event: Pick<AuditEvent, 'before' | 'after'>): string | undefined {
  const from = isObject(event.before) ? event.before.status : undefined;
  const to = isObject(event.after) ? event.after.status : undefined;
  if (typeof to !== 'string' || to === from) return undefined;
  if (to === 'closed') return 'Closed the case';
  if (to === 'archived') return 'Archived the case';
  if (from === 'closed' || from === 'archived') return 'Reopened the case';
  return `Changed the status to ${CASE_STATUS_LABELS[to as keyof typeof CASE_STATUS_LABELS] ?? to}`;
}

/** "Closed the case", "Added a journal entry"; an unknown action as "Evidence: verified". */
export function describeAction(event: Pick<AuditEvent, 'action' | 'before' | 'after'>): string {
  if (event.action === 'case.updated' || event.action === 'case.status_changed') {
    return statusMove(event) ?? ACTIONS['case.updated'];
  }
  if (event.action === 'case.linked' || event.action === 'case.unlinked') {
    // The History's changes say so too; a notification shows only this line.
    const link = event.action === 'case.linked' ? event.after : event.before;
    if (isObject(link) && isHiddenRecord(link.linkedCaseId)) {
      return `${ACTIONS[event.action]} you cannot see`;
    }
  }
  if (event.action === 'case.task_updated') {
    // The diff shows only what changed: the row names the task itself.
    const title = isObject(event.after) ? event.after.taskTitle : undefined;
    return typeof title === 'string' ? `Updated the task “${truncate(title)}”` : 'Updated a task';
  }
  if (ACTIONS[event.action]) return ACTIONS[event.action];
  const [subject, ...rest] = event.action.split('.');
  const what = rest.join(' ').replace(/_/g, ' ');
  return `${SUBJECTS[subject] ?? labelOf(subject)}: ${what || 'changed'}`;
}

/** Who acted: a person by name, an API key by its automation, or the system. */
export function describeActor(actor: AuditEvent['actor']): { name: string; kind: string | null } {
  if (actor.kind === 'api_key') return { name: actor.name, kind: 'API key' };
  if (actor.kind === 'system') return { name: actor.name || 'System', kind: actor.name ? 'System' : null };
  return { name: actor.name, kind: null };
}
