import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { JOURNAL_ENTRY_TYPE_LABELS, type JournalEntry } from '@scamtrail/domain/journal-entries';
import { samePerformedAt, splitPerformedAt } from './performed-at';
import type { EntryFormValues } from './use-save-entry';
import { formatDateTime } from '../../../../lib/format';

/** The items of `current`, with what the user added to `base` and without what they took away. */
function rebaseItems<T extends { id: string }>(edited: T[], base: { id: string }[], current: T[]): T[] {
  const has = (items: { id: string }[], id: string) => items.some((item) => item.id === id);
  const added = edited.filter((item) => !has(base, item.id) && !has(current, item.id));
  const removed = base.filter((item) => !has(edited, item.id));
  return [...current, ...added].filter((item) => !has(removed, item.id));
}

/**
 * The dialog's values moved onto the entry as someone else has just saved it: each field the user
 * changed keeps their value, every other one takes the current one; the evidence and identifiers they
 * linked or unlinked are linked to or unlinked from the current ones.
 */
export function rebaseEntryForm(
  values: EntryFormValues,
  base: JournalEntry,
  current: JournalEntry,
): EntryFormValues {
  const currentIdentifiers = current.identifiers.map((item) => ({
    ...item,
    typeLabel: getIdentifierTypeLabel(item.type),
  }));
  return {
    ...values,
    type: values.type === base.type ? current.type : values.type,
    description: values.description === base.description ? current.description : values.description,
    when: samePerformedAt(values.when, splitPerformedAt(base.performedAt))
      ? splitPerformedAt(current.performedAt)
      : values.when,
    evidence: rebaseItems(values.evidence, base.evidence, current.evidence),
    identifiers: rebaseItems(values.identifiers, base.identifiers, currentIdentifiers),
  };
}

/** What another person changed between `base` and `current`, each as "Field: its value now". */
export function describeEntryChanges(base: JournalEntry, current: JournalEntry): string[] {
  const lines: string[] = [];
  if (base.type !== current.type) lines.push(`Type: ${JOURNAL_ENTRY_TYPE_LABELS[current.type]}`);
  if (base.performedAt !== current.performedAt) {
    lines.push(`When: ${formatDateTime(current.performedAt)}`);
  }
  if (base.description !== current.description) lines.push(`Description: ${current.description}`);
  return lines;
}
