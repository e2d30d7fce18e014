import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_BASE_PATH } from '../../../lib/api-url';
import {
  ApiError,
  errorFromResponse,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
} from '../../../lib/api-error';
import { authenticateWithPasskey } from '../../../lib/passkeys';
import { caseKeys } from './query-keys';

/**
 * The case dossier (docs/dossier.md). Unsigned: `GET /api/cases/{id}/dossier`, built as it is sent.
 * Signed: `POST .../dossier/sign/begin` (the server prepares the dossier and answers a challenge
 * committing to its manifest's hash), the passkey prompt, `POST .../dossier/sign/complete`, then
 * `GET .../dossier?export=<id>`. Either way the ZIP goes straight to disk, never whole in memory: into
 * a file chosen with the File System Access API when the browser has it (Chromium), with the bytes
 * written counted; otherwise by a plain link to the GET, which the browser downloads itself.
 */

/** The URL that downloads the dossier: the unsigned one, or a signed export's. */
export function dossierUrl(caseId: string, exportId?: string): string {
  const base = `${API_BASE_PATH}/cases/${encodeURIComponent(caseId)}/dossier`;
  return exportId ? `${base}?export=${encodeURIComponent(exportId)}` : base;
}

interface SignBegin {
  exportId: string;
  manifestSha256: string;
  signingChallenge: string;
  options: unknown;
}

export interface SignedDossier {
  exportId: string;
  manifestSha256: string;
  downloadUrl: string;
  signer: { name: string; email: string; passkeyName: string };
}

/** Prepares the dossier, signs its manifest with one of the caller's passkeys, answers where to get it. */
export async function signDossier(caseId: string): Promise<SignedDossier & { url: string }> {
  const path = `/cases/${encodeURIComponent(caseId)}/dossier/sign`;
  const begin = await api.post<SignBegin>(`${path}/begin`, {});
  const response = await authenticateWithPasskey(begin);
  const signed = await api.post<SignedDossier>(`${path}/complete`, { exportId: begin.exportId, response });
  return { ...signed, url: dossierUrl(caseId, signed.exportId) };
}

/** Whether the signed-in user has a passkey to sign with (`GET /api/auth/passkeys`). */
export const ownPasskeysQueryOptions = queryOptions({
  queryKey: [...caseKeys.all, 'dossier-signing-passkeys'] as const,
  queryFn: ({ signal }) => api.get<unknown[]>('/auth/passkeys', { signal }),
  staleTime: 0,
});

export function useHasPasskey() {
  const query = useQuery(ownPasskeysQueryOptions);
  return { isPending: query.isPending, hasPasskey: (query.data?.length ?? 0) > 0 };
}

/** The File System Access API's file picker (Chromium); absent elsewhere. */
interface SaveFilePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName?: string;
    types?: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<FileSystemFileHandle>;
}

export function canPickSaveFile(): boolean {
  return typeof (window as SaveFilePickerWindow).showSaveFilePicker === 'function';
}

/**
 * Asks where to save the ZIP; null when the person cancels. Must be called while the click that asked
 * for the export is being handled (the browser requires a user gesture), so before anything is awaited.
 */
export async function pickDossierFile(suggestedName: string): Promise<FileSystemFileHandle | null> {
  try {
    return await (window as SaveFilePickerWindow).showSaveFilePicker!({
      suggestedName,
      types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }],
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
}

export interface SaveProgress {
  written: number;
  /** The ZIP's length when the server states it (a signed export), else null. */
  total: number | null;
}

/**
 * Streams the dossier at `url` into the chosen file, chunk by chunk as it arrives, reporting the bytes
 * written; the file is left as it was (the partial write discarded) when anything fails.
 */
export async function saveDossierToFile(
  url: string,
  file: FileSystemFileHandle,
  onProgress: (progress: SaveProgress) => void,
  signal?: AbortSignal,
): Promise<{ size: number }> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/zip, application/json' },
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !response.body) throw await errorFromResponse(response);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const writable = await file.createWritable();
  let written = 0;
  onProgress({ written, total });
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await writable.write(value);
      written += value.length;
      onProgress({ written, total });
    }
  } catch (cause) {
    await writable.abort().catch(() => undefined);
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, 'The download stopped before the dossier was complete.');
  }
  await writable.close();
  return { size: written };
}

/** Hands the GET to the browser, which streams it to disk and shows it in its downloads. */
export function downloadDossierByLink(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
