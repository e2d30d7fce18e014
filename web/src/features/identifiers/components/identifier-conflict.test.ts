import { describe, expect, it } from 'vitest';
import type { IdentifierItem } from '../api/identifier-types';
import { ITEM } from '../routes/identifiers-test-setup';
import { describeIdentifierChanges, rebaseIdentifierForm } from './identifier-conflict';

const PHONE: IdentifierItem = {
  ...ITEM,
  type: 'phone',
  typeLabel: 'Phone',
  data: { countryCode: '+1', number: '5550100' },
  displayValue: '+1 5550100',
};

describe('an identifier edit moved onto the version someone else saved', () => {
  it('keeps the fields the user changed and takes the others from the current identifier', () => {
    const current = {
      ...PHONE,
      data: { countryCode: '+44', number: '5550100' },
      displayValue: '+44 5550100',
    };
    const form = { type: 'phone', values: { countryCode: '+1', number: '5550199', notes: '' } };
    expect(rebaseIdentifierForm(form, PHONE, current)).toEqual({
      type: 'phone',
      values: { countryCode: '+44', number: '5550199', notes: '' },
    });
    expect(describeIdentifierChanges(PHONE, current)).toEqual(['Value: +44 5550100']);
  });

  it('takes the type someone else gave it, with its fields, when the user kept the type', () => {
    const form = { type: 'phone', values: { countryCode: '+1', number: '5550100', notes: 'Called twice' } };
    const rebased = rebaseIdentifierForm(form, PHONE, ITEM);
    expect(rebased).toEqual({
      type: 'email',
      values: { address: 'scam@example.org', notes: 'Called twice' },
    });
    expect(describeIdentifierChanges(PHONE, ITEM)).toEqual(['Type: Email', 'Value: scam@example.org']);
  });

  it('keeps a type the user chose, with their fields', () => {
    const form = { type: 'email', values: { address: 'a@b.org', notes: '' } };
    expect(rebaseIdentifierForm(form, PHONE, { ...PHONE, data: { countryCode: '+44', number: '1' } })).toBe(
      form,
    );
  });
});
