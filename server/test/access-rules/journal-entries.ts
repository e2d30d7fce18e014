import { type Rule } from './rule';

/** Who may call each journal-entries operation. */
export const JOURNAL_ENTRIES_RULES: Record<string, Rule> = {};
