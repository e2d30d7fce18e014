/**
 * The types of a journal entry. A module without zod, so code that only reads a type from a URL (the
 * case page's prefetch, in the web app's first bundle) does not load the schemas.
 */
export const JOURNAL_ENTRY_TYPES = [
  'note',
  'call',
  'email',
  'meeting',
  'evidence_added',
  'identifier_linked',
  'status_change',
  'other',
] as const;
export type JournalEntryType = (typeof JOURNAL_ENTRY_TYPES)[number];
