/**
 * Error codes shared by the server (which answers them) and the web app (which reacts to them).
 * Every error answer has the shape `{ error: { code, message, details? } }`.
 */
export const ERROR_CODES = {
  /** The request body, query or params failed validation; `details` names the fields. */
  VALIDATION_FAILED: 400,
  /** The request is well-formed but not acceptable (e.g. refused by a rule). */
  BAD_REQUEST: 400,
  /** No valid session or API key. */
  UNAUTHENTICATED: 401,
  /**
   * Authenticated but lacking the permission. A refusal for one field or query parameter names it in
   * `details.fields`, as VALIDATION_FAILED does, with the permission that would allow it.
   */
  FORBIDDEN: 403,
  /** A state-changing request came from another origin. */
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  /** The path exists but not with this method; the Allow header lists the methods it has. */
  METHOD_NOT_ALLOWED: 405,
  /** The record already exists (e.g. a duplicate identifier); `details.existingId` names it. */
  CONFLICT: 409,
  /** The record is in use and cannot be removed. */
  IN_USE: 409,
  /** A request with this Idempotency-Key is still in progress; Retry-After says when to try again. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  /** The Idempotency-Key was already used for another request (another body, method or path). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A request body stopped arriving before it was complete. */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  /** A path parameter is longer than any id the API uses. */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /**
   * The record changed since the caller read it (a stale If-Match); `details.current` holds it as it is
   * now, as far as the caller may see it.
   */
  PRECONDITION_FAILED: 412,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /**
   * The database did not answer, lost the connection, or was too busy to finish in time; Retry-After
   * says when to try again. Nothing was changed by a request that got this answer unless it was lost
   * in transit after the commit.
   */
  DATABASE_UNAVAILABLE: 503,
  /** The disk the data lives on is full, read-only or failing; Retry-After says when to try again. */
  STORAGE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  /** Dotted path of the field, e.g. `data.address`. */
  field: string;
  message: string;
  /** In a 403 (FORBIDDEN): the permission that would allow the field, when one would. */
  permission?: string;
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: { fields?: FieldError[] } & Record<string, unknown>;
  };
}
