import { describe, expect, it } from 'vitest';
import { createUserBodySchema, emailSchema, loginBodySchema, passwordSchema } from './auth';
import { webhookUrlSchema } from './automations';
import { validateIdentifier } from './identifiers/validation';
import { requiredText, searchQuerySchema } from './schema-helpers';
import { TEXT_MAX_LENGTH, cutText, findTextProblem, text } from './text';

const messagesOf = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('text', () => {
  const name = text({ label: 'Name', max: 20, required: true });

  it('refuses a null character, naming the label', () => {
    expect(messagesOf(name, 'a\u0000b')).toEqual(['Name must not contain null characters']);
  });

  it('refuses an unpaired high or low surrogate', () => {
    const message = 'Name must be valid Unicode text (it contains an unpaired surrogate)';
    expect(messagesOf(name, 't\ud800')).toEqual([message]);
    expect(messagesOf(name, '\udc00t')).toEqual([message]);
    expect(messagesOf(name, '\ude00\ud83d')).toEqual([message]);
  });

  it('accepts a surrogate pair (an emoji) and other Unicode', () => {
    expect(name.parse('Ada 😀 Lovelace')).toBe('Ada 😀 Lovelace');
    expect(name.parse('Zoë Ωmega 李')).toBe('Zoë Ωmega 李');
  });

  it('trims, then applies the required and length rules', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(messagesOf(name, '   ')).toEqual(['Name is required']);
    expect(name.parse(` ${'x'.repeat(20)} `)).toBe('x'.repeat(20));
    expect(messagesOf(name, 'x'.repeat(21))).toEqual(['Name is too long (at most 20 characters)']);
  });

  it('has a default length cap, so a megabyte-long string is refused', () => {
    const notes = text({ label: 'Notes' });
    expect(notes.parse('x'.repeat(TEXT_MAX_LENGTH))).toHaveLength(TEXT_MAX_LENGTH);
    expect(messagesOf(notes, 'x'.repeat(1024 * 1024))).toEqual([
      `Notes is too long (at most ${TEXT_MAX_LENGTH} characters)`,
    ]);
  });

  it('keeps surrounding white space when asked to', () => {
    expect(text({ label: 'Password', trim: false }).parse(' secret ')).toBe(' secret ');
  });

  it('findTextProblem answers the same messages for checks that are not zod schemas', () => {
    expect(findTextProblem('fine 😀', 'Value')).toBeUndefined();
    expect(findTextProblem('\u0000', 'Value')).toBe('Value must not contain null characters');
    expect(findTextProblem('\ud800', 'Value')).toMatch(/^Value must be valid Unicode text/);
  });

  it('cutText never leaves half of a surrogate pair at the cut', () => {
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab😀c', 3)).toBe('ab');
    expect(cutText('ab😀c', 4)).toBe('ab😀');
    for (let max = 1; max <= 12; max++) {
      expect(findTextProblem(cutText('a😀😀b😀😀', max), 'Value')).toBeUndefined();
    }
  });
});

describe('text left out or of another type', () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('names the field by its label, not as zod would ("expected string")', () => {
    const reason = text({ label: 'Reason', required: true });
    expect(messageOf(reason.safeParse(undefined))).toBe('Reason is required');
    expect(messageOf(reason.safeParse(5))).toBe('Reason must be text');
    expect(messageOf(reason.safeParse(null))).toBe('Reason must be text');
    expect(messageOf(requiredText('Title', 200).safeParse(undefined))).toBe('Title is required');
  });
});

describe('schemas built on text', () => {
  it('keep their existing messages', () => {
    expect(messagesOf(requiredText('First name', 100), '')).toEqual(['First name is required']);
    expect(messagesOf(loginBodySchema, { email: '', password: '' })).toEqual([
      'Email is required',
      'Password is required',
    ]);
    expect(messagesOf(passwordSchema, 'short')).toEqual(['Password must be at least 10 characters']);
    expect(messagesOf(createUserBodySchema.shape.email, '  ')).toEqual(['Email is required']);
    expect(messagesOf(createUserBodySchema.shape.email, 'nope')).toEqual([
      'Please enter a valid email address',
    ]);
    expect(messagesOf(searchQuerySchema, 'x'.repeat(201))).toEqual([
      'search is too long (at most 200 characters)',
    ]);
  });

  it('refuse null characters and unpaired surrogates in search, e-mail, password and URL', () => {
    expect(messagesOf(searchQuerySchema, '\u0000')).toEqual(['search must not contain null characters']);
    expect(messagesOf(emailSchema, 'a\u0000@example.com')).toEqual([
      'Email must not contain null characters',
    ]);
    expect(messagesOf(emailSchema, 'a\ud800@example.com')).toHaveLength(1);
    expect(messagesOf(passwordSchema, 'long enough\u0000')).toEqual([
      'Password must not contain null characters',
    ]);
    // The URL parser would accept both (percent-encoding them); text() refuses them first.
    expect(messagesOf(webhookUrlSchema, 'https://example.com/a\u0000b')).toEqual([
      'Webhook URL must not contain null characters',
    ]);
    expect(messagesOf(webhookUrlSchema, 'https://example.com/\ud800')).toHaveLength(1);
  });

  it('identifier data fields refuse them with the field label', () => {
    expect(validateIdentifier('email', { address: 'a\u0000@example.com' })).toEqual([
      { field: 'address', message: 'Email Address must not contain null characters' },
    ]);
    expect(validateIdentifier('other', { identifierType: 'Alias', value: 'x', notes: 'n\ud800' })).toEqual([
      { field: 'notes', message: 'Notes must be valid Unicode text (it contains an unpaired surrogate)' },
    ]);
  });
});
