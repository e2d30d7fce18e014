import { useQuery } from '@tanstack/react-query';
import type { UnreadNotifications } from '@scamtrail/domain/notifications';
import { api } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: (page: number) => [...notificationKeys.all, 'list', page] as const,
};

/** How often the bell asks again for new activity on the user's cases. */
export const UNREAD_POLL_MS = 60_000;

/**
 * `GET /api/notifications/unread`: what others did on the user's cases since they last looked, for the
 * bell's badge. Asked again every minute and when the window gets focus again.
 */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api.get<UnreadNotifications>('/notifications/unread', { signal }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    // The app's other queries wait for a change of their own (providers.tsx); the badge is news.
    refetchOnWindowFocus: true,
    // A failed count leaves the bell without a badge rather than with an error.
    retry: false,
  });
}

/** "3", or "99+" past the cap; null when there is nothing unread. */
export function unreadBadge(data: UnreadNotifications | undefined): string | null {
  if (!data || data.unread === 0) return null;
  return data.isCapped ? '99+' : String(data.unread);
}
