import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caseTaskListQuerySchema,
  caseTaskListSchema,
  caseTaskParamsSchema,
  caseTaskSchema,
  createCaseTaskBodySchema,
  updateCaseTaskBodySchema,
} from '@scamtrail/domain/case-tasks';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentPrincipal } from '../auth/principal';
import { access, naming } from '../auth/route-access';
import {
  createCaseTask,
  deleteCaseTask,
  getCaseTask,
  listCaseTasks,
  updateCaseTask,
} from './case-tasks.service';

/** A case's tasks: what is left to do on it, who does it and by when. */
export async function caseTasksRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];

  r.get(
    '/api/cases/:id/tasks',
    {
      schema: {
        operationId: 'listCaseTasks',
        tags,
        summary: 'The tasks of a case: open ones first, the soonest due first; with how many are open',
        params: idParamsSchema,
        querystring: caseTaskListQuerySchema,
        response: { 200: caseTaskListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view') },
    },
    async (request) => listCaseTasks(db, request.params.id, request.query, currentPrincipal(request)),
  );

  r.post(
    '/api/cases/:id/tasks',
    {
      schema: {
        operationId: 'createCaseTask',
        tags,
        summary: 'Add a task to a case, to do',
        description: 'assigneeId: an enabled user. An archived case answers 409. Recorded in its History.',
        params: idParamsSchema,
        body: createCaseTaskBodySchema,
        response: { 201: caseTaskSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: {
        access: naming(access.permission('case.edit'), ['assigneeId']),
        idempotent: true,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          withETag(
            reply,
            await createCaseTask(db, request.params.id, request.body, currentPrincipal(request)),
          ),
        ),
  );

  r.patch(
    '/api/cases/:id/tasks/:taskId',
    {
      schema: {
        operationId: 'updateCaseTask',
        tags,
        summary: 'Change a task: its title, description, status, assignee or due date',
        description: 'Done stamps completedAt; any other status clears it. Recorded in the case’s History.',
        params: caseTaskParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateCaseTaskBodySchema,
        response: { 200: caseTaskSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: { access: naming(access.permission('case.edit'), ['assigneeId']) },
    },
    async (request, reply) => {
      const { id, taskId } = request.params;
      const principal = currentPrincipal(request);
      return guardEdit(
        reply,
        () => updateCaseTask(db, id, taskId, request.body, principal, ifMatchOf(request)),
        () => getCaseTask(db, id, taskId, principal),
        caseTaskSchema,
      );
    },
  );

  r.delete(
    '/api/cases/:id/tasks/:taskId',
    {
      schema: {
        operationId: 'deleteCaseTask',
        tags,
        summary: 'Remove a task; the case’s History keeps what it was',
        params: caseTaskParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('case.edit') },
    },
    async (request, reply) => {
      await deleteCaseTask(db, request.params.id, request.params.taskId, currentPrincipal(request));
      return reply.status(204).send(null);
    },
  );
}
