import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IdentifierOption } from '../api/journal-identifiers';
import { useFoundIdentifiers } from './use-found-identifiers';

const linked: IdentifierOption[] = [
  { id: 'i1', type: 'email', typeLabel: 'Email', displayValue: 'jmiller.un@protonmail.com' },
  { id: 'i2', type: 'phone', typeLabel: 'Phone', displayValue: '+44 7400 123456' },
];

const found = (description: string) =>
  renderHook(() => useFoundIdentifiers(description, linked, true)).result.current.found.map(
    (item) => item.displayValue,
  );

describe('identifiers found in an entry, not yet linked', () => {
  it('does not offer again an e-mail address already linked, written in other letters', () => {
    expect(found('Wrote to JMiller.UN@protonmail.com again.')).toEqual([]);
  });

  it('does not offer again a phone number already linked, written with other spacing', () => {
    expect(found('He called from +447400123456.')).toEqual([]);
  });

  it('offers what is not linked yet', () => {
    expect(found('New address: refunds@scam.example')).toEqual(['refunds@scam.example']);
  });
});
