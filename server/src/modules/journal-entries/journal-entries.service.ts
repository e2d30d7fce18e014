import type { FieldError } from '@scamtrail/domain/errors';
import type {
  CaseJournalQuery,
  CreateJournalEntryBody,
  JournalEntry,
  UpdateJournalEntryBody,
} from '@scamtrail/domain/journal-entries';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { transactionRetryingDeadlocks } from '../../db/retry-deadlocks';
import { holdCaseSight, isCaseVisible } from '../../db/case-visibility';
import { journalEntries } from '../../db/schema/index';
import type { EntryRow } from '../../db/sql/entry-columns';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import { jsonText } from '../../lib/json-text';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { touchCase } from '../cases/cases.service';
import { assertCaseWritable, noSuchCase } from '../cases/case.preconditions';
import { recordCustody } from '../evidence/custody.service';
import {
  findIdentifierIds,
  findVisibleEntryRow,
  findVisibleEvidenceHashes,
  insertEntryRow,
  insertEvidenceLinks,
  insertIdentifierLinks,
  findVisibleCaseStatus,
  updateEntryRow,
  type EntryChanges,
} from './journal-entries.repository';
import { entryNotFound, entrySnapshot, lockChangeableEntry } from './journal-entry.preconditions';
import { resolveRecordOriginators } from '../originators/record-originators';
import { findEntry, findTimelinePage, recordEventReadingEntry } from './journal-timeline.repository';
import { appendChainLink, touchCaseLinkingEntry } from '../signatures/journal-chain';
import type { SignableEntry } from '../signatures/signable-content';

/**
 * 400s for every id of the body that names nothing the caller may see; nothing is written. Answers
 * the SHA-256 recorded for each evidence item, which the entry's chained content names, and the
 * group the case was in when it was found visible.
 */
async function checkReferences(
  tx: DbOrTx,
  body: CreateJournalEntryBody,
  principal: Principal,
): Promise<{ evidenceHashes: Map<string, string | null>; caseGroupId: string | null }> {
  const errors: FieldError[] = [];
  // The caller's sight of the case and of the evidence named, held until the entry commits.
  await holdCaseSight(tx, principal);
  // Read without a lock: the case is locked at the end of the transaction, and its status checked again.
  const caseStatus = body.caseId ? await findVisibleCaseStatus(tx, body.caseId, principal) : undefined;
  if (body.caseId && !caseStatus) errors.push(noSuchCase('caseId'));
  const evidenceIds = body.evidence ?? [];
  // Nothing named, nothing to read (and no turn of the event loop per empty list: issue 38).
  const evidence = evidenceIds.length
    ? await findVisibleEvidenceHashes(tx, evidenceIds, principal)
    : new Map<string, string | null>();
  const identifiers = body.identifierIds.length
    ? await findIdentifierIds(tx, body.identifierIds)
    : new Set<string>();
  evidenceIds.forEach((id, i) => {
    if (!evidence.has(id)) errors.push({ field: `evidence.${i}`, message: 'No evidence item with this id' });
  });
  body.identifierIds.forEach((id, i) => {
    if (!identifiers.has(id))
      errors.push({ field: `identifierIds.${i}`, message: 'No identifier with this id' });
  });
  if (errors.length) throw AppError.validation(errors);
  if (caseStatus) assertCaseWritable(caseStatus.status);
  return { evidenceHashes: evidence, caseGroupId: caseStatus?.groupId ?? null };
}

/**
 * Creates an entry originated by the caller (an API key acts as its automation), with its evidence
 * and identifier links, the custody rows of the evidence and the audit row, in one transaction.
 */
