import { z } from 'zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { IdentifierInput } from './types';
import { findIdentifierInputErrors, identifierInputSchema, identifierInputSchemaWith } from './schema';
import { text } from '../text';

const issuesOf = (input: unknown) => {
  const result = identifierInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('identifierInputSchema', () => {
  it('outputs cleaned data: trimmed, plus added, blank optional fields dropped', () => {
    const result = identifierInputSchema.parse({
      type: 'phone',
      data: { countryCode: ' 44 ', number: ' 7911 123456 ', notes: '' },
    });
    expect(result).toEqual({ type: 'phone', data: { countryCode: '+44', number: '7911 123456' } });
  });

  it('reports the form messages at API paths', () => {
    expect(issuesOf({ type: 'email', data: { address: 'nope' } })).toEqual([
      ['data.address', 'Please enter a valid email address'],
    ]);
    expect(issuesOf({ type: 'zelle', data: { identifierType: 'email' } })).toEqual([
      ['data.identifier', 'Zelle identifier is required'],
    ]);
  });

  it('asks for a type when it is missing, and rejects unknown or non-string types', () => {
    expect(issuesOf({ data: {} })).toEqual([['type', 'Please select an identifier type']]);
    expect(issuesOf({ type: '', data: {} })).toEqual([['type', 'Please select an identifier type']]);
    expect(issuesOf({ type: 'fax', data: {} })).toEqual([['type', 'Invalid identifier type']]);
    expect(issuesOf({ type: 42, data: {} })).toEqual([['type', 'Invalid identifier type']]);
    expect(issuesOf({ type: 'x'.repeat(100), data: {} })).toEqual([['type', 'Invalid identifier type']]);
  });

  it('rejects data that is not an object, non-string values and unknown keys', () => {
    expect(issuesOf({ type: 'email', data: 'scam@example.com' })).toEqual([
      ['data', 'Identifier data must be an object'],
    ]);
    expect(issuesOf({ type: 'email', data: ['scam@example.com'] })).toEqual([
      ['data', 'Identifier data must be an object'],
    ]);
    expect(issuesOf({ type: 'email', data: { address: ['a@b.co'] } })).toEqual([
      ['data.address', 'Email Address must be text'],
    ]);
    expect(issuesOf({ type: 'email', data: { address: 'a@b.co', isAdmin: 'true' } })).toEqual([
      ['data.isAdmin', 'Unknown field "isAdmin"'],
    ]);
  });

  it('rejects huge strings and keeps SQL- or HTML-like text as plain data', () => {
    expect(issuesOf({ type: 'other', data: { identifierType: 'x', value: 'v'.repeat(10_000) } })).toEqual([
      ['data.value', 'Value must be at most 512 characters'],
    ]);
    const value = "'; DROP TABLE identifiers; -- <script>alert(1)</script>";
    expect(identifierInputSchema.parse({ type: 'other', data: { identifierType: 'x', value } }).data).toEqual(
      {
        identifierType: 'x',
        value,
      },
    );
  });

  it('accepts extra body fields', () => {
    const schema = identifierInputSchemaWith({
      displayValue: text({ label: 'displayValue', max: 10 }).optional(),
    });
    const body = schema.parse({ type: 'email', data: { address: 'a@b.co' }, displayValue: 'ignored' });
    expect(body).toEqual({ type: 'email', data: { address: 'a@b.co' }, displayValue: 'ignored' });
    expect(
      schema.safeParse({ type: 'email', data: { address: 'a@b.co' }, displayValue: 'x'.repeat(11) }).success,
    ).toBe(false);
  });
});

describe('findIdentifierInputErrors', () => {
  it('prefixes data fields with "data."', () => {
    expect(findIdentifierInputErrors('crypto_wallet', { network: 'bitcoin', address: 'short' })).toEqual([
      { field: 'data.address', message: 'Please enter a valid wallet address' },
    ]);
  });
});

describe('schema output type', () => {
  it('is the cleaned identifier input', () => {
    expectTypeOf<z.output<typeof identifierInputSchema>>().toEqualTypeOf<IdentifierInput>();
    const withExtra = identifierInputSchemaWith({ displayValue: text({ label: 'displayValue' }).optional() });
    expectTypeOf(withExtra.parse).returns.toHaveProperty('displayValue').toEqualTypeOf<string | undefined>();
  });
});
