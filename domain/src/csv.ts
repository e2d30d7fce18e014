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
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    // A blank line is one empty field: skip it rather than reading it as a record.
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && field === '') {
      const start = line;
      i += 1;
      for (;;) {
        if (i >= text.length) throw new CsvSyntaxError('A quoted field is not closed', start);
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (q === '\n') line += 1;
        field += q;
        i += 1;
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError('Unexpected text after a closing quote', line);
      }
      continue;
    }
    if (c === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
