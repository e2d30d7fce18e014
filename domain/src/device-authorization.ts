import { z } from 'zod';
import { responseText, text } from './text';

/**
 * Device sign-in (OAuth 2.0 Device Authorization Grant, RFC 8628): the registered clients, the user
 * code people type, and the shapes of the /auth/device page's calls. The protocol endpoints
 * (`/api/oauth/device_authorization`, `/api/oauth/token`) speak the RFC's own form-encoded requests
 * and JSON answers; see docs/device-sign-in.md.
 */

/** The grant type a device polls the token endpoint with. */
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/** The public clients that may ask for a device sign-in, by `client_id`, with the name people see. */
export const OAUTH_CLIENTS: Readonly<Record<string, { name: string }>> = {
  'scamtrail-cli': { name: 'Scamtrail command-line tool' },
};

/** The name of a registered client; an unknown id (a client since removed) is shown as it is. */
export function clientDisplayName(clientId: string): string {
  return Object.hasOwn(OAUTH_CLIENTS, clientId) ? OAUTH_CLIENTS[clientId].name : clientId;
}

/**
 * The characters of a user code: upper-case consonants without the easily confused ones, as RFC 8628
 * §6.1 suggests (no vowels, so no words; no L, S or Z beside 1, 5 and 2). 18^8 codes: about 2^33.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKMNPQRTVWXY';
export const USER_CODE_LENGTH = 8;

/** A user code as typed ("wdjb mjht", "WDJB-MJHT") reduced to its characters, upper-case. */
export function normalizeUserCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** "WDJBMJHT" as people read it: "WDJB-MJHT". */
export function formatUserCode(code: string): string {
  const c = normalizeUserCode(code);
  return c.length === USER_CODE_LENGTH ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/** Wrong codes from one user, and from one address, before the next try must wait. */
export const USER_CODE_FAILURES_PER_USER = 5;
export const USER_CODE_FAILURES_PER_ADDRESS = 10;

/** The code the page sends (as typed: case, spaces and the hyphen do not matter). */
export const deviceUserCodeBodySchema = z
  .object({
    userCode: text({ label: 'userCode', max: 32, required: true }).describe(
      'The code the device shows, e.g. WDJB-MJHT (case, spaces and the hyphen do not matter)',
    ),
  })
  .meta({ id: 'DeviceUserCodeBody' });
export type DeviceUserCodeBody = z.infer<typeof deviceUserCodeBodySchema>;

/** A device sign-in waiting for its user, as the page shows it before they decide. */
export const deviceAuthorizationRequestSchema = z
  .object({
    userCode: responseText(),
    clientId: responseText(),
    clientName: responseText(),
    /**
     * What the token would hold: the permissions asked for (`scope`) that the user holds, or all the
     * user's own when no scope was asked (`allPermissions`).
     */
    permissions: z.array(responseText()),
    allPermissions: z.boolean(),
    /** The address and program that asked. */
    ip: responseText().nullable(),
    userAgent: responseText().nullable(),
    requestedAt: responseText(),
    expiresAt: responseText(),
  })
  .meta({ id: 'DeviceAuthorizationRequest' });
export type DeviceAuthorizationRequest = z.infer<typeof deviceAuthorizationRequestSchema>;

/** What the user decided. */
export const deviceAuthorizationDecisionSchema = z
  .object({
    status: z.enum(['approved', 'denied']),
    clientName: responseText(),
  })
  .meta({ id: 'DeviceAuthorizationDecision' });
export type DeviceAuthorizationDecision = z.infer<typeof deviceAuthorizationDecisionSchema>;
