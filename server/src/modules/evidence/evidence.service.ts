import type { Evidence, EvidenceListQuery, UpdateEvidenceBody } from '@scamtrail/domain/evidence';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db, Tx } from '../../db/client';
import { transactionRetryingDeadlocks } from '../../db/retry-deadlocks';
import { evidence } from '../../db/schema/index';
import { lockIdentifiersInIdOrder } from '../../db/identifier-link-locks';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { touchCase } from '../cases/cases.service';
import { recordCustody } from './custody.service';
import {
  findEvidenceTagIds,
  findIdentifierSummary,
  lockCases,
  linkIdentifier,
  setEvidenceTags,
  unlinkIdentifier,
  updateEvidenceRow,
} from './evidence.repository';
import { listEvidenceRows } from './evidence-list.repository';
import { presentEvidence } from './evidence-presenter';
import { requireTags } from '../tags/tag.preconditions';
import { requireCaseForEvidence, requireEditableEvidence, requireEvidence } from './evidence.preconditions';

/** One item for the caller (404 when missing or its case is hidden); a read is recorded in custody. */
export async function getEvidence(
  db: Db,
  principal: Principal,
  id: string,
  options: { recordView: boolean } = { recordView: true },
): Promise<Evidence> {
  const found = await requireEvidence(db, principal, id);
  if (options.recordView) await recordCustody(db, principal, id, 'viewed');
  return (await presentEvidence(db, principal, [found]))[0];
}

export async function listEvidence(
  db: Db,
  principal: Principal,
  query: EvidenceListQuery,
): Promise<{ data: Evidence[]; pagination: Pagination }> {
  const { rows, total } = await listEvidenceRows(db, principal, query);
  return {
    data: await presentEvidence(db, principal, rows),
    pagination: toPagination(query.page, query.pageSize, total),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Records a move between cases: `unlinked` from the old one, `linked` to the new one. */
async function recordCaseChange(
  tx: Tx,
  principal: Principal,
  id: string,
  from: string | null,
  to: string | null,
) {
  const move = { before: { caseId: from }, after: { caseId: to } };
  if (from) {
    await recordCustody(tx, principal, id, 'unlinked', { caseId: from });
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'evidence.unlinked',
        subjectType: 'evidence',
        subjectId: id,
        caseId: from,
        ...move,
      }),
    );
    await touchCase(tx, from);
  }
  if (to) {
    await recordCustody(tx, principal, id, 'linked', { caseId: to });
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'evidence.linked',
        subjectType: 'evidence',
        subjectId: id,
        caseId: to,
        ...move,
      }),
    );
    await touchCase(tx, to);
  }
}

/**
 * Title, description, tags and case. Custody gets `edited` for the fields, `unlinked`/`linked` for a
 * case change; the audit trail the fields before and after. Values equal to the stored ones change nothing.
 */
export async function updateEvidence(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateEvidenceBody,
  ifMatch?: IfMatch,
): Promise<Evidence> {
  await db.transaction(async (tx) => {
    const { row } = await requireEditableEvidence(tx, principal, id, body.caseId);
    await assertIfMatch(tx, evidence, id, ifMatch, 'evidence item');
    const movesTo = body.caseId !== undefined && body.caseId !== row.caseId ? body.caseId : undefined;
    await lockCases(tx, [row.caseId, movesTo ?? null]);
    if (movesTo) await requireCaseForEvidence(tx, principal, movesTo, true);
    if (body.tagIds) await requireTags(tx, body.tagIds);

    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of ['title', 'description'] as const) {
      const value = body[field];
      if (value !== undefined && value !== row[field]) {
        before[field] = row[field];
        after[field] = value;
      }
    }
    const tagIds = await findEvidenceTagIds(tx, id);
    if (body.tagIds && !sameSet(tagIds, body.tagIds)) {
      before.tagIds = tagIds;
      after.tagIds = body.tagIds;
      await setEvidenceTags(tx, id, body.tagIds);
    }
    const caseId = movesTo === undefined ? row.caseId : movesTo;
    const edited = Object.keys(after);
    if (edited.length === 0 && movesTo === undefined) return;
    await updateEvidenceRow(
      tx,
      id,
      {
        ...(after.title !== undefined ? { title: after.title as string } : {}),
        ...(after.description !== undefined ? { description: after.description as string } : {}),
        caseId,
      },
      row.caseId,
    );
    if (edited.length > 0) {
      await recordCustody(tx, principal, id, 'edited', { fields: edited });
      await recordEvent(
        tx,
        auditEvent(principal, {
          action: 'evidence.updated',
          subjectType: 'evidence',
          subjectId: id,
          caseId,
          before,
          after,
        }),
      );
      await touchCase(tx, caseId);
    }
    if (movesTo !== undefined) await recordCaseChange(tx, principal, id, row.caseId, movesTo);
  });
  return getEvidence(db, principal, id, { recordView: false });
}

/** Links (or unlinks) an identifier; doing it twice changes nothing the second time. */
export async function setIdentifierLink(
  db: Db,
  principal: Principal,
  id: string,
  identifierId: string,
  linked: boolean,
): Promise<Evidence> {
  await transactionRetryingDeadlocks(db, async (tx) => {
    // The identifier before the item, and as strongly as linking takes it: its deletion takes the
    // identifier and then what links it, and a lock strengthened later deadlocks with a deletion
    // waiting between the two (db/identifier-link-locks.ts).
    await lockIdentifiersInIdOrder(tx, [identifierId]);
    const { row } = await requireEditableEvidence(tx, principal, id);
    const identifier = await findIdentifierSummary(tx, identifierId);
    if (!identifier) throw AppError.notFound('Identifier');
    const changed = linked
      ? await linkIdentifier(tx, id, identifierId)
      : await unlinkIdentifier(tx, id, identifierId);
    if (!changed) return;
    const detail = { identifierId, identifierType: identifier.type, displayValue: identifier.displayValue };
    await recordCustody(tx, principal, id, linked ? 'linked' : 'unlinked', detail);
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: linked ? 'evidence.identifier_linked' : 'evidence.identifier_unlinked',
        subjectType: 'evidence',
        subjectId: id,
        caseId: row.caseId,
        before: linked ? null : detail,
        after: linked ? detail : null,
      }),
    );
    await touchCase(tx, row.caseId);
  });
  return getEvidence(db, principal, id, { recordView: false });
}
