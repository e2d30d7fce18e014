import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  updateWebhookBodySchema,
  webhookAttemptListQuerySchema,
  webhookAttemptListSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '@scamtrail/domain/webhooks';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { webhookUrlFor } from '../automations/webhook-url';
import {
  enableWebhook,
  getWebhook,
  listWebhookAttempts,
  listWebhookDeliveries,
  pingWebhook,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from './webhooks.service';
import type { GrantLimits } from './webhook-grants';

/**
 * The webhook of an automation: whoever may view automations reads its state and delivery log;
 * whoever may edit them chooses its topics, rotates its secret, re-enables it, pings it and sends a
 * delivery again. A key reaches its own automation's webhook only.
 */
export async function webhooksRoutes(app: FastifyInstance, opts: { db: Db; limits: GrantLimits }) {
  const { db, limits } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['automations'];
  const base = '/api/automations/:id/webhook';

  r.get(
    base,
    {
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: "An automation's webhook: status (and why disabled), topics, whether it has a secret",
        params: idParamsSchema,
        response: { 200: webhookEndpointSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.automationPermission('automation.view') },
    },
    async (request, reply) => {
      const { id } = request.params;
      const endpoint = await getWebhook(db, id, request.principal!, limits);
      return withETag(reply, { ...endpoint, url: webhookUrlFor(request.principal!, id, endpoint.url) });
    },
  );

  r.patch(
    base,
    {
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Choose the topics the webhook receives',
        description:
          "A topic's events are sent only while one of the automation's live API keys holds export.view " +
          "and the topic's view permissions (its creator holding them too), and whoever last set the " +
          'webhook URL holds them too; of cases, those of no group.',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookEndpointSchema, ...errorResponses(400, 401, 403, 404, 412) },
      },
      config: { access: access.automationPermission('automation.edit') },
    },
    async (request, reply) => {
      const { id } = request.params;
      return guardEdit(
        reply,
        () => updateWebhook(db, id, request.body, request.principal!, limits, ifMatchOf(request)),
        () => getWebhook(db, id, request.principal!, limits),
        webhookEndpointSchema,
      );
    },
  );

  r.post(
    `${base}/secret`,
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'Make a new signing secret (whsec_…), answered only this once',
        description: 'The secret it replaces still signs deliveries beside it (two signatures) for 24 hours.',
        params: idParamsSchema,
        response: { 200: webhookSecretSchema, ...errorResponses(400, 401, 403, 404) },
      },
      // A replayed answer would keep the secret: only the endpoint ever holds it.
      config: { access: access.automationPermission('automation.edit'), idempotent: false },
    },
    async (request) => rotateWebhookSecret(db, request.params.id, request.principal!, limits),
  );

  r.post(
    `${base}/enable`,
    {
      schema: {
        operationId: 'enableWebhook',
        tags,
        summary: 'Enable a disabled webhook; deliveries that waited are sent at once',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { 200: webhookEndpointSchema, ...errorResponses(400, 401, 403, 404, 412) },
      },
      config: { access: access.automationPermission('automation.edit') },
    },
    async (request, reply) => {
      const { id } = request.params;
      return guardEdit(
        reply,
        () => enableWebhook(db, id, request.principal!, limits, ifMatchOf(request)),
        () => getWebhook(db, id, request.principal!, limits),
        webhookEndpointSchema,
      );
    },
  );

  r.post(
    `${base}/ping`,
    {
      schema: {
        operationId: 'pingWebhook',
        tags,
        summary: 'Queue a test ping (type webhook.ping), sent and logged like any delivery',
        description:
          '409 when the automation is deactivated, has no URL or secret, or its webhook is disabled.',
        params: idParamsSchema,
        response: { 201: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.automationPermission('automation.edit'), idempotent: true },
    },
    async (request, reply) => reply.status(201).send(await pingWebhook(db, request.params.id)),
  );

  r.get(
    `${base}/deliveries`,
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "The webhook's deliveries, newest first, each with its latest attempt and the next",
        description:
          "Test pings, and the events of the topics whose view permissions the caller holds (a topic's " +
          'permissions but export.view).',
        params: idParamsSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.automationPermission('automation.view') },
    },
    async (request) => listWebhookDeliveries(db, request.params.id, request.query, request.principal!),
  );

  r.post(
    `${base}/deliveries/:deliveryId/resend`,
    {
      schema: {
        operationId: 'resendWebhookDelivery',
        tags,
        summary: 'Send a delivery again now: one more attempt, same webhook-id, logged as sent by hand',
        description:
          'The schedule is not restarted: a waiting delivery has its next retry now and the later ones ' +
          'as before; a delivered or failed one gets this one attempt, and its status becomes its ' +
          'outcome. 409 while an attempt of it is under way, or when the automation is deactivated, ' +
          'has no URL or secret, or its webhook is disabled.',
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.automationPermission('automation.edit') },
    },
    async (request) =>
      resendWebhookDelivery(db, request.params.id, request.params.deliveryId, request.principal!),
  );

  r.get(
    `${base}/attempts`,
    {
      schema: {
        operationId: 'listWebhookAttempts',
        tags,
        summary: "The webhook's delivery log: every attempt, newest first (of one delivery with deliveryId)",
        description:
          'Each attempt: its event, number, outcome, HTTP status, duration and the start of the answer; ' +
          "of test pings and of the topics whose view permissions the caller holds (a topic's permissions " +
          'but export.view). ' +
          'An attempt whose instance stopped before the answer is "interrupted".',
        params: idParamsSchema,
        querystring: webhookAttemptListQuerySchema,
        response: { 200: webhookAttemptListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.automationPermission('automation.view') },
    },
    async (request) => listWebhookAttempts(db, request.params.id, request.query, request.principal!),
  );
}
