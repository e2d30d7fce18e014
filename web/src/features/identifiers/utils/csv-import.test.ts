import { describe, expect, it } from 'vitest';
import { buildCsvTemplate, chunk, CSV_TEMPLATE_COLUMNS, csvToImportItems } from './csv-import';
import { parseCsv } from '@scamtrail/domain/csv';

describe('import CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('\uFEFFa,"b,c","say ""hi""","x\ny"\r\n\r\n1,2,3,4')).toEqual([
      ['a', 'b,c', 'say "hi"', 'x\ny'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('a,"b')).toThrow('A quoted field is not closed (line 1)');
  });

  it('turns rows into { type, data } with their non-blank cells', () => {
    const items = csvToImportItems(
      'type,address,countryCode,number\nemail,a@b.example,,\n phone ,,+1,5551234567\n,,,\n',
    );
    expect(items).toEqual([
      { type: 'email', data: { address: 'a@b.example' } },
      { type: 'phone', data: { countryCode: '+1', number: '5551234567' } },
      { type: '', data: {} },
    ]);
  });

  it('explains files it cannot import', () => {
    expect(() => csvToImportItems('address\na@b.example')).toThrow(
      'The CSV needs a header row with a "type" column',
    );
    expect(() => csvToImportItems('type,address')).toThrow('The CSV has no rows after its header');
    expect(() => csvToImportItems('type,address,address\nemail,a,b')).toThrow(
      'The column "address" appears twice',
    );
    expect(() => csvToImportItems('type\nemail,extra')).toThrow('Row 1 has 2 fields but the header has 1');
    // A column no type has: every row would be refused for it.
    expect(() => csvToImportItems('type,email\nemail,a@b.example')).toThrow(
      'The column "email" is a field of no identifier type: the template lists the columns (an e-mail address goes in "address")',
    );
  });

  it('offers a template with the type column and every field once', () => {
    expect(CSV_TEMPLATE_COLUMNS[0]).toBe('type');
    expect(CSV_TEMPLATE_COLUMNS.at(-1)).toBe('notes');
    expect(new Set(CSV_TEMPLATE_COLUMNS).size).toBe(CSV_TEMPLATE_COLUMNS.length);
    for (const name of [
      'address',
      'countryCode',
      'number',
      'bankName',
      'network',
      'platform',
      'value',
      'notes',
    ]) {
      expect(CSV_TEMPLATE_COLUMNS).toContain(name);
    }
    expect(csvToImportItems(`${buildCsvTemplate()}email,x@y.example`)).toEqual([
      { type: 'email', data: { address: 'x@y.example' } },
    ]);
  });

  it('splits rows into chunks', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([]);
  });
});
