import { z } from 'zod';
import { originatorSummarySchema } from './originators';
import { ROLES } from './permissions';
import { pageQuery, paginated } from './pagination';
import { responseText } from './text';

/**
 * A user's security activity: the events of their account (sign-ins, sessions, passkeys, device
 * sign-ins, the password, and what an administrator changed of the account), as `/api/auth/me/security-events` and `/api/team-members/{id}/security-events` answer
 * them. Each event's data is told only through a small summary of named fields, never whole.
 */

/** The account events a security log lists; every one names its user in `data.userId`. */
export const SECURITY_EVENT_TYPES = [
  'session.signed_in',
  'session.revoked',
  'session.device_signed_in',
  'session.refresh_token_reused',
  'passkey.added',
  'passkey.renamed',
  'passkey.removed',
  'device_authorization.approved',
  'device_authorization.denied',
  'password.changed',
  'team_member.invited',
  'team_member.updated',
  'team_member.disabled',
  'team_member.enabled',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** The subjects of those events (the events table's `subject_type`). */
export const SECURITY_EVENT_SUBJECTS = ['session', 'passkey', 'device_authorization', 'user'] as const;

/** How a browser session was started (`session.signed_in`). */
export const SIGN_IN_METHODS = ['password', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const securityEventSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(SECURITY_EVENT_TYPES),
    occurredAt: responseText().describe('When it happened (ISO 8601)'),
    actor: originatorSummarySchema
      .nullable()
      .describe('Who acted: the user, or an administrator; null when the server acted (a reused token)'),
    summary: z
      .object({
        method: z.enum(SIGN_IN_METHODS).nullable().describe('How a sign-in was made'),
        device: responseText()
          .nullable()
          .describe('The session’s browser and system ("Chrome 131 on Linux") or device client'),
        ip: responseText().nullable().describe('The address the event came from'),
        passkeyName: responseText().nullable().describe('The passkey’s name (after a rename: the new one)'),
        role: z.enum(ROLES).nullable().describe('The role an administrator gave the account'),
      })
      .describe('What the event says, as far as a security log tells it'),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventListQuerySchema = z.object({ ...pageQuery(10, 100) });
export type SecurityEventListQuery = z.infer<typeof securityEventListQuerySchema>;

export const securityEventListSchema = paginated(securityEventSchema);
export type SecurityEventList = z.infer<typeof securityEventListSchema>;
