import type { ErrorBody } from '@scamtrail/domain/errors';
import { retryAfterMs } from '@scamtrail/domain/retry-after';

type ErrorDetails = NonNullable<ErrorBody['error']['details']>;

/** Code used when the server could not be reached at all (no HTTP answer). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** What is said when the server could not be reached: by a failed call, or a screen whose code did not load. */
export const NETWORK_ERROR_TITLE = 'Could not reach the server';
export const NETWORK_ERROR_MESSAGE = `${NETWORK_ERROR_TITLE}. Check your connection.`;

/**
 * A failed API call, carrying what the server answered (`{ error: { code, message, details } }`) so a
 * screen can show the message or react to the code. `status` is 0 when no answer arrived.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: ErrorDetails;
  /**
   * The API client has already answered it for every screen (spec 8: a 401 goes to sign-in, a 403
   * shows "Access Denied"), so a screen says nothing more about it. False for a call made `silent`.
   */
  answered = false;

  constructor(status: number, code: string, message: string, details?: ErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Seconds to wait that a `Retry-After` header asks for (delay-seconds or an HTTP date), else null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  const ms = retryAfterMs(header, now);
  return ms === undefined ? null : Math.ceil(ms / 1000);
}

/** "in 30 seconds", "in 2 minutes": when to try again, rounded up to whole minutes past a minute. */
function waitText(seconds: number): string {
  if (seconds <= 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minutes`;
}

/**
 * What to tell a person about an answer that carried no message of its own (a proxy's error page, an
 * empty body): what happened and what to do, in sentences, with the status kept for support
 * ("(HTTP 503)"). `retryAfter` is the answer's `Retry-After` in seconds, when it gave one.
 */
export function statusMessage(status: number, retryAfter: number | null = null): string {
  const code = `(HTTP ${status})`;
  const when = retryAfter !== null && retryAfter > 0 ? waitText(retryAfter) : 'in a moment';
  if (status === 502 || status === 503 || status === 504) {
    return `The server is unavailable or restarting ${code}. Try again ${when}.`;
  }
  if (status === 429) return `Too many requests ${code}. Wait, then try again ${when}.`;
  if (status === 413) return `What was sent is too large for the server to accept ${code}.`;
  if (status === 408) return `The server took too long to receive the request ${code}. Try again.`;
  if (status === 404) return `Not found ${code}. It may have been deleted, or the link may be wrong.`;
  if (status === 409) return `This conflicts with a change made meanwhile ${code}. Reload, then try again.`;
  if (status >= 500) {
    return `Something went wrong on the server ${code}. Nothing already saved was lost; try again.`;
  }
  return `The server refused the request ${code}.`;
}

/**
 * The ApiError for a failed answer: its JSON error body (`{ error: { code, message, details } }`) when
 * it has one, else a code and a message made from its status (see statusMessage).
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty body): fall back to the status.
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`;
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : statusMessage(response.status, retryAfterSeconds(response.headers.get('retry-after')));
  return new ApiError(response.status, code, message, error?.details as ApiError['details']);
}

/** The message a screen shows for an error: the server's message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}

/**
 * A failure the API client has already answered for every screen (a 401's sign-in, a 403's "Access
 * Denied" toast): the one test of "already reported". A refusal of a call made `silent` is not
 * answered, so the screen that shows the call's failure explains it.
 */
export function isAnsweredByClient(error: unknown): boolean {
  return isApiError(error) && error.answered;
}

/**
 * What a dialog says about its failed call: the server's message, else `fallback`. Null when nothing
 * failed, or when the API client has already answered it (isAnsweredByClient).
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (!error || isAnsweredByClient(error)) return null;
  return errorMessage(error, fallback);
}
