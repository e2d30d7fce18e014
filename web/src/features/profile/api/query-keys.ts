/** Query keys of the signed-in user's own passkeys and sessions. */
export const profileKeys = {
  all: ['profile'] as const,
  passkeys: () => [...profileKeys.all, 'passkeys'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
};
