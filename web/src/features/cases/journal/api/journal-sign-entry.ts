import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { SignBeginResponse } from '@scamtrail/domain/signatures';
import { api } from '../../../../lib/api-client';
import { authenticateWithPasskey } from '../../../../lib/passkeys';

/**
 * Signs a journal entry with one of the originator's passkeys, in spec 4's order:
 * `POST /api/journal-entries/{id}/sign/begin` (the signing challenge and request options limited to
 * the caller's passkeys), the passkey prompt, then `POST .../sign/complete` with the assertion.
 */
export async function signJournalEntry(id: string): Promise<JournalEntry> {
  const path = `/journal-entries/${encodeURIComponent(id)}/sign`;
  const begin = await api.post<SignBeginResponse>(`${path}/begin`, {});
  const response = await authenticateWithPasskey(begin);
  return api.post<JournalEntry>(`${path}/complete`, { response });
}
