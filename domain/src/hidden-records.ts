import { z } from 'zod';

/**
 * A History row (an audit event) or a chain-of-custody row often names another record: the case a
 * case was linked to, the evidence linked to an entry, the entry evidence was linked to. The reader
 * may see the row's own record and not the one it names (a case of a group they are not in). Such a
 * reference is answered as `{ "hidden": "<kind>" }` in place of the id, and what the row says of that
 * record (a link's note) is left out.
 */
export const HIDDEN_RECORD_KINDS = ['case', 'evidence', 'journal_entry', 'identifier'] as const;
export type HiddenRecordKind = (typeof HIDDEN_RECORD_KINDS)[number];

export const hiddenRecordSchema = z
  .object({ hidden: z.enum(HIDDEN_RECORD_KINDS) })
  .describe('In place of the id of a record the caller may not see');
export type HiddenRecord = z.infer<typeof hiddenRecordSchema>;

/** How the screens name a record the reader may not see. */
export const HIDDEN_RECORD_LABELS: Record<HiddenRecordKind, string> = {
  case: 'A case you cannot see',
  evidence: 'Evidence you cannot see',
  journal_entry: 'An entry you cannot see',
  identifier: 'An identifier you cannot see',
};

export function isHiddenRecord(value: unknown): value is HiddenRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    (HIDDEN_RECORD_KINDS as readonly unknown[]).includes((value as { hidden?: unknown }).hidden)
  );
}
