import { useCallback, useRef, useState } from 'react';
import { EVIDENCE_TITLE_MAX_LENGTH, type UploadEvidenceFields } from '@scamtrail/domain/evidence';
import type { EvidenceItem } from '../api/evidence-types';
import { useUploadEvidenceFiles, type UploadOutcome } from '../api/upload-evidence';

export type UploadStatus = 'pending' | 'uploading' | 'complete' | 'error';

export interface UploadEntry {
  key: number;
  file: File;
  status: UploadStatus;
  /** Why the server refused it (status `error`). */
  message?: string;
  evidence?: EvidenceItem;
}

/** A file's title: the shared prefix and its name, within the title limit; its name without a prefix. */
export function titleFor(prefix: string, fileName: string): string | undefined {
  const trimmed = prefix.trim();
  if (!trimmed) return undefined;
  return `${trimmed} – ${fileName}`.slice(0, EVIDENCE_TITLE_MAX_LENGTH);
}

/**
 * The files chosen in the add-evidence dialog and what happened to each. `upload` sends the files not
 * yet stored (new ones and those that failed), one request each, and answers their outcomes.
 */
export function useFileUploads() {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const nextKey = useRef(0);
  const uploadFiles = useUploadEvidenceFiles();

  const addFiles = useCallback((files: File[]) => {
    setEntries((current) => [
      ...current,
      ...files.map((file) => ({ key: nextKey.current++, file, status: 'pending' as const })),
    ]);
  }, []);

  const remove = useCallback((key: number) => {
    setEntries((current) => current.filter((entry) => entry.key !== key));
  }, []);

  const patch = (key: number, change: Partial<UploadEntry>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  async function upload(fields: Omit<UploadEvidenceFields, 'title'> & { titlePrefix: string }) {
    const todo = entries.filter((entry) => entry.status === 'pending' || entry.status === 'error');
    const { titlePrefix, ...shared } = fields;
    const outcomes = await uploadFiles(
      todo.map((entry) => entry.file),
      (file) => ({ ...shared, title: titleFor(titlePrefix, file.name) }),
      {
        onStart: (index) => patch(todo[index].key, { status: 'uploading', message: undefined }),
        onDone: (index, outcome: UploadOutcome) =>
          patch(
            todo[index].key,
            outcome.status === 'complete'
              ? { status: 'complete', evidence: outcome.evidence }
              : { status: 'error', message: outcome.message },
          ),
      },
    );
    return outcomes;
  }

  const toUpload = entries.filter((entry) => entry.status === 'pending' || entry.status === 'error').length;
  return { entries, addFiles, remove, upload, toUpload };
}
