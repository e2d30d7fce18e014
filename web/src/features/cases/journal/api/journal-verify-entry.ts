import type { SignatureInfo, VerifyEntryResponse } from '@scamtrail/domain/signatures';
import { api } from '../../../../lib/api-client';
import { API_BASE_PATH } from '../../../../lib/api-url';

/**
 * `GET /api/journal-entries/{id}/verify`: checks the entry's signature against the entry as it is now.
 * Silent: a failure is shown in the badge modal as the verification's outcome (spec 8), not as a toast.
 */
export async function verifyJournalEntry(id: string): Promise<SignatureInfo | undefined> {
  const answer = await api.get<VerifyEntryResponse | undefined>(
    `/journal-entries/${encodeURIComponent(id)}/verify`,
    { silent: true },
  );
  return answer?.info && { ...answer.info, valid: answer.valid };
}

/** Everything needed to verify the entry's signature offline (`npm run verify -- <file>`), as a JSON file. */
export function signatureBundleLink(id: string) {
  return {
    url: `${API_BASE_PATH}/journal-entries/${encodeURIComponent(id)}/signature-bundle`,
    fileName: `signature-bundle-${id}.json`,
  };
}
