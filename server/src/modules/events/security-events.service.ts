import { clientDisplayName } from '@scamtrail/domain/device-authorization';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { toPagination } from '@scamtrail/domain/pagination';
import { ROLES, type Role } from '@scamtrail/domain/permissions';
import {
  SIGN_IN_METHODS,
  type SecurityEvent,
  type SecurityEventList,
  type SecurityEventListQuery,
  type SecurityEventType,
  type SignInMethod,
} from '@scamtrail/domain/security-events';
import type { DbOrTx } from '../../db/client';
import { describeDevice } from '../auth/session-device';
import { findSecurityEventRows, type SecurityEventRow } from './security-events.repository';

/** A text the event's data holds at `key`, or null: data is free-form, so nothing else is trusted. */
function textAt(data: unknown, key: string): string | null {
  if (!data || typeof data !== 'object') return null;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

function methodOf(data: unknown): SignInMethod | null {
  const method = textAt(data, 'method');
  return SIGN_IN_METHODS.find((known) => known === method) ?? null;
}

function roleOf(data: unknown): Role | null {
  const role = textAt(data, 'role');
  return ROLES.find((known) => known === role) ?? null;
}

/** The device as people name it: a device sign-in's client by its name, a browser by its agent. */
function deviceOf(clientId: string | null, userAgent: string | null): string | null {
  if (clientId) return clientDisplayName(clientId);
  return userAgent ? describeDevice(userAgent) : null;
}

/**
 * An account event as a security log tells it: what, when, who, and a few named fields of its data
 * (how one signed in, the device, the address, the passkey's name, the role given). Nothing else of the data is
 * told: no scope, no ids of codes or tokens, no raw user agent.
 */
export function presentSecurityEvent(row: SecurityEventRow): SecurityEvent {
  const type = row.type as SecurityEventType;
  const { data } = row;
  const summary: SecurityEvent['summary'] = {
    method: null,
    device: null,
    ip: null,
    passkeyName: null,
    role: null,
  };
  if (type.startsWith('session.')) {
    summary.device = deviceOf(
      textAt(data, 'clientId') ?? row.sessionClientId,
      textAt(data, 'userAgent') ?? row.sessionUserAgent,
    );
    summary.ip = textAt(data, 'ip') ?? row.sessionIp;
  }
  if (type === 'session.signed_in') {
    summary.method = methodOf(data);
    summary.passkeyName = textAt(data, 'passkeyName');
  }
  if (type.startsWith('passkey.')) summary.passkeyName = textAt(data, 'name');
  if (type.startsWith('device_authorization.')) {
    // The device that asked to sign in, not the browser that decided.
    summary.device = deviceOf(textAt(data, 'clientId'), null);
    summary.ip = textAt(data.device, 'ip');
  }
  // An administrator's invitation or change of the account: the role given, if any.
  if (type.startsWith('team_member.')) summary.role = roleOf(data);
  const actor = typeof row.actor === 'string' ? (JSON.parse(row.actor) as OriginatorSummary) : row.actor;
  return { id: row.id, type, occurredAt: row.createdAt.toISOString(), actor, summary };
}

/** A user's security activity, newest first, a page at a time. */
export async function listSecurityEvents(
  db: DbOrTx,
  userId: string,
  query: SecurityEventListQuery,
): Promise<SecurityEventList> {
  const { rows, total } = await findSecurityEventRows(db, userId, query);
  return {
    data: rows.map(presentSecurityEvent),
    pagination: toPagination(query.page, query.pageSize, total),
  };
}
