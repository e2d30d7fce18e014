import * as oidc from 'openid-client';
import { CliError, EXIT } from './errors';

/** The public client the server registers for this tool (RFC 8628; no secret). */
export const CLIENT_ID = 'scamtrail-cli';

/** The server's RFC 8628 endpoints, as openid-client takes them (the server publishes no discovery). */
export function deviceGrantConfig(server: string): oidc.Configuration {
  const config = new oidc.Configuration(
    {
      issuer: server,
      device_authorization_endpoint: `${server}/api/oauth/device_authorization`,
      token_endpoint: `${server}/api/oauth/token`,
    },
    CLIENT_ID,
    undefined,
    oidc.None(),
  );
  // A server on plain http (a local one, a lab) is the user's choice: they typed its URL.
  if (server.startsWith('http:')) oidc.allowInsecureRequests(config);
  return config;
}

export interface RefreshedTokens {
  token: string;
  refreshToken?: string;
  expiresAt?: string;
}

/**
 * Trades a refresh token for new tokens (RFC 6749 §6). The server rotates it: the one given is used
 * up, and the answer's must be kept. A refused one (the sign-in ended, or its refresh token was used
 * elsewhere) is exit 3: sign in again.
 */
export async function refreshGrant(server: string, refreshToken: string): Promise<RefreshedTokens> {
  let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
  try {
    tokens = await oidc.refreshTokenGrant(deviceGrantConfig(server), refreshToken);
  } catch (error) {
    const code = (error as { error?: string }).error;
    const description = (error as { error_description?: string }).error_description;
    if (code) {
      throw new CliError(
        `Your sign-in has ended (${description ?? code}): run "scamtrail login"`,
        EXIT.notSignedIn,
      );
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new CliError(`Cannot reach ${server} to renew the sign-in: ${cause ?? (error as Error).message}`);
  }
  const expiresIn = tokens.expiresIn();
  return {
    token: tokens.access_token,
    ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    ...(expiresIn ? { expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() } : {}),
  };
}
