import { createApiClient, type ApiClient } from '@scamtrail/api-client';
import { readCredentials } from './config';
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
