import { account, anyone, type Rule } from './rule';

/**
 * Who may call each passkey and session operation, and read one's own security activity: the person
 * in their browser, never a device sign-in's token (a passkey it registered would sign in as the
 * whole account).
 */
export const PASSKEYS_RULES: Record<string, Rule> = {
  'POST /api/auth/passkeys/registration/options': account,
  'POST /api/auth/passkeys': account,
  'GET /api/auth/passkeys': account,
  'PATCH /api/auth/passkeys/{id}': account,
  'DELETE /api/auth/passkeys/{id}': account,
  'POST /api/auth/passkey/options': anyone,
  'POST /api/auth/passkey/login': anyone,
  'GET /api/auth/sessions': account,
  'DELETE /api/auth/sessions/{id}': account,
  'POST /api/auth/sessions/revoke-others': account,
  'GET /api/auth/me/security-events': account,
};
