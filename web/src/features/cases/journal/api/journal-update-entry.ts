import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JournalEntry, UpdateJournalEntryBody } from '@scamtrail/domain/journal-entries';
import { api } from '../../../../lib/api-client';
import { ifMatchHeaders } from '../../../../lib/edit-conflicts';
import { syncEntryLinks } from './journal-entry-links';
import { invalidateAfterJournalChange } from './journal-keys';

/**
 * `PATCH /api/journal-entries/{id}`: type, description and performedAt. Given `base`, the version the
 * change was made from, it is refused (412, see `editConflictOf`) when someone else changed the entry.
 */
export function updateJournalEntry(
  id: string,
  body: UpdateJournalEntryBody,
  base?: { updatedAt: string },
): Promise<JournalEntry> {
  return api.patch<JournalEntry>(`/journal-entries/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export interface EntryEdit {
  id: string;
  /** The changed fields, or null when only the links changed. */
  body: UpdateJournalEntryBody | null;
  evidence: { before: string[]; after: string[] };
  identifiers: { before: string[]; after: string[] };
  /** The version the edit was made from. */
  base?: { updatedAt: string };
}

/** Saves an edit: the fields with PATCH, then each evidence and identifier link added or taken away. */
export async function saveJournalEntryEdit({
  id,
  body,
  evidence,
  identifiers,
  base,
}: EntryEdit): Promise<void> {
  if (body) await updateJournalEntry(id, body, base);
  await syncEntryLinks(id, 'evidence', evidence.before, evidence.after);
  await syncEntryLinks(id, 'identifiers', identifiers.before, identifiers.after);
}

export function useEditJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJournalEntryEdit,
    // Part of an edit may have been saved before a step failed: refresh either way.
    onSettled: () => invalidateAfterJournalChange(queryClient),
  });
}
