import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  automationDetailSchema,
  createAutomationBodySchema,
  updateAutomationBodySchema,
} from '@scamtrail/domain/automations';
import { originatorListQuerySchema } from '@scamtrail/domain/originators';
import type { Db } from '../../db/client';
import { withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentPrincipal } from '../auth/principal';
import { access } from '../auth/route-access';
import { registerOriginatorKindRoutes } from '../originators/originator-kind.routes';
import { getOriginatorOfType } from '../originators/originator-writes.service';
import { activeFilter, listOriginators, originatorFor } from '../originators/originators.service';
import {
  createAutomation,
  getAutomationDetail,
  updateAutomation,
  type OutboundPolicy,
} from './automations.service';

/**
 * Automations: systems acting through API keys. The same operations answer at /api/automations and
 * at /api/originators/automations (the originator family of spec 7).
 */
export async function automationsRoutes(
  app: FastifyInstance,
  opts: { db: Db; policy: OutboundPolicy; deviceSessionIdleMs: number },
) {
  const { db, policy } = opts;
  const tags = ['automations'];

  for (const base of ['/api/automations', '/api/originators/automations']) {
    const operationNoun = base === '/api/automations' ? 'Automation' : 'OriginatorAutomation';
    registerOriginatorKindRoutes(app, {
      base,
      tags,
      noun: 'automation',
      operationNoun,
      permissions: { view: 'automation.view', create: 'automation.create', edit: 'automation.edit' },
      listQuery: originatorListQuerySchema,
      createBody: createAutomationBodySchema,
      updateBody: updateAutomationBodySchema,
      createSummary:
        'Create an automation. webhookUrl must be http(s) and must not target a private, loopback or ' +
        'link-local address',
      list: ({ search, status, page, pageSize }) =>
        listOriginators(
          db,
          { types: ['automation'], search, active: activeFilter(status) },
          { page, pageSize },
        ),
      create: (body, principal) => createAutomation(db, policy, body, principal),
      // A key changes its own automation only, decided with the rest of who may call.
      recordAccess: access.automationPermission,
      update: (id, body, principal, ifMatch) => updateAutomation(db, policy, id, body, principal, ifMatch),
      read: (id) => getOriginatorOfType(db, id, 'automation'),
      deactivate: (id, principal, ifMatch) =>
        updateAutomation(db, policy, id, { active: false }, principal, ifMatch),
    });

    app.withTypeProvider<ZodTypeProvider>().get(
      `${base}/:id`,
      {
        schema: {
          operationId: `get${operationNoun}`,
          tags,
          summary: 'One automation with its API keys (latest 100; never the secrets)',
          params: idParamsSchema,
          response: { 200: automationDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
        // The answer lists the automation's keys: another automation's key has no business there.
        config: { access: access.automationPermission('automation.view') },
      },
      async (request, reply) => {
        const detail = await getAutomationDetail(db, request.params.id, opts);
        return withETag(reply, { ...detail, ...originatorFor(currentPrincipal(request), detail) });
      },
    );
  }
}
