import type { Case, CaseListQuery, CreateCaseBody } from '@scamtrail/domain/cases';
import type { Pagination } from '@scamtrail/domain/pagination';
import { toPagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { jsonText } from '../../lib/json-text';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { listCaseIds } from './case-list.repository';
import { findCase, findCases, findVisibleCaseJson } from './case-page.repository';
import { caseSnapshot } from './case-presenter';
import { checkCaseReferences, requireVisibleCase } from './case.preconditions';
import { resolveRecordOriginators } from '../originators/record-originators';
import { insertCaseRow, replaceCaseAssignees, replaceCaseTags } from './cases.repository';

// What a change of a case's journal or evidence (their modules) marks on the case.
export { touchCase } from './cases.repository';

export async function listCases(
  db: Db,
  query: CaseListQuery,
  principal: Principal,
): Promise<{ data: Case[]; pagination: Pagination }> {
  const { ids, total } = await listCaseIds(db, query, principal);
  return {
    data: await findCases(db, ids, principal),
    pagination: toPagination(query.page, query.pageSize, total),
  };
}

/** The case as the database wrote it, to send as it is, and its `updatedAt` for the ETag. */
export async function getCase(
  db: Db,
  id: string,
  principal: Principal,
): Promise<{ answer: Case; updatedAt: string }> {
  const found = await findVisibleCaseJson(db, principal, id);
  if (found === undefined) throw AppError.notFound('Case');
  return { answer: jsonText<Case>(found.json), updatedAt: found.updatedAt };
}

/** The case as `principal` may see it (404 otherwise), e.g. to show beside a refused change. */
export async function findVisibleCase(db: Db, id: string, principal: Principal): Promise<Case> {
  await requireVisibleCase(db, principal, id);
  return findCase(db, id, principal);
}

/**
 * Opens a case originated by the caller (a user's team-member originator, an API key's automation).
 * The case, its assignees and tags and the audit row commit together or not at all.
 */
export async function createCase(db: Db, body: CreateCaseBody, principal: Principal): Promise<Case> {
  const row = await db.transaction(async (tx) => {
    const errors = await checkCaseReferences(tx, body, principal);
    if (errors.length) throw AppError.validation(errors);
    const originators = await resolveRecordOriginators(
      tx,
      principal.originatorId,
      body.onBehalfOfOriginatorId,
    );
    const inserted = await insertCaseRow(tx, {
      title: body.title,
      description: body.description,
      priority: body.priority,
      scamType: body.scamType ?? null,
      reportedLossAmount: body.reportedLoss ? String(body.reportedLoss.amount) : null,
      reportedLossCurrency: body.reportedLoss?.currency ?? null,
      groupId: body.groupId ?? null,
      ...originators,
    });
    await replaceCaseAssignees(tx, inserted.id, body.assigneeIds);
    await replaceCaseTags(tx, inserted.id, body.tagIds);
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'case.created',
        subjectType: 'case',
        subjectId: inserted.id,
        caseId: inserted.id,
        before: null,
        after: caseSnapshot(inserted, body.assigneeIds, body.tagIds),
      }),
    );
    return inserted;
  });
  return findCase(db, row.id, principal);
}
