/**
 * An OAuth 2.0 error answer (RFC 6749 §5.2, RFC 8628 §3.5): `{ error, error_description }`, which a
 * standard client reads, rather than the API's own error shape. The routes of modules/oauth answer
 * these from their error handler.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'invalid_scope'
  | 'unsupported_grant_type'
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
  }
}
