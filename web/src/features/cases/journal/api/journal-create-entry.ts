import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  journalEntrySchema,
  type CreateJournalEntryBody,
  type JournalEntry,
} from '@scamtrail/domain/journal-entries';
import { api } from '../../../../lib/api-client';
import { ApiError } from '../../../../lib/api-error';
import { invalidateAfterJournalChange } from './journal-keys';
import { linkJournalEntry } from './journal-link-entry';

/** Spec 8: what the form says when the create call answers something that is not an entry. */
export const INVALID_CREATE_RESPONSE = 'Invalid response from server when creating journal entry';

/** `POST /api/journal-entries`; the answer is checked against the contract before it is used. */
export async function createJournalEntry(body: CreateJournalEntryBody): Promise<JournalEntry> {
  const answer = await api.post<unknown>('/journal-entries', body, { idempotent: true });
  const parsed = journalEntrySchema.safeParse(answer);
  // An ApiError, so forms show its message like any other failed call; the status is what was answered.
  if (!parsed.success) throw new ApiError(201, 'INVALID_RESPONSE', INVALID_CREATE_RESPONSE);
  return parsed.data;
}

export interface CreatedCaseEntry {
  entry: JournalEntry;
  /** Why linking the entry to its case failed, if it did; the entry is kept either way. */
  linkError: unknown;
}

/**
 * Spec 4: create the entry, then link it to its case. A failed link does not undo the entry: the
 * caller only warns about it.
 */
export async function createCaseJournalEntry(
  caseId: string,
  body: Omit<CreateJournalEntryBody, 'caseId'>,
): Promise<CreatedCaseEntry> {
  const entry = await createJournalEntry({ ...body, caseId });
  try {
    await linkJournalEntry(caseId, entry.id);
    return { entry, linkError: null };
  } catch (linkError) {
    return { entry, linkError };
  }
}

export function useCreateCaseJournalEntry(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateJournalEntryBody, 'caseId'>) => createCaseJournalEntry(caseId, body),
    onSuccess: () => invalidateAfterJournalChange(queryClient),
  });
}
