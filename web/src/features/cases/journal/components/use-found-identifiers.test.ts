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

  it('does not offer again a bank account linked by its key, and offers another ending alike', () => {
    const account: IdentifierOption = {
      id: 'i3',
      type: 'bank_account',
      typeLabel: 'Bank Account',
      displayValue: 'Westminster ****5432',
      data: { bankName: 'Westminster', accountName: 'J Doe', accountNumber: 'GB82WEST12345698765432' },
    };
    const offered = (description: string) =>
      renderHook(() => useFoundIdentifiers(description, [...linked, account], true)).result.current.found.map(
        (item) => item.data.accountNumber,
      );
    expect(offered('Paid to GB82 WEST 1234 5698 7654 32 yesterday.')).toEqual([]);
    // Same last four characters, another account: its masked display alone would have hidden it.
    expect(offered('Then to GB56 BUKB 2020 1555 5554 32.')).toEqual(['GB56BUKB20201555555432']);
  });

  it('offers what is not linked yet', () => {
    expect(found('New address: refunds@scam.example')).toEqual(['refunds@scam.example']);
  });
});