export async function createJournalEntry(
  db: Db,
  body: CreateJournalEntryBody,
  principal: Principal,
): Promise<JournalEntry> {
  const answer = await transactionRetryingDeadlocks(db, async (tx) => {
    const { evidenceHashes, caseGroupId } = await checkReferences(tx, body, principal);
    const originators = await resolveRecordOriginators(
      tx,
      principal.originatorId,
      body.onBehalfOfOriginatorId,
    );
    const inserted = await insertEntryRow(tx, {
      caseId: body.caseId ?? null,
      type: body.type,
      description: body.description,
      performedAt: body.performedAt ? new Date(body.performedAt) : new Date(),
      ...originators,
    });
    const evidenceIds = body.evidence?.length ? await insertEvidenceLinks(tx, inserted, body.evidence) : [];
    const identifierIds = body.identifierIds.length
      ? await insertIdentifierLinks(tx, inserted, body.identifierIds)
      : [];
    for (const evidenceId of evidenceIds) {
      await recordCustody(tx, principal, evidenceId, 'linked', { journalEntryId: inserted.id });
    }
    // The audit event and the answer (the entry as written, its links included) in one statement,
    // before the case is locked: nothing later in the transaction changes the entry.
    const written = await recordEventReadingEntry(
      tx,
      auditEvent(principal, {
        action: 'journal_entry.created',
        subjectType: 'journal_entry',
        subjectId: inserted.id,
        caseId: inserted.caseId,
        after: Object.assign(entrySnapshot(inserted), { evidenceIds, identifierIds }),
      }),
      inserted.id,
      principal,
    );
    // The case row is locked last, by one statement that marks it active and appends the chain link
    // (issue 38: ten writers on one case waited on each other's whole transactions, then on two
    // statements). The chained content is the entry as just written, the row the insert returned and
    // the links it made (nothing else can have changed it in this transaction), hashed before the lock.
    if (inserted.caseId) {
      // Its fields written out (and the audit event's `after` above added to, not spread): on Node 20 an
      // object literal that starts with a spread and goes on costs microseconds, this nanoseconds.
      const chained = {
        id: inserted.id,
        caseId: inserted.caseId,
        type: inserted.type,
        description: inserted.description,
        performedAt: inserted.performedAt,
        originatorId: inserted.originatorId,
        proxyOriginatorId: inserted.proxyOriginatorId,
        isNullified: inserted.isNullified,
        nullifiedReason: inserted.nullifiedReason,
        nullifiedAt: inserted.nullifiedAt,
        nullifiedByOriginatorId: inserted.nullifiedByOriginatorId,
        identifierIds,
        evidence: evidenceIds.map((id) => ({ id, sha256: evidenceHashes.get(id) ?? null })),
      } satisfies SignableEntry;
      const touched = await touchCaseLinkingEntry(tx, chained);
      if (touched === undefined) throw AppError.notFound('Case');
      // Moved to another group since it was found visible: seen again, now that it is locked.
      if (touched.groupId !== caseGroupId && !(await isCaseVisible(tx, principal, inserted.caseId))) {
        throw AppError.validation([noSuchCase('caseId')]);
      }
      assertCaseWritable(touched.status);
    }
    return written;
  });
  // Sent as the database wrote it (the tests' verify mode checks it against the route's schema).
  return jsonText<JournalEntry>(answer);
}

/** A case's journal, newest first; 404 when the case is missing or hidden from the caller. */
export async function listCaseJournal(db: Db, caseId: string, query: CaseJournalQuery, principal: Principal) {
  const page = await findTimelinePage(db, caseId, query, principal);
  if (!page) throw AppError.notFound('Case');
  // The entries as the database wrote them, sent as they are.
  const pagination = toPagination(query.page, query.pageSize, page.total);
  return jsonText<{ data: JournalEntry[]; pagination: Pagination }>(
    `{"data":${page.entriesJson},"pagination":${JSON.stringify(pagination)}}`,
  );
}

/** The entry if the caller may see it (its case, or it has none); 404 otherwise, missing and hidden alike. */
export async function requireVisibleEntry(db: DbOrTx, id: string, principal: Principal): Promise<EntryRow> {
  const row = await findVisibleEntryRow(db, id, principal);
  if (!row) throw entryNotFound();
  return row;
}

export async function getJournalEntry(db: Db, id: string, principal: Principal): Promise<JournalEntry> {
  const row = await requireVisibleEntry(db, id, principal);
  return findEntry(db, row.id, principal);
}

// What signing and verification (modules/signatures) read of entries and their evidence.
export { findVisibleEvidenceIds } from './journal-entries.repository';
export { findEntry } from './journal-timeline.repository';

/** The fields of the body that differ from the entry. */
function changesOf(row: EntryRow, body: UpdateJournalEntryBody): EntryChanges {
  const changes: EntryChanges = {};
  if (body.type !== undefined && body.type !== row.type) changes.type = body.type;
  if (body.description !== undefined && body.description !== row.description) {
    changes.description = body.description;
  }
  if (body.performedAt !== undefined) {
    const performedAt = new Date(body.performedAt);
    if (performedAt.getTime() !== row.performedAt.getTime()) changes.performedAt = performedAt;
  }
  return changes;
}

/** Edits type, description or performedAt; only whoever recorded the entry or an administrator may. */
export async function updateJournalEntry(
  db: Db,
  id: string,
  body: UpdateJournalEntryBody,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<JournalEntry> {
  const row = await db.transaction(async (tx) => {
    const entry = await lockChangeableEntry(tx, id, principal);
    await assertIfMatch(tx, journalEntries, id, ifMatch, 'entry');
    const changes = changesOf(entry, body);
    if (Object.keys(changes).length === 0) return entry;
    const updated = await updateEntryRow(tx, entry, changes);
    const before = entrySnapshot(entry);
    const after = entrySnapshot(updated);
    const changed = Object.keys(changes) as (keyof typeof before)[];
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'journal_entry.updated',
        subjectType: 'journal_entry',
        subjectId: id,
        caseId: entry.caseId,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      }),
    );
    await appendChainLink(tx, id, 'updated');
    await touchCase(tx, entry.caseId);
    return updated;
  });
  return findEntry(db, row.id, principal);
}
