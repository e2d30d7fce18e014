import { type Rule } from './rule';

/** Who may call each cases operation. */
export const CASES_RULES: Record<string, Rule> = {};
