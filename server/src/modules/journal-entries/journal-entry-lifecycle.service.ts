import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { touchCase } from '../cases/cases.service';
import { assertCaseWritable } from '../cases/case.preconditions';
import { isCaseVisible } from '../../db/case-visibility';
import { lockEntryRow, lockVisibleCaseStatus, updateEntryRow } from './journal-entries.repository';
import {
  allowEntryChange,
  assertNotNullified,
  assertNotSigned,
  lockOwnEntry,
  lockWritableCase,
} from './journal-entry.preconditions';
import { findEntry } from './journal-timeline.repository';
import { appendChainLink } from '../signatures/journal-chain';

/** Linking an entry to its case, and removing (nullifying) it. */

const noSuchEntry = () =>
  AppError.validation([{ field: 'journalEntryId', message: 'No journal entry with this id' }]);

/**
 * Links an entry created on its own to its case (the web calls it right after the create). The
 * case is in the path: missing or hidden, 404. The entry is named in the body: missing or hidden,
 * a 400 naming `journalEntryId`, as the create answers for the ids in its body. Linking it to the
 * case it is already in changes nothing and answers it.
 */
export async function linkEntryToCase(
  db: Db,
  caseId: string,
  entryId: string,
  principal: Principal,
): Promise<JournalEntry> {
  const row = await db.transaction(async (tx) => {
    // The entry first, then the case: the order every change of an entry takes its locks in.
    const entry = await lockEntryRow(tx, entryId);
    const status = await lockVisibleCaseStatus(tx, caseId, principal);
    if (!status) throw AppError.notFound('Case');
    if (!entry || (entry.caseId && !(await isCaseVisible(tx, principal, entry.caseId)))) throw noSuchEntry();
    // Which case an entry is in is part of what it says: whoever recorded it decides.
    const own = allowEntryChange(entry, principal);
    assertNotNullified(entry);
    if (entry.caseId === caseId) return entry;
    if (entry.caseId) {
      throw new AppError('CONFLICT', 'This journal entry belongs to another case', {
        fields: [{ field: 'journalEntryId', message: 'This journal entry belongs to another case' }],
      });
    }
    // The case is part of what was signed: a signed entry stays where it was signed.
    await assertNotSigned(tx, entryId);
    assertCaseWritable(status);
    const linked = await updateEntryRow(tx, own, { caseId });
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'journal_entry.linked',
        subjectType: 'journal_entry',
        subjectId: entryId,
        caseId,
        before: { caseId: null },
        // What the entry says, so the case's History shows which entry joined it.
        after: { caseId, type: entry.type, description: entry.description, performedAt: entry.performedAt },
      }),
    );
    await appendChainLink(tx, entryId, 'linked');
    await touchCase(tx, caseId);
    return linked;
  });
  return findEntry(db, row.id, principal);
}

/**
 * Removes an entry: it is nullified with the reason, who and when, never deleted. Only whoever recorded
 * it or an administrator may remove it (403 for anyone else who can see it). With
 * `expectedCaseId` (the remove call) the caller names the entry's case, and another case is a 400.
 */
export async function nullifyJournalEntry(
  db: Db,
  id: string,
  reason: string,
  principal: Principal,
  expectedCaseId?: string,
): Promise<JournalEntry> {
  const row = await db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, id, principal, 'remove');
    if (expectedCaseId !== undefined && entry.caseId !== expectedCaseId) {
      throw AppError.validation([{ field: 'caseId', message: 'caseId is not the case of this entry' }]);
    }
    assertNotNullified(entry);
    await lockWritableCase(tx, entry.caseId, principal);
    const nullified = await updateEntryRow(tx, entry, {
      isNullified: true,
      nullifiedReason: reason,
      nullifiedAt: new Date(),
      nullifiedByOriginatorId: principal.originatorId,
    });
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'journal_entry.nullified',
        subjectType: 'journal_entry',
        subjectId: id,
        caseId: entry.caseId,
        // Which entry went, in words, so the case's History can say so beside the reason.
        before: { isNullified: false },
        after: { isNullified: true, type: entry.type, description: entry.description, reason },
      }),
    );
    await appendChainLink(tx, id, 'nullified');
    await touchCase(tx, entry.caseId);
    return nullified;
  });
  return findEntry(db, row.id, principal);
}
