/**
 * Keys under which earlier clients kept a bearer token in local storage. Sessions now live in an
 * httpOnly cookie, so a token left in storage is only a liability: it is removed at start (spec 4).
 */
export const LEGACY_TOKEN_KEYS = ['token', 'authToken', 'accessToken', 'access_token', 'auth_token', 'jwt'];

export function removeLegacyTokens(
  storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage,
) {
  if (!storage) return;
  for (const key of LEGACY_TOKEN_KEYS) {
    try {
      storage.removeItem(key);
    } catch {
      // Storage can be disabled (privacy modes); there is nothing to remove then.
    }
  }
}
