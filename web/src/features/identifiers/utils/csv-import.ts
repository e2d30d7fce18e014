import { IDENTIFIER_CATALOGUE, NOTES_FIELD } from '@scamtrail/domain/identifiers/catalogue';
import type { IdentifierInputBody } from '../api/identifier-types';
import { CsvSyntaxError, parseCsv } from '@scamtrail/domain/csv';

/**
 * The template's columns: `type`, then every data field of every type once (types share names such
 * as `address`), the free-text `notes` last, so one file can mix types and each row fills only its
 * own type's columns.
 */
const FIELD_COLUMNS = new Set(
  Object.values(IDENTIFIER_CATALOGUE).flatMap((definition) => definition.fields.map((field) => field.name)),
);
FIELD_COLUMNS.delete(NOTES_FIELD.name);
export const CSV_TEMPLATE_COLUMNS: readonly string[] = ['type', ...FIELD_COLUMNS, NOTES_FIELD.name];
const KNOWN_COLUMNS = new Set(CSV_TEMPLATE_COLUMNS);

export const CSV_TEMPLATE_FILE_NAME = 'identifiers-template.csv';

/** The template file's text: the header row only. */
export function buildCsvTemplate(): string {
  return `${CSV_TEMPLATE_COLUMNS.join(',')}\r\n`;
}

/**
 * Turns an import CSV into `{ type, data }` rows the way the server reads a CSV upload: the header
 * names the columns, one must be `type`, and each record keeps its non-blank cells. Throws a
 * CsvSyntaxError with a message for people when the file cannot be imported at all, a column no type
 * has among them (every row would be refused for it, so it is said before anything is sent).
 */
export function csvToImportItems(text: string): IdentifierInputBody[] {
  const [header, ...rows] = parseCsv(text);
  const columns = (header ?? []).map((name) => name.trim());
  const typeColumn = columns.findIndex((name) => name.toLowerCase() === 'type');
  if (typeColumn < 0) throw new CsvSyntaxError('The CSV needs a header row with a "type" column');
  const repeated = columns.find((name, index) => name !== '' && columns.indexOf(name) !== index);
  if (repeated) throw new CsvSyntaxError(`The column "${repeated}" appears twice`);
  const unknown = columns.find(
    (name, index) => index !== typeColumn && name !== '' && !KNOWN_COLUMNS.has(name),
  );
  if (unknown) {
    throw new CsvSyntaxError(
      `The column "${unknown}" is a field of no identifier type: the template lists the columns (an e-mail address goes in "address")`,
    );
  }
  if (rows.length === 0) throw new CsvSyntaxError('The CSV has no rows after its header');
  return rows.map((cells, index) => {
    if (cells.length > columns.length) {
      throw new CsvSyntaxError(
        `Row ${index + 1} has ${cells.length} fields but the header has ${columns.length}`,
      );
    }
    const data: Record<string, string> = {};
    cells.forEach((cell, column) => {
      if (column !== typeColumn && cell.trim() !== '' && columns[column] !== '') data[columns[column]] = cell;
    });
    return { type: (cells[typeColumn] ?? '').trim(), data };
  });
}

/** Splits rows into chunks of at most `size`, in order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
