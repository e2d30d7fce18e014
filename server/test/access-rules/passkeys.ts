import type { Rule } from './rule';

/** Who may call each passkey and session operation. */
export const PASSKEYS_RULES: Record<string, Rule> = {};
