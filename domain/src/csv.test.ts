import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv';

describe('parseCsv (RFC 4180)', () => {
  it('splits records on LF and CRLF and fields on commas', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('"a,1","say ""hi""","x\r\ny"\r\nz,"",w')).toEqual([
      ['a,1', 'say "hi"', 'x\r\ny'],
      ['z', '', 'w'],
    ]);
  });

  it('keeps empty fields, skips blank lines, drops a byte-order mark and a trailing newline', () => {
    expect(parseCsv('\uFEFFa,,c\n\n,b,\n')).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(parseCsv('5" screen,x')).toEqual([['5" screen', 'x']]);
  });

  it('reports an unclosed quote and text after a closing quote with the line', () => {
    expect(() => parseCsv('a\n"open,b')).toThrow(new CsvSyntaxError('A quoted field is not closed', 2));
    expect(() => parseCsv('"a"b,c')).toThrow('Unexpected text after a closing quote (line 1)');
  });

  it('answers no records for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});
