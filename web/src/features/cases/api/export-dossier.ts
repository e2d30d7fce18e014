import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-error';
import { API_BASE_PATH } from '../../../lib/api-client';

/**
 * `GET /api/cases/{id}/dossier`: the case dossier (a ZIP the server streams), read here so that the
 * page can show how far it has come and say why it failed, then handed to the browser to save under
 * the server's file name. `onProgress` gets the bytes received so far.
 */
export async function downloadCaseDossier(
  caseId: string,
  onProgress: (received: number) => void,
  signal?: AbortSignal,
): Promise<{ fileName: string; size: number }> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}/cases/${encodeURIComponent(caseId)}/dossier`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/zip, application/json' },
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, 'Could not reach the server. Check your connection.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? `HTTP_${response.status}`,
      body?.error?.message ?? `Request failed with status ${response.status}`,
    );
  }
  const chunks: BlobPart[] = [];
  let received = 0;
  try {
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(received);
    }
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, 'The download stopped before the dossier was complete.');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `case-${caseId}-dossier.zip`;
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return { fileName, size: received };
}
