import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the signed-in user's own passkeys, sessions and security activity. */
export const profileKeys = {
  all: ['profile'] as const,
  passkeys: () => [...profileKeys.all, 'passkeys'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
  sessionsPage: (page: number) => [...profileKeys.sessions(), page] as const,
  securityEvents: () => [...profileKeys.all, 'security-events'] as const,
  securityEventsPage: (page: number) => [...profileKeys.securityEvents(), page] as const,
};

/** After a passkey changed: the passkeys, and the security activity that now records it. */
export function invalidatePasskeyChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.passkeys() }),
    queryClient.invalidateQueries({ queryKey: profileKeys.securityEvents() }),
  ]);
}
