import type { SecurityEvent } from '@scamtrail/domain/security-events';

/* The security activity's events as the API answers them, for the tests of the texts and the screens. */

/** A summary naming nothing, which each test overrides with what its event names. */
export const securitySummary = (
  summary: Partial<SecurityEvent['summary']> = {},
): SecurityEvent['summary'] => ({
  method: null,
  device: null,
  ip: null,
  passkeyName: null,
  role: null,
  ...summary,
});

/** One event of `type`, by nobody else, at a fixed time. */
export const securityEvent = (
  id: number,
  type: SecurityEvent['type'],
  summary: Partial<SecurityEvent['summary']> = {},
): SecurityEvent => ({
  id,
  type,
  occurredAt: '2025-03-04T09:00:00.000Z',
  actor: null,
  summary: securitySummary(summary),
});
