import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { Db, Tx } from '../../db/client';
import { transactionRetryingDeadlocks } from '../../db/retry-deadlocks';
import type { EntryRow } from '../../db/sql/entry-columns';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { touchCase } from '../cases/cases.service';
import { recordCustody } from '../evidence/custody.service';
import {
  deleteEvidenceLink,
  deleteIdentifierLink,
  findIdentifierIds,
  findVisibleEvidenceIds,
  insertEvidenceLinks,
  insertIdentifierLinks,
} from './journal-entries.repository';
import { lockChangeableEntry } from './journal-entry.preconditions';
import { findEntry } from './journal-timeline.repository';
import { appendChainLink } from '../signatures/journal-chain';

/** Linking evidence and identifiers to an entry, and unlinking them. */

type LinkKind = 'evidence' | 'identifier';

const NOT_LINKED: Record<LinkKind, string> = {
  evidence: 'This evidence item is not linked to the entry',
  identifier: 'This identifier is not linked to the entry',
};

async function assertTargetVisible(tx: Tx, kind: LinkKind, targetId: string, principal: Principal) {
  const found =
    kind === 'evidence'
      ? await findVisibleEvidenceIds(tx, [targetId], principal)
      : await findIdentifierIds(tx, [targetId]);
  if (!found.has(targetId)) throw AppError.notFound(kind === 'evidence' ? 'Evidence' : 'Identifier');
}

/**
 * Adds or removes one link of a changeable entry (visible, the caller's own or they are an
 * administrator, not removed, not signed, its case not archived). A
 * link that already exists answers the entry unchanged; removing a link that does not exist is 404.
 * Evidence links and unlinks go to the item's chain of custody; every change to the audit trail.
 */
async function changeLink(
  db: Db,
  op: 'link' | 'unlink',
  kind: LinkKind,
  entryId: string,
  targetId: string,
  principal: Principal,
): Promise<JournalEntry> {
  const row: EntryRow = await transactionRetryingDeadlocks(db, async (tx) => {
    // The identifier before the entry, as its deletion takes them (identifiers.service.ts): taken the
    // other way round, a link and a deletion could each hold one and wait for the other.
    if (kind === 'identifier') await findIdentifierIds(tx, [targetId]);
    const entry = await lockChangeableEntry(tx, entryId, principal);
    await assertTargetVisible(tx, kind, targetId, principal);
    let changed: boolean;
    if (op === 'link') {
      const insert = kind === 'evidence' ? insertEvidenceLinks : insertIdentifierLinks;
      changed = (await insert(tx, entry, [targetId])).length > 0;
    } else {
      const remove = kind === 'evidence' ? deleteEvidenceLink : deleteIdentifierLink;
      changed = await remove(tx, entry, targetId);
      if (!changed) throw new AppError('NOT_FOUND', NOT_LINKED[kind]);
    }
    if (!changed) return entry;
    if (kind === 'evidence') {
      await recordCustody(tx, principal, targetId, op === 'link' ? 'linked' : 'unlinked', {
        journalEntryId: entryId,
      });
    }
    const field = kind === 'evidence' ? 'evidenceId' : 'identifierId';
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: `journal_entry.${kind}_${op}ed`,
        subjectType: 'journal_entry',
        subjectId: entryId,
        caseId: entry.caseId,
        before: op === 'unlink' ? { [field]: targetId } : null,
        after: op === 'link' ? { [field]: targetId } : null,
      }),
    );
    await appendChainLink(tx, entryId, 'updated');
    await touchCase(tx, entry.caseId);
    return entry;
  });
  return findEntry(db, row.id, principal);
}

export const linkEvidence = (db: Db, entryId: string, evidenceId: string, principal: Principal) =>
  changeLink(db, 'link', 'evidence', entryId, evidenceId, principal);
export const unlinkEvidence = (db: Db, entryId: string, evidenceId: string, principal: Principal) =>
  changeLink(db, 'unlink', 'evidence', entryId, evidenceId, principal);
export const linkIdentifier = (db: Db, entryId: string, identifierId: string, principal: Principal) =>
  changeLink(db, 'link', 'identifier', entryId, identifierId, principal);
export const unlinkIdentifier = (db: Db, entryId: string, identifierId: string, principal: Principal) =>
  changeLink(db, 'unlink', 'identifier', entryId, identifierId, principal);
