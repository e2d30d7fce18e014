import { anyone, user, type Rule } from './rule';

/** Who may call each passkey and session operation, and read one's own security activity. */
export const PASSKEYS_RULES: Record<string, Rule> = {
  'POST /api/auth/passkeys/registration/options': user(),
  'POST /api/auth/passkeys': user(),
  'GET /api/auth/passkeys': user(),
  'PATCH /api/auth/passkeys/{id}': user(),
  'DELETE /api/auth/passkeys/{id}': user(),
  'POST /api/auth/passkey/options': anyone,
  'POST /api/auth/passkey/login': anyone,
  'GET /api/auth/sessions': user(),
  'DELETE /api/auth/sessions/{id}': user(),
  'GET /api/auth/me/security-events': user(),
};
