import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '@scamtrail/domain/automations';
import { pageQuery, paginated } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const keyParamsSchema = idParamsSchema.extend({ keyId: z.uuid({ message: 'keyId must be a UUID' }) });

/**
 * API keys of automations: `Authorization: Bearer <key>` acts as the automation with the key's scopes,
 * as far as its creator holds them now; it changes what its automation recorded only while its creator
 * could too (`ownRecordsOf`, modules/auth/principal.ts). Every route here is of one automation: a key
 * reaches its own automation's keys only.
 */
export async function apiKeysRoutes(app: FastifyInstance, opts: { db: Db; deviceSessionIdleMs: number }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['automations'];
  const base = '/api/automations/:id/api-keys';

  r.get(
    base,
    {
      schema: {
        operationId: 'listApiKeys',
        tags,
        summary: "An automation's API keys, newest first (prefix and status; never the secret)",
        params: idParamsSchema,
        querystring: z.object(pageQuery()),
        response: { 200: paginated(apiKeySchema), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.automationPermission('automation.view') },
    },
    async (request) => listApiKeys(db, request.params.id, request.query, opts),
  );

  r.post(
    base,
    {
      schema: {
        operationId: 'createApiKey',
        tags,
        summary: 'Create an API key; the answer carries the secret, shown only this once',
        description:
          'scopes: a non-empty list of permission names, each held by the caller (403 otherwise); the ' +
          "wildcard '*' is refused. expiresAt: optional, in the future; a key made by an API key expires " +
          'no later than that key (400 naming expiresAt) and is revoked with it; one made with a device ' +
          "sign-in's token, no later than that sign-in (400 naming expiresAt). name: not that of another key " +
          'of the automation that is active (neither revoked nor expired), in any case (409 naming the field). ' +
          'The key records as its automation, but changes what the automation recorded (its journal entries) ' +
          'only while its creator could change it themselves, that is while they are an administrator: a key ' +
          'never holds more than its creator holds now.',
        params: idParamsSchema,
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      // No Idempotency-Key: replaying the answer would mean keeping the secret for a day, where only
      // its hash is ever kept. A retry's second key is seen by name (409 while the first is active).
      config: { access: access.automationPermission('automation.edit'), idempotent: false },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(db, request.params.id, request.body, request.principal!)),
  );

  r.post(
    `${base}/:keyId/revoke`,
    {
      schema: {
        operationId: 'revokeApiKey',
        tags,
        summary: 'Revoke an API key: it stops working at once (idempotent)',
        description: 'Every key minted from it by an API key, however far down, is revoked with it.',
        params: keyParamsSchema,
        response: { 200: apiKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.automationPermission('automation.edit') },
    },
    async (request) => revokeApiKey(db, request.params.id, request.params.keyId, request.principal!),
  );
}
