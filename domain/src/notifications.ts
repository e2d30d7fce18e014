import { z } from 'zod';
import { auditEventSchema, caseRefSchema } from './cases';
import { cappedPaginated, pageQuery } from './pagination';

/**
 * Notifications: what others did on the cases a user is assigned to, as the cases' History records
 * it (an entry added, the status changed, evidence linked, someone assigned), newest first. What the
 * user did themselves is left out. Events after the last one the user marked seen are unread.
 */

/** The list counts no further than this. */
export const NOTIFICATIONS_COUNT_CAP = 1000;
/** The unread count stops here: the badge reads "99+". */
export const UNREAD_COUNT_CAP = 99;

export const notificationListQuerySchema = z.object({ ...pageQuery(10, 50) });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z
  .object({
    event: auditEventSchema,
    case: caseRefSchema,
    unread: z.boolean().describe('Later than the last notification the user marked seen'),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = cappedPaginated(notificationSchema, NOTIFICATIONS_COUNT_CAP);
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadNotificationsSchema = z.object({
  unread: z
    .number()
    .int()
    .describe(`How many are unread, at most ${UNREAD_COUNT_CAP + 1}`),
  isCapped: z
    .boolean()
    .describe(`True when more than ${UNREAD_COUNT_CAP} are unread (show "${UNREAD_COUNT_CAP}+")`),
});
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

/** `POST /api/notifications/seen`: marks every notification up to `upTo` (an event id) seen. */
export const markNotificationsSeenBodySchema = z.object({
  upTo: z
    .number({ error: 'upTo must be a whole number' })
    .int('upTo must be a whole number')
    .min(1, 'upTo must be at least 1')
    .max(Number.MAX_SAFE_INTEGER, 'upTo is too large')
    .describe('The newest notification the user has seen (its event id)'),
});
export type MarkNotificationsSeenBody = z.infer<typeof markNotificationsSeenBodySchema>;
