import { AppError } from '../../lib/errors';
import { CsvSyntaxError, parseCsv } from '@scamtrail/domain/csv';
import { IMPORT_MAX_ROWS } from '@scamtrail/domain/identifiers/import-api';

/**
 * Turns an import CSV into import rows. The header names the columns: `type` and data field names
 * (address, countryCode, number, bankName, ...). Each record becomes `{ type, data }` with its
 * non-blank cells, so one file can mix types: a phone row leaves the `address` column empty.
 */
export function csvToImportItems(
  text: string,
  field = 'file',
): { type: string; data: Record<string, string> }[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw AppError.validation([{ field, message: err.message }]);
    throw err;
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => name.trim());
  const typeColumn = columns.findIndex((name) => name.toLowerCase() === 'type');
  if (typeColumn < 0) {
    throw AppError.validation([{ field, message: 'The CSV needs a header row with a "type" column' }]);
  }
  const repeated = columns.find((name, index) => name !== '' && columns.indexOf(name) !== index);
  if (repeated) throw AppError.validation([{ field, message: `The column "${repeated}" appears twice` }]);
  if (rows.length === 0)
    throw AppError.validation([{ field, message: 'The CSV has no rows after its header' }]);
  if (rows.length > IMPORT_MAX_ROWS) {
    throw AppError.validation([{ field, message: `At most ${IMPORT_MAX_ROWS} rows per import` }]);
  }
  return rows.map((cells, index) => {
    if (cells.length > columns.length) {
      const message = `Row ${index + 1} has ${cells.length} fields but the header has ${columns.length}`;
      throw AppError.validation([{ field, message }]);
    }
    const data: Record<string, string> = {};
    cells.forEach((cell, column) => {
      if (column !== typeColumn && cell.trim() !== '' && columns[column] !== '') data[columns[column]] = cell;
    });
    return { type: (cells[typeColumn] ?? '').trim(), data };
  });
}
