import { type Rule } from './rule';

/** Who may call each evidence operation. */
export const EVIDENCE_RULES: Record<string, Rule> = {};
