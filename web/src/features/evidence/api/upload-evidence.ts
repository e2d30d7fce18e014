import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UploadEvidenceFields } from '@scamtrail/domain/evidence';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { invalidateAfterEvidenceAdded } from './evidence-keys';
import type { EvidenceItem } from './evidence-types';

/** Files sent at the same time: enough to keep the line busy, few enough not to starve other calls. */
export const UPLOAD_CONCURRENCY = 3;

/**
 * `POST /api/evidence` as multipart: the fields first (the server reads them before the bytes), then the
 * `file` part. The server sniffs the media type and hashes the bytes as they stream in.
 */
export function uploadEvidenceFile(file: File, fields: UploadEvidenceFields, signal?: AbortSignal) {
  const form = new FormData();
  if (fields.title) form.append('title', fields.title);
  if (fields.description) form.append('description', fields.description);
  if (fields.caseId) form.append('caseId', fields.caseId);
  for (const tagId of fields.tagIds) form.append('tagIds', tagId);
  if (fields.onBehalfOfOriginatorId) form.append('onBehalfOfOriginatorId', fields.onBehalfOfOriginatorId);
  form.append('file', file, file.name);
  return api.post<EvidenceItem>('/evidence', form, { signal, idempotent: true });
}

/** Why a file was refused, in words: the server's message, or the limit when it gave none. */
export function uploadFailureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 413 && error.code === 'HTTP_413') return 'The file is larger than the upload limit.';
    // A refused field (the case, a tag, who reported it) shows on its field in the form; the file's
    // row says it in words, without the field's name.
    const fields = error.details?.fields ?? [];
    if (fields.length > 0) return fields.map((field) => field.message).join('. ');
    if (error.message) return error.message;
  }
  return 'The file could not be uploaded.';
}

/**
 * The first refusal among the outcomes that names one of the form's fields (all files share them):
 * thrown, the form shows it on that field.
 */
export function sharedFieldFailure(outcomes: UploadOutcome[], formFields: readonly string[]): unknown {
  for (const outcome of outcomes) {
    if (outcome.status !== 'error' || !isApiError(outcome.error)) continue;
    const names = (outcome.error.details?.fields ?? []).map((field) => field.field.split('.')[0]);
    if (names.some((name) => formFields.includes(name))) return outcome.error;
  }
  return undefined;
}

export type UploadOutcome =
  { status: 'complete'; evidence: EvidenceItem } | { status: 'error'; message: string; error: unknown };

/**
 * Uploads each file in its own request, at most `concurrency` at a time. A failure is that file's
 * outcome and the others go on. `onStart` and `onDone` report each file by its index.
 */
export async function uploadEvidenceFiles(
  files: readonly File[],
  fieldsFor: (file: File, index: number) => UploadEvidenceFields,
  handlers: {
    onStart?: (index: number) => void;
    onDone?: (index: number, outcome: UploadOutcome) => void;
  } = {},
  concurrency = UPLOAD_CONCURRENCY,
): Promise<UploadOutcome[]> {
  const outcomes: UploadOutcome[] = new Array(files.length);
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const index = next++;
      handlers.onStart?.(index);
      let outcome: UploadOutcome;
      try {
        outcome = {
          status: 'complete',
          evidence: await uploadEvidenceFile(files[index], fieldsFor(files[index], index)),
        };
      } catch (error) {
        outcome = { status: 'error', message: uploadFailureMessage(error), error };
      }
      outcomes[index] = outcome;
      handlers.onDone?.(index, outcome);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return outcomes;
}

/** uploadEvidenceFiles, refreshing the lists once every file has an outcome. */
export function useUploadEvidenceFiles() {
  const queryClient = useQueryClient();
  return useCallback(
    async (...args: Parameters<typeof uploadEvidenceFiles>) => {
      try {
        return await uploadEvidenceFiles(...args);
      } finally {
        await invalidateAfterEvidenceAdded(queryClient);
      }
    },
    [queryClient],
  );
}
