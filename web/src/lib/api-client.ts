import { ApiError, errorFromResponse, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from './api-error';
import { ACCEPT_JSON, API_BASE_PATH, apiUrl, type QueryParams } from './api-url';
import { takeFirstResponse } from './first-responses';
import { createIdempotencyKeys, IDEMPOTENCY_KEY_HEADER } from './idempotency-keys';

export interface RequestOptions {
  /** Query parameters; arrays repeat the key (`ids=a&ids=b`), null and undefined are left out. */
  params?: QueryParams;
  /**
   * Let the caller handle 401 and 403 itself: no redirect to sign-in, no "Access Denied" toast.
   * Used by the session probe, sign-in and sign-out, where those answers are expected.
   */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * The call creates something: it carries an `Idempotency-Key`, the same one when the same request
   * is sent again before it was answered (see `createIdempotencyKeys`).
   */
  idempotent?: boolean;
  /** More request headers, e.g. `If-Match` with the ETag of the version an edit was made from. */
  headers?: Record<string, string>;
}

export interface ApiClientHandlers {
  /** A call was refused for lack of a valid session. */
  onUnauthorized: (error: ApiError) => void;
  /** A call was refused for lack of permission. */
  onForbidden: (error: ApiError) => void;
}

export interface ApiClientConfig {
  baseUrl?: string;
  fetch?: typeof fetch;
  handlers?: Partial<ApiClientHandlers>;
  /**
   * The answer to a GET of `url` already asked for, to use instead of asking again (the page's first
   * requests: lib/first-responses.ts); undefined: none.
   */
  takeFirstResponse?: (url: string) => Promise<Response | undefined> | undefined;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The one HTTP client of the web app. Same-origin cookies carry the session; every state-changing call
 * sends a JSON body (`{}` when there is nothing to send) because the server refuses others as CSRF, or
 * a FormData body for uploads (multipart, which the server's same-origin check also covers).
 * One error path: 401 and 403 go to the handlers, everything else throws an ApiError for the screen.
 */
export function createApiClient(config: ApiClientConfig = {}) {
  const baseUrl = config.baseUrl ?? API_BASE_PATH;
  let handlers: Partial<ApiClientHandlers> = config.handlers ?? {};
  const idempotencyKeys = createIdempotencyKeys();

  /**
   * The answer of the page's first request for this GET, when there is one the caller would have
   * acted on as on its own: a success, or any answer when the caller handles refusals itself
   * (`silent`). Any other is dropped and the request sent again, so that a refusal of a request the
   * app did not make yet (the route's data, before the session said who is asking) shows nothing.
   */
  async function adoptFirstResponse(method: string, url: string, options: RequestOptions) {
    const first = method === 'GET' && !options.headers ? config.takeFirstResponse?.(url) : undefined;
    if (!first) return undefined;
    const response = await first;
    options.signal?.throwIfAborted();
    if (!response || response.ok || options.silent) return response;
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }

  async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
    const fetchImpl = config.fetch ?? globalThis.fetch;
    const hasBody = method !== 'GET' && method !== 'HEAD';
    // A FormData body (a file upload) goes as multipart; the browser sets its Content-Type and boundary.
    const isForm = body instanceof FormData;
    const headers: Record<string, string> =
      hasBody && !isForm ? { ...ACCEPT_JSON, 'Content-Type': 'application/json' } : { ...ACCEPT_JSON };
    if (options.idempotent) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKeys.keyFor(method, path, body);
    Object.assign(headers, options.headers);
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers,
      body: isForm ? body : hasBody ? JSON.stringify(body ?? {}) : undefined,
      signal: options.signal,
    };

    const url = apiUrl(path, options.params, baseUrl);
    let response = await adoptFirstResponse(method, url, options);
    try {
      response ??= await fetchImpl(url, init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
    }

    if (!response.ok) {
      const error = await errorFromResponse(response);
      /* eslint-disable no-restricted-syntax -- the one place a 401 or 403 is answered for every screen. */
      if (!options.silent && (response.status === 401 || response.status === 403)) {
        if (response.status === 401) handlers.onUnauthorized?.(error);
        else handlers.onForbidden?.(error);
        error.answered = true;
      }
      /* eslint-enable no-restricted-syntax */
      throw error;
    }
    if (options.idempotent) idempotencyKeys.answered(method, path, body);

    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('DELETE', path, body, options),
    /** Install the 401/403 reactions; the app does this once it has a router and toasts. */
    setHandlers(next: Partial<ApiClientHandlers>) {
      handlers = next;
    },
  };
}

/** The app-wide client. Its 401/403 handlers are installed by `ApiErrorHandlers` in the app shell. */
export const api = createApiClient({ takeFirstResponse });
