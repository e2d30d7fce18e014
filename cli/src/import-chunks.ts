import { extname } from 'node:path';
import { CsvRecordReader, CsvSyntaxError } from '@scamtrail/domain/csv';
import { CliError } from './errors';

/**
 * An import file cut into requests of at most `chunkSize` rows, each a body the server's import route
 * (POST /api/identifiers/import) takes as it is: a CSV chunk keeps the header row and is sent as
 * text/csv, so the server reads its columns exactly as it reads an uploaded file; a JSON chunk is
 * `{ items }`. `firstRow` numbers rows across the whole file (1: the first row after a CSV header).
 * The file is read as a stream: only the rows of the chunk being cut, and the one row not yet ended,
 * are held, whatever the file's size.
 */
export type ImportChunk =
  | { firstRow: number; rows: number; format: 'csv'; body: string }
  | { firstRow: number; rows: number; format: 'json'; body: { items: unknown[] } };

export type ImportFormat = 'csv' | 'json' | 'jsonl';

export const DEFAULT_CHUNK_SIZE = 500;

/** The longest row (a CSV record, a JSON line or item) read: a file of one endless row is refused. */
export const MAX_ROW_CHARS = 1_000_000;

export function formatOf(path: string, given?: string): ImportFormat {
  const format = (given ?? extname(path).slice(1)).toLowerCase();
  if (format === 'csv' || format === 'json') return format;
  if (format === 'jsonl' || format === 'ndjson') return 'jsonl';
  throw CliError.usage(`Cannot tell the format of ${path}: name it .csv, .json or .jsonl, or pass --format`);
}

const tooLong = (what: string) =>
  CliError.usage(`${what} is longer than ${MAX_ROW_CHARS.toLocaleString('en')} characters`);

/** The domain's CSV reader, refusing a record that grows past `MAX_ROW_CHARS` before it ends. */
export class BoundedCsvReader extends CsvRecordReader {
  override push(text: string): string[][] {
    const records = super.push(text);
    if (this.pendingChars > MAX_ROW_CHARS) throw tooLong(`The CSV row at line ${this.pendingLine}`);
    return records;
  }
}

/** The values of JSON lines read piece by piece; blank lines are skipped. */
export class JsonLinesReader {
  private pending = '';
  private line = 0;

  push(text: string): unknown[] {
    this.pending += text;
    const lines = this.pending.split('\n');
    this.pending = lines.pop()!;
    if (this.pending.length > MAX_ROW_CHARS) throw tooLong(`Line ${this.line + lines.length + 1}`);
    return lines.flatMap((line) => this.parse(line));
  }

  end(): unknown[] {
    const last = this.pending;
    this.pending = '';
    return this.parse(last);
  }

  private parse(text: string): unknown[] {
    this.line += 1;
    if (text.trim() === '') return [];
    try {
      return [JSON.parse(text)];
    } catch (error) {
      throw CliError.usage(`Line ${this.line} is not JSON: ${(error as Error).message}`);
    }
  }
}

const notRows = () =>
  CliError.usage('The JSON must be an array of { type, data } rows, or { "items": [...] }');

/**
 * The items of a JSON document read piece by piece: those of a top-level array, or of the `items`
 * array of a top-level object. Only the item being read is held; each is parsed when it ends. What
 * is outside the items is checked for its brackets and strings only, and a document that ends before
 * they close, or holds no such array, is refused at its end.
 */
export class JsonItemsReader {
  /** The text of the item being read, from its first character (empty between items). */
  private item = '';
  private inItem = false;
  /** The open arrays and objects, outermost first. */
  private stack: ('[' | '{')[] = [];
  private inString = false;
  private escaped = false;
  /** In the top-level object: whether a key comes next, and the raw text of the key being read. */
  private expectKey = false;
  private readingKey = false;
  private key = '';
  private lastKey: string | null = null;
  /** The depth of the array whose items are read once found (0 before, -1 once it closed). */
  private target = 0;
  private done = false;
  private count = 0;

  push(text: string): unknown[] {
    const items: unknown[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (this.inString) {
        if (this.readingKey) this.key += c;
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') {
          this.inString = false;
          if (this.readingKey) {
            this.readingKey = false;
            this.lastKey = this.parseKey();
          }
        }
        continue;
      }
      const depth = this.stack.length;
      // Between the items of the target array: a comma, its end, or an item's first character.
      if (this.target > 0 && depth === this.target && !this.inItem) {
        if (c === ',' || c === ']' || /\s/.test(c)) {
          if (c === ']') this.close(c);
          continue;
        }
        this.inItem = true;
        start = i;
      } else if (this.inItem && depth === this.target && (c === ',' || c === ']')) {
        items.push(this.parseItem(this.item + text.slice(start, i)));
        this.item = '';
        this.inItem = false;
        if (c === ']') this.close(c);
        continue;
      }
      if (/\s/.test(c)) continue;
      if (this.done) throw CliError.usage('The JSON has text after its end');
      if (c === '"') {
        this.inString = true;
        if (depth === 1 && this.stack[0] === '{' && this.expectKey) {
          this.readingKey = true;
          this.key = '';
          this.expectKey = false;
        }
      } else if (c === '[' || c === '{') {
        if (depth === 0 && c === '{') this.expectKey = true;
        if (depth === 0 && c === '[') this.target = 1;
        else if (depth === 1 && c === '[' && this.stack[0] === '{' && this.lastKey === 'items') {
          if (this.target === 0) this.target = 2;
        }
        this.stack.push(c);
      } else if (c === ']' || c === '}') {
        this.close(c);
      } else if (c === ',' && depth === 1 && this.stack[0] === '{') {
        this.expectKey = true;
        this.lastKey = null;
      } else if (depth === 0) {
        throw notRows();
      }
    }
    if (this.inItem) {
      this.item += text.slice(start);
      if (this.item.length > MAX_ROW_CHARS) throw tooLong(`Item ${this.count + 1} of the JSON`);
    }
    return items;
  }

  end(): unknown[] {
    if (this.stack.length > 0 || this.inString) {
      throw CliError.usage('The file is not JSON: it ends before its last array or object is closed');
    }
    if (this.target === 0) throw notRows();
    return [];
  }

  private close(c: ']' | '}') {
    const open = this.stack.pop();
    if (open !== (c === ']' ? '[' : '{')) {
      throw CliError.usage(`The file is not JSON: an unexpected "${c}"`);
    }
    if (this.stack.length === 0) this.done = true;
    // The array of the items closed: no later array is read as items.
    if (this.target > 0 && this.stack.length === this.target - 1) this.target = -1;
  }

  private parseKey(): string | null {
    try {
      return JSON.parse(`"${this.key}`) as string;
    } catch {
      throw CliError.usage('The file is not JSON: a key cannot be read');
    }
  }

  private parseItem(text: string): unknown {
    this.count += 1;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw CliError.usage(`Item ${this.count} of the JSON is not JSON: ${(error as Error).message}`);
    }
  }
}

