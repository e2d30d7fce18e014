import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceAuthorizationDecisionSchema,
  deviceAuthorizationRequestSchema,
  deviceUserCodeBodySchema,
} from '@scamtrail/domain/device-authorization';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { errorResponses } from '../../lib/schemas';
import { currentUser } from '../auth/principal';
import { access } from '../auth/route-access';
import { decideDeviceAuthorization, findDeviceAuthorization } from './device-authorization.service';

/**
 * What the /auth/device page calls, with the signed-in user's cookie session: the request a user code
 * names, and approving or denying it. Wrong codes are throttled per user and per address (429).
 */
export async function deviceAuthorizationRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['oauth'];

  r.post(
    '/api/oauth/device/lookup',
    {
      schema: {
        operationId: 'findDeviceAuthorization',
        tags,
        summary:
          'The device sign-in waiting with this user code: which client asks, for which permissions, from where and when',
        body: deviceUserCodeBodySchema,
        response: { 200: deviceAuthorizationRequestSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: { access: access.account() },
    },
    async (request) =>
      findDeviceAuthorization(db, currentUser(request), request.body.userCode, request.ip, config),
  );

  r.post(
    '/api/oauth/device/approve',
    {
      schema: {
        operationId: 'approveDeviceAuthorization',
        tags,
        summary:
          'Approve the device sign-in waiting with this user code: its client is given a session acting as you',
        body: deviceUserCodeBodySchema,
        response: { 200: deviceAuthorizationDecisionSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: { access: access.account() },
    },
    async (request) =>
      decideDeviceAuthorization(
        db,
        currentUser(request),
        request.body.userCode,
        'approved',
        request.ip,
        config,
      ),
  );

  r.post(
    '/api/oauth/device/deny',
    {
      schema: {
        operationId: 'denyDeviceAuthorization',
        tags,
        summary: 'Deny the device sign-in waiting with this user code: its client is told access_denied',
        body: deviceUserCodeBodySchema,
        response: { 200: deviceAuthorizationDecisionSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: { access: access.account() },
    },
    async (request) =>
      decideDeviceAuthorization(
        db,
        currentUser(request),
        request.body.userCode,
        'denied',
        request.ip,
        config,
      ),
  );
}
