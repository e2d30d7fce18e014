/**
 * A small RFC 4180 CSV reader: comma-separated fields, records ended by CRLF or LF, fields in double
 * quotes may hold commas, quotes (doubled: "") and line breaks. A leading byte-order mark is dropped
 * and blank lines are skipped. A quote inside an unquoted field is kept as text, as spreadsheets do.
 */

/** A CSV that cannot be read or imported; `line` names where the reader stopped, when it knows. */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `${message} (line ${line})`);
    this.name = 'CsvSyntaxError';
  }
}

/** The records of a CSV text, each a list of field values. */
export function parseCsv(text: string): string[][] {
  return new CsvRecordReader().end(text);
}

/**
 * The records of a CSV read piece by piece (the CLI reads a file as a stream): each `push` answers
 * the records its text ended and keeps the text of the record not yet ended for the next one; `end`
 * answers the rest. `parseCsv` is one `end` of the whole text, so both read alike.
 */
export class CsvRecordReader {
  private pending = '';
  private line = 1;
  private started = false;

  push(text: string): string[][] {
    this.pending += text;
    return this.drain(false);
  }

  /** The records `text` (if any) and what was kept end; a quoted field left open is an error. */
  end(text = ''): string[][] {
    this.pending += text;
    return this.drain(true);
  }

  /** How long the record not yet ended is, in characters, and the line it starts on. */
  get pendingChars(): number {
    return this.pending.length;
  }

  get pendingLine(): number {
    return this.line;
  }

  private drain(final: boolean): string[][] {
    let text = this.pending;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const records: string[][] = [];
    let record: string[] = [];
    let field = '';
    let line = this.line;
    let i = 0;
    // Where the records read so far end, and the line there: what is kept starts there.
    let consumed = 0;
    let consumedLine = line;
    scan: while (i < text.length) {
      const c = text[i];
      if (c === '"' && field === '') {
        const start = line;
        let j = i + 1;
        let value = '';
        for (;;) {
          if (j >= text.length) {
            if (final) throw new CsvSyntaxError('A quoted field is not closed', start);
            break scan;
          }
          const q = text[j];
          if (q === '"') {
            // A quote ending this piece may be the first of a doubled one: wait for the next.
            if (j + 1 >= text.length && !final) break scan;
            if (text[j + 1] === '"') {
              value += '"';
              j += 2;
              continue;
            }
            j += 1;
            break;
          }
          if (q === '\n') line += 1;
          value += q;
          j += 1;
        }
        const next = text[j];
        if (next === undefined && !final) break;
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError('Unexpected text after a closing quote', line);
        }
        field = value;
        i = j;
        continue;
      }
      if (c === ',') {
        record.push(field);
        field = '';
        i += 1;
      } else if (c === '\r' || c === '\n') {
        // A CR ending this piece may be the first half of a CRLF.
        if (c === '\r' && i + 1 >= text.length && !final) break;
        record.push(field);
        field = '';
        // A blank line is one empty field: skip it rather than reading it as a record.
        if (record.length > 1 || record[0] !== '') records.push(record);
        record = [];
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        consumed = i;
        consumedLine = line;
      } else {
        field += c;
        i += 1;
      }
    }
    if (final) {
      if (field !== '' || record.length > 0) {
        record.push(field);
        if (record.length > 1 || record[0] !== '') records.push(record);
      }
      this.pending = '';
      return records;
    }
    this.pending = text.slice(consumed);
    this.line = consumedLine;
    return records;
  }
}
