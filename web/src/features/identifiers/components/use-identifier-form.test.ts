import { describe, expect, it, vi } from 'vitest';
import { initialValuesFor, toFormErrors, toInputBody } from './use-identifier-form';

// A type with a one-option select, which the real catalogue does not have (yet).
vi.mock('@scamtrail/domain/identifiers/catalogue', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@scamtrail/domain/identifiers/catalogue')>();
  return {
    ...actual,
    getIdentifierFields: (type: unknown) =>
      type === 'single'
        ? [
            {
              name: 'kind',
              label: 'Kind',
              kind: 'select',
              required: true,
              maxLength: 10,
              options: [{ value: 'only', label: 'Only' }],
            },
            { name: 'value', label: 'Value', kind: 'text', required: true, maxLength: 10 },
          ]
        : actual.getIdentifierFields(type),
  };
});

describe('identifier form state', () => {
  it('preselects a select with a single option and leaves the others blank', () => {
    expect(initialValuesFor('single')).toEqual({ kind: 'only', value: '' });
    expect(initialValuesFor('zelle')).toEqual({ identifierType: '', identifier: '', notes: '' });
    expect(initialValuesFor('')).toEqual({});
  });

  it('maps server field paths onto form fields, first message wins', () => {
    expect(
      toFormErrors([
        { field: 'data.address', message: 'Please enter a valid email address' },
        { field: 'data.address', message: 'second' },
        { field: 'type', message: 'Invalid identifier type' },
      ]),
    ).toEqual({ address: 'Please enter a valid email address', type: 'Invalid identifier type' });
  });

  it('sends only the type’s non-blank fields', () => {
    expect(
      toInputBody('phone', { countryCode: '+44', number: '7911 123456', notes: '  ', address: 'stray' }),
    ).toEqual({
      type: 'phone',
      data: { countryCode: '+44', number: '7911 123456' },
    });
  });
});
