import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IdentifierInputBody, ImportResult } from './identifier-types';
import { importIdentifiers, partialImportResult } from './import-identifiers';

afterEach(() => vi.unstubAllGlobals());

const rows = (count: number): IdentifierInputBody[] =>
  Array.from({ length: count }, (_, index) => ({ type: 'email', data: { address: `r${index}@x.example` } }));

/** Answers each chunk: its first row is a duplicate, the rest are created. */
function stubImport(failOnCall?: number) {
  let call = 0;
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    call += 1;
    if (call === failOnCall) {
      return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }), {
        status: 500,
      });
    }
    const { items } = JSON.parse(String(init.body)) as { items: unknown[] };
    const result: ImportResult = {
      data: items.map((_, index) =>
        index === 0
          ? { row: 1, status: 'duplicate', existingId: 'e1' }
          : { row: index + 1, status: 'created', id: `n${index}` },
      ),
      summary: { created: items.length - 1, duplicates: 1, invalid: 0 },
    };
    return new Response(JSON.stringify(result), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('chunked import', () => {
  it('sends chunks in order, reports progress and numbers rows across the whole file', async () => {
    const fetchMock = stubImport();
    const progress: number[] = [];
    const result = await importIdentifiers(rows(5), (p) => progress.push(p.done), 2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(progress).toEqual([0, 2, 4, 5]);
    expect(result.summary).toEqual({ created: 2, duplicates: 3, invalid: 0 });
    expect(result.data.map((row) => [row.row, row.status])).toEqual([
      [1, 'duplicate'],
      [2, 'created'],
      [3, 'duplicate'],
      [4, 'created'],
      [5, 'duplicate'],
    ]);
  });

  it('stops at a failing chunk and keeps what was done before it', async () => {
    stubImport(2);
    const error = await importIdentifiers(rows(5), undefined, 2).catch((cause: unknown) => cause);
    expect((error as Error).message).toBe('Something went wrong');
    expect(partialImportResult(error)?.data).toHaveLength(2);
  });
});
