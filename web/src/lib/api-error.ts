import type { ErrorBody } from '@scamtrail/domain/errors';

type ErrorDetails = NonNullable<ErrorBody['error']['details']>;

/** Code used when the server could not be reached at all (no HTTP answer). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/**
 * A failed API call, carrying what the server answered (`{ error: { code, message, details } }`) so a
 * screen can show the message or react to the code. `status` is 0 when no answer arrived.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: ErrorDetails;

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

/** The message a screen shows for an error: the server's message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}

/** A 403: the API client has already shown its "Access Denied" toast (spec 8). */
export function isAccessDenied(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * What a dialog says about its failed call: the server's message, else `fallback`. Null when nothing
 * failed, or for a 403, which its toast already reported.
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (!error || isAccessDenied(error)) return null;
  return errorMessage(error, fallback);
}
