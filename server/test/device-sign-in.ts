import type { Permission } from '@scamtrail/domain/permissions';
import { clientWithHeaders, type Client, type TestApp } from './helpers';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** A form post as a command-line client sends it: no cookie, no Origin. */
function form(t: TestApp, url: string, params: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
}

/**
 * A device sign-in (RFC 8628) run to its end through the real routes: the command-line client asks
 * with `scope` (none: all of the user's permissions), `browser` (the user's cookie session) approves,
 * and the client collects its access token. Answers a caller sending that token as a Bearer header.
 */
export async function deviceSignedIn(t: TestApp, browser: Client, scope?: Permission[]): Promise<Client> {
  return (await deviceSignIn(t, browser, scope)).client;
}

/** `deviceSignedIn`'s caller, with the refresh token the client collected beside its access token. */
export async function deviceSignIn(
  t: TestApp,
  browser: Client,
  scope?: Permission[],
): Promise<{ client: Client; refreshToken: string }> {
  const started = await form(t, '/api/oauth/device_authorization', {
    client_id: 'scamtrail-cli',
    ...(scope ? { scope: scope.join(' ') } : {}),
  });
  if (started.statusCode !== 200)
    throw new Error(`device authorization: ${started.statusCode} ${started.body}`);
  const { device_code, user_code } = started.json() as { device_code: string; user_code: string };
  const approved = await browser.post('/api/oauth/device/approve', { userCode: user_code });
  if (approved.statusCode !== 200) throw new Error(`approval: ${approved.statusCode} ${approved.body}`);
  const token = await form(t, '/api/oauth/token', {
    grant_type: DEVICE_GRANT,
    device_code,
    client_id: 'scamtrail-cli',
  });
  if (token.statusCode !== 200) throw new Error(`token: ${token.statusCode} ${token.body}`);
  const tokens = token.json() as { access_token: string; refresh_token: string };
  return {
    client: clientWithHeaders(t.app, { authorization: `Bearer ${tokens.access_token}` }),
    refreshToken: tokens.refresh_token,
  };
}

/** The client trading a refresh token at the token endpoint (RFC 6749 §6), as `deviceSignIn`'s does. */
export function refreshDeviceToken(t: TestApp, refreshToken: string) {
  return form(t, '/api/oauth/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: 'scamtrail-cli',
  });
}
