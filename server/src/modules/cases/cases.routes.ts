import type { CaseListQuery } from '@scamtrail/domain/cases';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignableUserListSchema,
  BULK_CASES_MAX,
  bulkUpdateCasesBodySchema,
  bulkUpdateCasesResultSchema,
  assignableUsersQuerySchema,
  caseListQuerySchema,
  caseListSchema,
  caseSchema,
  createCaseBodySchema,
  updateCaseBodySchema,
} from '@scamtrail/domain/cases';
import { entityTagOf } from '@scamtrail/domain/entity-tags';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, naming, namingInQuery } from '../auth/route-access';
import { caseListCsv } from '../interchange/list-csv';
import { caseCsvPage } from './case-list-csv';
import { listAssignableUsers } from './assignable-users.service';
import { caseHistoryRoutes } from './case-history.routes';
import { caseIdentifiersRoutes } from './case-identifiers.routes';
import { caseLinksRoutes } from './case-links.routes';
import { caseRelatedRoutes } from './case-related.routes';
import { caseTasksRoutes } from './case-tasks.routes';
import { updateCase } from './case-update.service';
import { bulkUpdateCases } from './case-bulk-update.service';
import { createCase, findVisibleCase, getCase, listCases } from './cases.service';

/** Cases: list, create, read, update; their sub-resources each in a file of their own. */
export async function casesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];

  r.get(
    '/api/cases',
    {
      schema: {
        operationId: 'listCases',
        tags,
        summary:
          'List the cases the caller may see, by status, assignee, scam type, priority, tag, group ' +
          '(groupId=none: of no group) and title',
        querystring: caseListQuerySchema,
        response: { 200: caseListSchema, ...errorResponses(400, 401, 403) },
      },
      config: {
        // A case reader names cases and assignees already; tags and groups need their own.
        access: namingInQuery(access.permission('case.view'), ['tagId', 'groupId']),
        csv: {
          ...caseListCsv,
          read: (request, after, limit) =>
            caseCsvPage(db, request.query as CaseListQuery, request.principal!, after, limit),
        },
      },
    },
    async (request) => listCases(db, request.query, request.principal!),
  );

  // A static path: find-my-way prefers it to /api/cases/:id whatever the order of declaration.
  r.get(
    '/api/cases/assignable-users',
    {
      schema: {
        operationId: 'listAssignableUsers',
        tags,
        summary: 'Enabled users a case can be assigned to (id and full name), by name',
        querystring: assignableUsersQuerySchema,
        response: { 200: assignableUserListSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission('case.view') },
    },
    async (request) => listAssignableUsers(db, request.query),
  );

  r.post(
    '/api/cases',
    {
      schema: {
        operationId: 'createCase',
        tags,
        summary: 'Open a case, originated by the caller',
        description:
          'groupId: a group the caller belongs to (any group for administrators; none for API keys). ' +
          'assigneeIds: enabled users. Unknown ids answer 400 naming the field.',
        body: createCaseBodySchema,
        response: { 201: caseSchema, ...errorResponses(400, 401, 403) },
      },
      config: {
        access: naming(access.permission('case.create'), [
          'groupId',
          'assigneeIds',
          'tagIds',
          'onBehalfOfOriginatorId',
        ]),
        idempotent: true,
      },
    },
    async (request, reply) => reply.status(201).send(await createCase(db, request.body, request.principal!)),
  );

  r.get(
    '/api/cases/:id',
    {
      schema: {
        operationId: 'getCase',
        tags,
        summary: 'One case with its assignees, tags, group, originator and counts',
        description: 'A case the caller may not see answers 404, as a missing one does.',
        params: idParamsSchema,
        response: { 200: caseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view') },
    },
    async (request, reply) => {
      const { answer, updatedAt } = await getCase(db, request.params.id, request.principal!);
      reply.header('etag', entityTagOf(updatedAt));
      return answer;
    },
  );

  r.patch(
    '/api/cases/:id',
    {
      schema: {
        operationId: 'updateCase',
        tags,
        summary: 'Change any of the fields of a case, or its status',
        description:
          'Closing needs resolution and closureNotes in the same request; reopening clears them. ' +
          'A case closed as a duplicate may name the case it repeats (duplicateOfId), one the caller may see. ' +
          'A forbidden status move or any change to an archived case but reopening answers 409. ' +
          'addTagIds, removeTagIds, addAssigneeIds and removeAssigneeIds change the sets as they are ' +
          'then; tagIds and assigneeIds replace them (send If-Match with them).',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateCaseBodySchema,
        response: { 200: caseSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: {
        access: naming(access.permission('case.edit'), [
          'groupId',
          'assigneeIds',
          'addAssigneeIds',
          'removeAssigneeIds',
          'tagIds',
          'addTagIds',
          'removeTagIds',
          'duplicateOfId',
        ]),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal!;
      return guardEdit(
        reply,
        () => updateCase(db, id, request.body, principal, ifMatchOf(request)),
        () => findVisibleCase(db, id, principal),
        caseSchema,
      );
    },
  );

  r.post(
    '/api/cases/bulk-update',
    {
      schema: {
        operationId: 'bulkUpdateCases',
        tags,
        summary: 'One change to several cases at once, all or none',
        description:
          `At most ${BULK_CASES_MAX} cases, each one the caller may see (400 naming ids otherwise). ` +
          'Each case follows the rules of its own PATCH and gets its own History row; assignees and tags ' +
          'are added or removed. A refusal of one case (its number in the message, its id in the ' +
          'details) changes none of them.',
        body: bulkUpdateCasesBodySchema,
        response: { 200: bulkUpdateCasesResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: {
        access: naming(
          access.permission('case.edit'),
          ['addAssigneeIds', 'removeAssigneeIds', 'addTagIds', 'removeTagIds'],
          'case.view',
        ),
      },
    },
    async (request) => bulkUpdateCases(db, request.body, request.principal!),
  );

  await app.register(caseRelatedRoutes, { db });
  await app.register(caseIdentifiersRoutes, { db });
  await app.register(caseHistoryRoutes, { db });
  await app.register(caseLinksRoutes, { db });
  await app.register(caseTasksRoutes, { db });
}
