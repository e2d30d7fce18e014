import type { FastifyRequest } from 'fastify';
import type { Role } from '@scamtrail/domain/permissions';
import { AppError } from '../../lib/errors';

export type UserPrincipal = {
  kind: 'user';
  userId: string;
  sessionId: string;
  originatorId: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  permissions: string[];
  /**
   * Set when the session is a device sign-in's (RFC 8628, its token sent as a Bearer header): the
   * client it was given to. Its permissions are then the user's narrowed to the sign-in's scope.
   */
  clientId?: string;
};

export type ApiKeyPrincipal = {
  kind: 'api_key';
  apiKeyId: string;
  /** The automation's originator id: records it creates are originated by the automation. */
  originatorId: string;
  /** The user who created the key; the key never holds more than they hold now. */
  creatorUserId: string;
  /** The key's scopes that its creator still holds. */
  permissions: string[];
  /**
   * Whether the key may change, as their recorder, the records its automation made (`ownRecordsOf`):
   * only while its creator could change those records themselves, that is while they hold every
   * permission (an administrator). A key made by anyone else owns nothing: it never holds more than
   * its creator holds now, and its creator may not change what the automation recorded.
   */
  ownsAutomationRecords: boolean;
};

export type Principal = UserPrincipal | ApiKeyPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, resolved from the session cookie or an API key; null when anonymous. */
    principal: Principal | null;
  }
}

/**
 * The originator whose records the caller may change as whoever recorded them (a journal entry's
 * recorder, `allowEntryChange`): a user's own originator; an API key's automation only when the key
 * `ownsAutomationRecords`, else none (null: every record is another's). Every decision of the kind
 * "the caller recorded it" compares with this, never with `originatorId`, which says only whom a new
 * record is attributed to.
 */
export function ownRecordsOf(principal: Principal): string | null {
  if (principal.kind === 'user') return principal.originatorId;
  return principal.ownsAutomationRecords ? principal.originatorId : null;
}

/** The signed-in user of a route whose access is `user`, `userPermission` or `session`. */
export function currentUser(request: FastifyRequest): UserPrincipal {
  const p = request.principal;
  if (!p || p.kind !== 'user') throw AppError.unauthenticated();
  return p;
}

/** The caller of a route whose access needs one (anything but `public`). */
export function currentPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw AppError.unauthenticated();
  return request.principal;
}
