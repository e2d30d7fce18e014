import type { CustodyAction } from '@scamtrail/domain/evidence';
import type { Permission } from '@scamtrail/domain/permissions';
import type { HiddenRecordKind } from '@scamtrail/domain/hidden-records';

/** A field of an event's before/after, or of a custody row's detail, that names another record. */
export interface RecordReference {
  kind: HiddenRecordKind;
  /** Fields that say something of that record (a link's note): left out when the record is. */
  carries?: readonly string[];
}

/** The fields of a recorded value that name other records, each with the kind it names. */
export type ReferenceFields = Readonly<Record<string, RecordReference>>;

/**
 * Records a row names that are not hidden from those who read it (a case's group, its people, its
 * tags): told by name to a reader who may list them (`NAMED_RECORD_PERMISSION`), by id otherwise.
 */
export type NamedRecordKind = 'group' | 'user' | 'tag';

/** The fields of a recorded value that name records of a `NamedRecordKind`. */
export type NamedFields = Readonly<Record<string, NamedRecordKind>>;

/** The permission a reader needs to read each `NamedRecordKind` by name, as their lists need it. */
export const NAMED_RECORD_PERMISSION: Record<NamedRecordKind, Permission> = {
  group: 'group.view',
  // The assignee picker lists every enabled user by name to whoever reads cases.
  user: 'case.view',
  tag: 'tag.view',
};

export interface AuditEventReferences {
  /**
   * The subject's kind when it can be a record the reader may not see although the event is in a
   * case they see: evidence moved on to a hidden case, an entry of a key without `journal_entry.view`.
   * Such an event keeps only its references (resolved in turn) and loses its subject id.
   */
  subject?: HiddenRecordKind;
  /** The fields of `before` and `after` that name other records. */
  fields: ReferenceFields;
  /** The fields of `before` and `after` that name groups, people or tags: named, never hidden. */
  named?: NamedFields;
  /**
   * The fields of `before` and `after` that count records of another kind, with the view permission
   * their reads need: left out (not 0) for a reader without it, as the records are.
   */
  counts?: Readonly<Record<string, Permission>>;
}

const CASE: RecordReference = { kind: 'case' };
const EVIDENCE: RecordReference = { kind: 'evidence' };
const ENTRY: RecordReference = { kind: 'journal_entry' };
const IDENTIFIER: RecordReference = { kind: 'identifier' };
/** Evidence's identifier events and custody rows repeat what the identifier is. */
const IDENTIFIER_WITH_VALUE: RecordReference = {
  kind: 'identifier',
  carries: ['identifierType', 'displayValue'],
};

/** A case's snapshot (caseSnapshot): the case it duplicates. Groups, people and tags are not hidden. */
const caseEvent: AuditEventReferences = {
  fields: { duplicateOfId: CASE },
  named: { groupId: 'group', assigneeIds: 'user', tagIds: 'tag' },
};
const caseLink: AuditEventReferences = { fields: { linkedCaseId: { kind: 'case', carries: ['note'] } } };
const taskEvent: AuditEventReferences = { fields: {}, named: { assigneeId: 'user' } };
const entryEvent = (fields: ReferenceFields = {}): AuditEventReferences => ({
  subject: 'journal_entry',
  fields,
});
const evidenceEvent = (fields: ReferenceFields = {}, named?: NamedFields): AuditEventReferences => ({
  subject: 'evidence',
  fields,
  ...(named && { named }),
});
/** An evidence item's snapshot (its creation, an edit) names its tags. */
const EVIDENCE_TAGS: NamedFields = { tagIds: 'tag' };

/**
 * Every action `auditEvent` may build (the events with a case, which the case's History and the
 * notifications read), with the records its data names. `AuditRecord.action` is typed by this table,
 * so an event that is not declared here does not compile, and one read from the database that is not
 * (written by an older version) shows no data. A new event naming a record declares the field here.
 */
export const AUDIT_EVENT_REFERENCES = {
  'case.created': caseEvent,
  'case.updated': caseEvent,
  'case.status_changed': caseEvent,
  'case.closed': caseEvent,
  'case.reopened': caseEvent,
  'case.archived': caseEvent,
  'case.linked': caseLink,
  'case.unlinked': caseLink,
  'case.task_added': taskEvent,
  'case.task_updated': taskEvent,
  'case.task_removed': taskEvent,
  /** A dossier exported (modules/dossier): its manifest's SHA-256 and counts. */
  'case.exported': {
    ...caseEvent,
    counts: {
      entryCount: 'journal_entry.view',
      signedEntryCount: 'journal_entry.view',
      evidenceCount: 'evidence.view',
    },
  },
  'journal_entry.created': entryEvent({ caseId: CASE, evidenceIds: EVIDENCE, identifierIds: IDENTIFIER }),
  'journal_entry.updated': entryEvent({ caseId: CASE }),
  'journal_entry.linked': entryEvent({ caseId: CASE }),
  'journal_entry.nullified': entryEvent(),
  'journal_entry.signed': entryEvent(),
  'journal_entry.evidence_linked': entryEvent({ evidenceId: EVIDENCE }),
  'journal_entry.evidence_unlinked': entryEvent({ evidenceId: EVIDENCE }),
  'journal_entry.identifier_linked': entryEvent({ identifierId: IDENTIFIER }),
  'journal_entry.identifier_unlinked': entryEvent({ identifierId: IDENTIFIER }),
  'evidence.created': evidenceEvent({ caseId: CASE }, EVIDENCE_TAGS),
  'evidence.updated': evidenceEvent({}, EVIDENCE_TAGS),
  'evidence.linked': evidenceEvent({ caseId: CASE }),
  'evidence.unlinked': evidenceEvent({ caseId: CASE }),
  'evidence.identifier_linked': evidenceEvent({ identifierId: IDENTIFIER_WITH_VALUE }),
  'evidence.identifier_unlinked': evidenceEvent({ identifierId: IDENTIFIER_WITH_VALUE }),
} as const satisfies Record<string, AuditEventReferences>;

export type AuditAction = keyof typeof AUDIT_EVENT_REFERENCES;

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_EVENT_REFERENCES, action);
}

/** The records a chain-of-custody row's detail names, by its action (every action declared). */
export const CUSTODY_REFERENCES: Record<CustodyAction, ReferenceFields> = {
  added: { caseId: CASE },
  viewed: {},
  downloaded: {},
  linked: { caseId: CASE, journalEntryId: ENTRY, identifierId: IDENTIFIER_WITH_VALUE },
  unlinked: { caseId: CASE, journalEntryId: ENTRY, identifierId: IDENTIFIER_WITH_VALUE },
  verified: {},
  edited: {},
  exported: { caseId: CASE },
};
