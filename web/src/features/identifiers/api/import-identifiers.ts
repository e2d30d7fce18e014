import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chunk } from '../utils/csv-import';
import type { IdentifierInputBody, ImportResult } from './identifier-types';
import { identifierKeys } from './query-keys';

/** Rows sent per request: well under the server's 5,000, and small enough for steady progress. */
export const IMPORT_CHUNK_SIZE = 1000;

/** `POST /api/identifiers/import` with JSON rows; answers one result per row. */
export function importIdentifierRows(items: readonly IdentifierInputBody[]): Promise<ImportResult> {
  return api.post<ImportResult>('/identifiers/import', { items }, { idempotent: true });
}

export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * Imports rows chunk by chunk, reporting progress after each, and merges the answers into one
 * result whose row numbers count from the first row of the whole file. A failing chunk stops the
 * import: the error carries the rows finished before it (`partial`).
 */
export async function importIdentifiers(
  items: readonly IdentifierInputBody[],
  onProgress: (progress: ImportProgress) => void = () => undefined,
  chunkSize = IMPORT_CHUNK_SIZE,
): Promise<ImportResult> {
  const merged: ImportResult = { data: [], summary: { created: 0, duplicates: 0, invalid: 0 } };
  let offset = 0;
  onProgress({ done: 0, total: items.length });
  for (const rows of chunk(items, chunkSize)) {
    let result: ImportResult;
    try {
      result = await importIdentifierRows(rows);
    } catch (error) {
      throw Object.assign(error as Error, { partial: merged });
    }
    merged.data.push(...result.data.map((row) => ({ ...row, row: row.row + offset })));
    merged.summary.created += result.summary.created;
    merged.summary.duplicates += result.summary.duplicates;
    merged.summary.invalid += result.summary.invalid;
    offset += rows.length;
    onProgress({ done: offset, total: items.length });
  }
  return merged;
}

/** The partial result an import error carries, if any chunk finished before it. */
export function partialImportResult(error: unknown): ImportResult | undefined {
  return (error as { partial?: ImportResult } | null)?.partial;
}

export function useImportIdentifiers(onProgress: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: readonly IdentifierInputBody[]) => importIdentifiers(items, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: identifierKeys.lists() }),
  });
}
