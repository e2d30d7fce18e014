import { extname } from 'node:path';
import { CsvSyntaxError, parseCsv } from '@scamtrail/domain/csv';
import { CliError } from './errors';

/**
 * An import file cut into requests of at most `chunkSize` rows, each a body the server's import route
 * (POST /api/identifiers/import) takes as it is: a CSV chunk keeps the header row and is sent as
 * text/csv, so the server reads its columns exactly as it reads an uploaded file; a JSON chunk is
 * `{ items }`. `firstRow` numbers rows across the whole file (1: the first row after a CSV header).
 */
export type ImportChunk =
  | { firstRow: number; rows: number; format: 'csv'; body: string }
  | { firstRow: number; rows: number; format: 'json'; body: { items: unknown[] } };

export type ImportFormat = 'csv' | 'json' | 'jsonl';

export const DEFAULT_CHUNK_SIZE = 500;

export function formatOf(path: string, given?: string): ImportFormat {
  const format = (given ?? extname(path).slice(1)).toLowerCase();
  if (format === 'csv' || format === 'json') return format;
  if (format === 'jsonl' || format === 'ndjson') return 'jsonl';
  throw CliError.usage(`Cannot tell the format of ${path}: name it .csv, .json or .jsonl, or pass --format`);
}

/** A CSV field, quoted when it must be (RFC 4180): the server's reader gives back the same text. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvLine = (cells: string[]) => cells.map(csvField).join(',');

function csvChunks(text: string, chunkSize: number): ImportChunk[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw CliError.usage(`The CSV cannot be read: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || !header.some((name) => name.trim().toLowerCase() === 'type')) {
    throw CliError.usage('The CSV needs a header row with a "type" column');
  }
  const chunks: ImportChunk[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const slice = rows.slice(start, start + chunkSize);
    const body = [header, ...slice].map(csvLine).join('\r\n') + '\r\n';
    chunks.push({ firstRow: start + 1, rows: slice.length, format: 'csv', body });
  }
  return chunks;
}

function jsonItems(text: string, format: 'json' | 'jsonl'): unknown[] {
  if (format === 'jsonl') {
    return text.split(/\r?\n/).flatMap((line, index) => {
      if (line.trim() === '') return [];
      try {
        return [JSON.parse(line)];
      } catch (error) {
        throw CliError.usage(`Line ${index + 1} is not JSON: ${(error as Error).message}`);
      }
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw CliError.usage(`The file is not JSON: ${(error as Error).message}`);
  }
  const items = Array.isArray(value) ? value : (value as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) {
    throw CliError.usage('The JSON must be an array of { type, data } rows, or { "items": [...] }');
  }
  return items;
}

/** The chunks of an import file's text; a file with no rows is a usage error. */
export function importChunks(
  text: string,
  format: ImportFormat,
  chunkSize = DEFAULT_CHUNK_SIZE,
): ImportChunk[] {
  // The server refuses a request of more rows than it takes (5,000), naming the limit.
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw CliError.usage('--chunk-size must be at least 1');
  const chunks: ImportChunk[] =
    format === 'csv'
      ? csvChunks(text, chunkSize)
      : (() => {
          const items = jsonItems(text, format);
          const result: ImportChunk[] = [];
          for (let start = 0; start < items.length; start += chunkSize) {
            const slice = items.slice(start, start + chunkSize);
            result.push({ firstRow: start + 1, rows: slice.length, format: 'json', body: { items: slice } });
          }
          return result;
        })();
  if (chunks.length === 0) throw CliError.usage('The file has no rows to import');
  return chunks;
}