/** A CSV field, quoted when it must be (RFC 4180): the server's reader gives back the same text. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvLine = (cells: string[]) => cells.map(csvField).join(',');

/**
 * Cuts rows into chunks as they are read: `push` a piece of the file's text and take the chunks it
 * completed; `end` takes the last. A file with no rows is a usage error, and so is one that cannot be
 * read, at the row where it stops.
 */
export class ImportChunker {
  private readonly csv: BoundedCsvReader | null;
  private readonly json: JsonItemsReader | JsonLinesReader | null;
  private header: string[] | null = null;
  private rows: unknown[] = [];
  private firstRow = 1;

  constructor(
    private readonly format: ImportFormat,
    private readonly chunkSize = DEFAULT_CHUNK_SIZE,
  ) {
    // The server refuses a request of more rows than it takes (5,000), naming the limit.
    if (!Number.isInteger(chunkSize) || chunkSize < 1) {
      throw CliError.usage('--chunk-size must be at least 1');
    }
    this.csv = format === 'csv' ? new BoundedCsvReader() : null;
    this.json = format === 'json' ? new JsonItemsReader() : format === 'jsonl' ? new JsonLinesReader() : null;
  }

  push(text: string): ImportChunk[] {
    return this.take(
      this.read(() => (this.csv ? this.csv.push(text) : this.json!.push(text))),
      false,
    );
  }

  end(): ImportChunk[] {
    const chunks = this.take(
      this.read(() => (this.csv ? this.csv.end() : this.json!.end())),
      true,
    );
    if (this.firstRow === 1 && chunks.length === 0) throw CliError.usage('The file has no rows to import');
    return chunks;
  }

  private read(records: () => unknown[]): unknown[] {
    try {
      return records();
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw CliError.usage(`The CSV cannot be read: ${error.message}`);
      throw error;
    }
  }

  private take(records: unknown[], final: boolean): ImportChunk[] {
    const chunks: ImportChunk[] = [];
    for (const record of records) {
      if (this.csv && !this.header) {
        const header = record as string[];
        if (!header.some((name) => name.trim().toLowerCase() === 'type')) {
          throw CliError.usage('The CSV needs a header row with a "type" column');
        }
        this.header = header;
        continue;
      }
      this.rows.push(record);
      if (this.rows.length === this.chunkSize) chunks.push(this.cut());
    }
    if (final && this.rows.length > 0) chunks.push(this.cut());
    return chunks;
  }

  private cut(): ImportChunk {
    const rows = this.rows;
    this.rows = [];
    const firstRow = this.firstRow;
    this.firstRow += rows.length;
    if (this.format !== 'csv') return { firstRow, rows: rows.length, format: 'json', body: { items: rows } };
    if (!this.header) throw CliError.usage('The CSV needs a header row with a "type" column');
    const body = [this.header, ...(rows as string[][])].map(csvLine).join('\r\n') + '\r\n';
    return { firstRow, rows: rows.length, format: 'csv', body };
  }
}

/** The chunks of an import file's whole text (what `readImportChunks` yields, at once). */
export function importChunks(
  text: string,
  format: ImportFormat,
  chunkSize = DEFAULT_CHUNK_SIZE,
): ImportChunk[] {
  const chunker = new ImportChunker(format, chunkSize);
  return [...chunker.push(text), ...chunker.end()];
}

/**
 * The chunks of an import file read as a stream of bytes (a file's read stream), each as soon as its
 * rows are read, with `bytesRead`: how far into the file reading had gone, for a progress bar. The
 * next piece is read only once the chunks before it were taken, so memory holds a chunk and a piece.
 */
export async function* readImportChunks(
  input: AsyncIterable<Uint8Array | string>,
  format: ImportFormat,
  chunkSize = DEFAULT_CHUNK_SIZE,
): AsyncGenerator<ImportChunk & { bytesRead: number }> {
  const chunker = new ImportChunker(format, chunkSize);
  // A character split between two pieces is decoded whole, with the second.
  const decoder = new TextDecoder('utf-8');
  let bytesRead = 0;
  for await (const piece of input) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    bytesRead += bytes.length;
    for (const chunk of chunker.push(decoder.decode(bytes, { stream: true }))) yield { ...chunk, bytesRead };
  }
  const tail = decoder.decode();
  for (const chunk of [...chunker.push(tail), ...chunker.end()]) yield { ...chunk, bytesRead };
}
