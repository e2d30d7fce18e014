import { describe, expect, it } from 'vitest';
import { parseCsv } from '@scamtrail/domain/csv';
import { CliError, EXIT } from './errors';
import { formatOf, importChunks } from './import-chunks';

const csvOf = (rows: number) =>
  ['type,address', ...Array.from({ length: rows }, (_, i) => `email,user${i + 1}@example.org`)].join('\n');

function usageError(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.usage);
    return error as CliError;
  }
  throw new Error('expected a usage error');
}

describe('CSV chunks', () => {
  it('cuts 1,001 rows into requests of 500, each with the header, numbered across the file', () => {
    const chunks = importChunks(csvOf(1001), 'csv', 500);
    expect(chunks.map(({ firstRow, rows }) => [firstRow, rows])).toEqual([
      [1, 500],
      [501, 500],
      [1001, 1],
    ]);
    for (const chunk of chunks) {
      const [header, ...records] = parseCsv(chunk.body as string);
      expect(header).toEqual(['type', 'address']);
      expect(records).toHaveLength(chunk.rows);
    }
    const last = parseCsv(chunks[2].body as string);
    expect(last[1]).toEqual(['email', 'user1001@example.org']);
  });

  it('keeps commas, quotes, line breaks and surrounding spaces of a field as the server will read them', () => {
    const tricky = ['a,b', 'say "hi"', 'two\nlines', '  padded  ', 'plain'];
    const text = `type,notes\r\n${tricky.map((value) => `other,"${value.replaceAll('"', '""')}"`).join('\r\n')}\r\n`;
    const [chunk] = importChunks(text, 'csv', 100);
    const records = parseCsv(chunk.body as string).slice(1);
    expect(records.map((record) => record[1])).toEqual(tricky);
  });

  it('refuses a CSV without a "type" column, with no rows, or that cannot be read, before sending anything', () => {
    expect(usageError(() => importChunks('kind,address\nemail,a@b.org', 'csv')).message).toMatch(
      /"type" column/,
    );
    expect(usageError(() => importChunks('type,address\n', 'csv')).message).toMatch(/no rows/);
    expect(usageError(() => importChunks('type,address\nemail,"open', 'csv')).message).toMatch(/not closed/);
  });
});

describe('JSON chunks', () => {
  const items = Array.from({ length: 5 }, (_, i) => ({
    type: 'email',
    data: { address: `u${i}@example.org` },
  }));

  it('reads an array, an { items } object and JSON lines alike', () => {
    for (const [text, format] of [
      [JSON.stringify(items), 'json'],
      [JSON.stringify({ items }), 'json'],
      [`${items.map((item) => JSON.stringify(item)).join('\n')}\n\n`, 'jsonl'],
    ] as const) {
      const chunks = importChunks(text, format, 2);
      expect(chunks.map((chunk) => chunk.firstRow)).toEqual([1, 3, 5]);
      expect(chunks.flatMap((chunk) => (chunk.body as { items: unknown[] }).items)).toEqual(items);
    }
  });

  it('says which line of JSON lines is not JSON, and refuses other shapes', () => {
    expect(usageError(() => importChunks('{"type":"email"}\n{oops', 'jsonl')).message).toMatch(/^Line 2 /);
    expect(usageError(() => importChunks('{"rows":[]}', 'json')).message).toMatch(/array of/);
    expect(usageError(() => importChunks('[]', 'json')).message).toMatch(/no rows/);
    expect(usageError(() => importChunks('[1]', 'json', 0)).message).toMatch(/chunk-size/);
  });
});

describe('formatOf', () => {
  it('reads the format from the file name unless one is given', () => {
    expect(formatOf('export.CSV')).toBe('csv');
    expect(formatOf('rows.ndjson')).toBe('jsonl');
    expect(formatOf('rows.txt', 'json')).toBe('json');
    expect(usageError(() => formatOf('rows.txt')).message).toMatch(/--format/);
  });
});
