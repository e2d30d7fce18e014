import { describe, expect, it } from 'vitest';
import { parseCsv } from '@scamtrail/domain/csv';
import { CliError, EXIT } from './errors';
import {
  BoundedCsvReader,
  formatOf,
  importChunks,
  JsonItemsReader,
  JsonLinesReader,
  MAX_ROW_CHARS,
  readImportChunks,
} from './import-chunks';

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

describe('reading a file piece by piece', () => {
  /** The records or items of `text` read in pieces of `size` characters. */
  function inPieces<T>(reader: { push(text: string): T[]; end(): T[] }, text: string, size: number): T[] {
    const out: T[] = [];
    for (let i = 0; i < text.length; i += size) out.push(...reader.push(text.slice(i, i + size)));
    out.push(...reader.end());
    return out;
  }

  const items = [
    { type: 'email', data: { address: 'a@example.org' } },
    { type: 'other', data: { identifierType: 'Website', value: 'x]},{"[\\"' } },
    'plain',
    42,
    [1, [2]],
    null,
  ];

  it('reads the items of an array, or of the items array of an object, wherever the pieces are cut', () => {
    const documents = [
      JSON.stringify(items, null, 2),
      JSON.stringify({ meta: { items: [9], note: 'items' }, items, after: [7] }),
      `  {"\\u0069tems" : ${JSON.stringify(items)} }  `,
    ];
    for (const text of documents) {
      for (const size of [1, 2, 3, 7, text.length]) {
        expect(inPieces(new JsonItemsReader(), text, size), `${text} in ${size}`).toEqual(items);
      }
    }
  });

  it('refuses a JSON document cut short, with text after its end, or of another shape', () => {
    const read = (text: string) => () => inPieces(new JsonItemsReader(), text, 4);
    expect(read('[{"type":"email"}, {"type"')).toThrow(/ends before/);
    expect(read('[1] [2]')).toThrow(/after its end/);
    expect(read('{"rows":[1]}')).toThrow(/array of/);
    expect(read('"items"')).toThrow(/array of/);
    expect(read('[1, {oops}]')).toThrow(/^Item 2 of the JSON is not JSON/);
    expect(read('[1}')).toThrow(/unexpected "}"/);
  });

  it('reads JSON lines cut anywhere, numbering the lines', () => {
    const text = `${items.map((item) => JSON.stringify(item)).join('\r\n')}\n\n{"bad"\n`;
    expect(() => inPieces(new JsonLinesReader(), text, 5)).toThrow(/^Line 8 is not JSON/);
    const good = items.map((item) => JSON.stringify(item)).join('\n');
    expect(inPieces(new JsonLinesReader(), good, 3)).toEqual(items);
  });

  it('yields the chunks of a byte stream as they are read, with how far reading went, a character cut in two read whole', async () => {
    const text = `type,address\n${Array.from({ length: 10 }, (_, i) => `email,"ü${i}@example.org"`).join('\n')}\n`;
    const bytes = Buffer.from(text);
    async function* pieces() {
      // Pieces of 7 bytes cut the two bytes of many a "ü".
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    const chunks = [];
    for await (const chunk of readImportChunks(pieces(), 'csv', 4)) chunks.push(chunk);
    expect(chunks.map(({ firstRow, rows }) => [firstRow, rows])).toEqual([
      [1, 4],
      [5, 4],
      [9, 2],
    ]);
    expect(chunks.map((chunk) => chunk.bytesRead)).toEqual(
      [...chunks.map((chunk) => chunk.bytesRead)].sort((a, b) => a - b),
    );
    expect(chunks[0].bytesRead).toBeLessThan(bytes.length);
    expect(chunks.at(-1)!.bytesRead).toBe(bytes.length);
    expect(chunks.flatMap((chunk) => parseCsv(chunk.body as string).slice(1))).toEqual(
      parseCsv(text).slice(1),
    );
  });

  it('refuses a row longer than the longest it holds', () => {
    const reader = new BoundedCsvReader();
    reader.push('type,notes\nother,"');
    expect(() => reader.push('x'.repeat(MAX_ROW_CHARS + 1))).toThrow(/longer than/);
  });
});
