import { createApiClient, type ApiClient } from '@scamtrail/api-client';
import { readCredentials, saveCredentials, withCredentialsLock, type Credentials } from './config';
import { refreshGrant } from './oauth';
import { apiError, CliError } from './errors';

/** Who the commands act as, and on which server. */
export interface Session {
  server: string;
  token: string;
  /** Where the token came from: SCAMTRAIL_TOKEN, or the credentials file `login` saved. */
  source: 'environment' | 'file';
  api: ApiClient;
}

/** A server URL as typed (`scamtrail.example.org`, `https://…/`) made an origin-like base, no trailing slash. */
export function normaliseServer(input: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw CliError.usage(`"${input}" is not a server URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw CliError.usage(`"${input}" is not an http(s) URL`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The fetch the API client uses: a server that cannot be reached is a clear failure, not a stack. */
function fetchFor(server: string): typeof fetch {
  return async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(
        `Cannot reach ${server}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      );
    }
  };
}

export function apiClientFor(server: string, token: string): ApiClient {
  return createApiClient({
    baseUrl: server,
    headers: { authorization: `Bearer ${token}`, 'user-agent': 'scamtrail-cli' },
    fetch: fetchFor(server),
  });
}

/** An access token is renewed this long before the server said it ends. */
const RENEW_BEFORE_MS = 60_000;

/**
 * The session of the credentials `login` saved. Its access token lasts an hour; before a request
 * past that, it is renewed with the saved refresh token (once for any number of requests at that
 * moment) and the new tokens are saved, the refresh token being used up by the renewal. Renewals of
 * several processes take turns (`withCredentialsLock`); a process that renewed first left its tokens
 * in the file: they are taken rather than renewing again.
 */
export function sessionFromCredentials(env: NodeJS.ProcessEnv, saved: Credentials): Session {
  const server = normaliseServer(saved.server);
  let current = saved;
  let renewing: Promise<void> | null = null;
  const due = (credentials: Credentials) =>
    credentials.refreshToken !== undefined &&
    credentials.expiresAt !== undefined &&
    Date.parse(credentials.expiresAt) - RENEW_BEFORE_MS <= Date.now();
  const renew = () =>
    withCredentialsLock(env, async () => {
      const onDisk = await readCredentials(env);
      if (onDisk && onDisk.server === saved.server && onDisk.refreshToken !== current.refreshToken) {
        current = onDisk;
        if (!due(current)) return;
      }
      const renewed = await refreshGrant(server, current.refreshToken!);
      current = { ...current, ...renewed, savedAt: new Date().toISOString() };
      await saveCredentials(env, current);
    });
  const reach = fetchFor(server);
  const fetchWithToken: typeof fetch = async (input, init) => {
    if (due(current)) {
      renewing ??= renew().finally(() => (renewing = null));
      await renewing;
    }
    const request = input instanceof Request ? input : new Request(input, init);
    request.headers.set('authorization', `Bearer ${current.token}`);
    return reach(request);
  };
  return {
    server,
    token: saved.token,
    source: 'file',
    api: createApiClient({
      baseUrl: server,
      headers: { 'user-agent': 'scamtrail-cli' },
      fetch: fetchWithToken,
    }),
  };
}

/**
 * The session commands use: SCAMTRAIL_URL and SCAMTRAIL_TOKEN (a token or an API key) override what
 * `login` saved. No token anywhere is exit 3.
 */
export async function requireSession(env: NodeJS.ProcessEnv): Promise<Session> {
  const saved = await readCredentials(env);
  const token = env.SCAMTRAIL_TOKEN || saved?.token;
  const serverInput = env.SCAMTRAIL_URL || saved?.server;
  if (!token) throw CliError.notSignedIn();
  if (!serverInput) {
    throw CliError.notSignedIn('SCAMTRAIL_TOKEN is set but not SCAMTRAIL_URL: set it to the server URL');
  }
  const server = normaliseServer(serverInput);
  if (!env.SCAMTRAIL_TOKEN && saved && normaliseServer(saved.server) === server) {
    return sessionFromCredentials(env, saved);
  }
  return {
    server,
    token,
    source: env.SCAMTRAIL_TOKEN ? 'environment' : 'file',
    api: apiClientFor(server, token),
  };
}

/** The data of an openapi-fetch answer, or the CliError its error answer means. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  what: string,
): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw apiError(response.status, error, what);
  return data as T;
}
