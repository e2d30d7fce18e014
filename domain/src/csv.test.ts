import { describe, expect, it } from 'vitest';
import { CsvRecordReader, CsvSyntaxError, parseCsv } from './csv';

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

describe('CsvRecordReader, the text read piece by piece', () => {
  /** The records of `text` read in pieces of `size` characters. */
  function inPieces(text: string, size: number): string[][] {
    const reader = new CsvRecordReader();
    const out: string[][] = [];
    for (let i = 0; i < text.length; i += size) out.push(...reader.push(text.slice(i, i + size)));
    out.push(...reader.end());
    return out;
  }

  const trickyCsv =
    '\ufefftype,notes,value\r\n' +
    'other,"a,b","say ""hi"""\r\n' +
    '\r\n' +
    'other,"two\r\nlines",x"y\n' +
    'email,"",""""\r' +
    'other,"  padded  ",last';

  it('reads a CSV as parseCsv reads it whole, wherever the pieces are cut', () => {
    const whole = parseCsv(trickyCsv);
    expect(whole).toHaveLength(5);
    for (const size of [1, 2, 3, 5, 7, 11, trickyCsv.length]) {
      expect(inPieces(trickyCsv, size), `pieces of ${size}`).toEqual(whole);
    }
  });

  it('names the line a CSV stops being readable at, read in pieces', () => {
    const text = 'type,a\nemail,x\nemail,"ab"c\n';
    expect(() => inPieces(text, 3)).toThrow(/after a closing quote \(line 3\)/);
    expect(() => inPieces('type,a\nemail,"open\n', 4)).toThrow(/not closed \(line 2\)/);
  });

  it('keeps the record not yet ended, and says where it starts', () => {
    const reader = new CsvRecordReader();
    expect(reader.push('a,b\nc,"d\n')).toEqual([['a', 'b']]);
    expect([reader.pendingChars, reader.pendingLine]).toEqual([5, 2]);
    expect(reader.end('e"')).toEqual([['c', 'd\ne']]);
  });
});
