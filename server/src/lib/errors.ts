import { ERROR_CODES, type ErrorCode, type FieldError } from '@scamtrail/domain/errors';

/**
 * The one error type services throw. The error handler maps `code` to the HTTP status and answers
 * `{ error: { code, message, details? } }`; `message` is shown to users, so keep it plain.
 */
export class AppError extends Error {
  readonly status: number;
  /** Sent as Retry-After: when a refused caller (429, 503) may try again. */
  retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }

  static validation(fields: FieldError[], message?: string): AppError {
    const text = message ?? fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    return new AppError('VALIDATION_FAILED', text || 'Invalid request', { fields });
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }

  static forbidden(message = 'You do not have permission to perform this action.'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  /**
   * 403 for one field of the body or parameter of the query: `details.fields` names it as a validation
   * error names its fields (`{ field, message }`), with `permission`, the one that would allow it, when
   * there is one. Every 403 about a field or parameter goes through here, so a client reads the field
   * from the details, never from the message.
   */
  static forbiddenField(field: string, message: string, permission?: string): AppError {
    return new AppError('FORBIDDEN', message, {
      fields: [{ field, message, ...(permission ? { permission } : {}) }],
    });
  }

  /** 429 telling the caller when to try again. */
  static tooManyRequests(message: string, retryAfterSeconds: number): AppError {
    const error = new AppError('TOO_MANY_REQUESTS', message);
    error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }

  static unauthenticated(message = 'Authentication required'): AppError {
    return new AppError('UNAUTHENTICATED', message);
  }
}
