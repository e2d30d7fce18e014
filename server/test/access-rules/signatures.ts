import type { Rule } from './rule';

/** Who may call each signing, verification and journal-integrity operation. */
export const SIGNATURES_RULES: Record<string, Rule> = {};
