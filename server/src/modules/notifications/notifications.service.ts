import type {
  NotificationList,
  NotificationListQuery,
  UnreadNotifications,
} from '@scamtrail/domain/notifications';
import { NOTIFICATIONS_COUNT_CAP, UNREAD_COUNT_CAP } from '@scamtrail/domain/notifications';
import { toPagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import type { UserPrincipal } from '../auth/principal';
import { presentAuditEvents } from '../events/audit-event-presenter';
import {
  countNotifications,
  findNotificationPage,
  findSeenEventId,
  markSeenUpTo,
} from './notifications.repository';

/** `GET /api/notifications`: a page of what others did on the user's cases, newest first. */
export async function listNotifications(
  db: Db,
  query: NotificationListQuery,
  principal: UserPrincipal,
): Promise<NotificationList> {
  const [rows, total, seen] = await readsTogether(db, [
    () => findNotificationPage(db, principal, query),
    () => countNotifications(db, principal, NOTIFICATIONS_COUNT_CAP),
    () => findSeenEventId(db, principal.userId),
  ]);
  const capped = total > NOTIFICATIONS_COUNT_CAP;
  const events = await presentAuditEvents(
    db,
    principal,
    rows.map((row) => row.event),
  );
  return {
    data: rows.map((row, i) => ({ event: events[i], case: row.case, unread: events[i].id > seen })),
    pagination: toPagination(query.page, query.pageSize, capped ? NOTIFICATIONS_COUNT_CAP : total),
    totalIsCapped: capped,
  };
}

/** `GET /api/notifications/unread`: how many arrived after the last one the user saw, counted to 100. */
export async function countUnreadNotifications(
  db: Db,
  principal: UserPrincipal,
): Promise<UnreadNotifications> {
  const seen = await findSeenEventId(db, principal.userId);
  const unread = await countNotifications(db, principal, UNREAD_COUNT_CAP, seen);
  return { unread, isCapped: unread > UNREAD_COUNT_CAP };
}

/**
 * `POST /api/notifications/seen`: everything up to the event `upTo` is seen. The mark never moves
 * back, so a stale tab cannot make seen notifications unread again.
 */
export async function markNotificationsSeen(db: Db, upTo: number, principal: UserPrincipal): Promise<void> {
  await markSeenUpTo(db, principal.userId, upTo);
}
