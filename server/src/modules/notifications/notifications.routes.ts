import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markNotificationsSeenBodySchema,
  notificationListQuerySchema,
  notificationListSchema,
  unreadNotificationsSchema,
} from '@scamtrail/domain/notifications';
import type { Db } from '../../db/client';
import { errorResponses } from '../../lib/schemas';
import { currentUser } from '../auth/principal';
import { access } from '../auth/route-access';
import { countUnreadNotifications, listNotifications, markNotificationsSeen } from './notifications.service';

/**
 * A user's notifications: what others did on the cases they are assigned to. People only: an API key
 * is assigned to nothing.
 */
export async function notificationsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const rule = access.userPermission('case.view');

  r.get(
    '/api/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags,
        summary:
          'What others did on the cases the caller is assigned to, newest first, each marked unread when it ' +
          'came after the last one the caller marked seen',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: rule },
    },
    async (request) => listNotifications(db, request.query, currentUser(request)),
  );

  r.get(
    '/api/notifications/unread',
    {
      schema: {
        operationId: 'countUnreadNotifications',
        tags,
        summary: 'How many notifications came after the last one the caller marked seen (the bell badge)',
        response: { 200: unreadNotificationsSchema, ...errorResponses(401, 403) },
      },
      config: { access: rule },
    },
    async (request) => countUnreadNotifications(db, currentUser(request)),
  );

  r.post(
    '/api/notifications/seen',
    {
      schema: {
        operationId: 'markNotificationsSeen',
        tags,
        summary: 'Mark every notification up to an event id seen; the mark never moves back',
        body: markNotificationsSeenBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
      config: { access: rule },
    },
    async (request, reply) => {
      await markNotificationsSeen(db, request.body.upTo, currentUser(request));
      return reply.status(204).send(null);
    },
  );
}
