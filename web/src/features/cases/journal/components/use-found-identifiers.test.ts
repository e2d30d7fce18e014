import { describe, expect, it } from 'vitest';
import type { FoundCandidate } from '../../../../components/found-identifiers/extract-identifiers';
import {
  FOUND_EMAIL,
  FOUND_IBAN,
  FOUND_PHONE,
} from '../../../../components/found-identifiers/found-candidates-test-data';
import type { IdentifierOption } from '../api/journal-identifiers';
import { notLinked } from './use-found-identifiers';

const keys = (found: FoundCandidate[]) => found.map((candidate) => candidate.normalizedKey);

describe('identifiers found in an entry, not yet linked', () => {
  it('does not offer again the identifier on record the server named, however the entry lists it', () => {
    // FOUND_PHONE is on record as phone-1; the entry's own links carry no data, only a display value.
    const linked: IdentifierOption[] = [
      { id: 'phone-1', type: 'phone', typeLabel: 'Phone', displayValue: '+44 2079460958' },
    ];
    expect(keys(notLinked([FOUND_IBAN, FOUND_PHONE, FOUND_EMAIL], linked))).toEqual([
      FOUND_IBAN.normalizedKey,
      FOUND_EMAIL.normalizedKey,
    ]);
  });

  it('does not offer again an e-mail address or a phone linked, written in other letters or spacing', () => {
    const linked: IdentifierOption[] = [
      { id: 'e1', type: 'email', typeLabel: 'Email', displayValue: 'Fraud@Secure-Bank.example' },
      { id: 'p1', type: 'phone', typeLabel: 'Phone', displayValue: '+442079460958' },
    ];
    const unknownPhone = { ...FOUND_PHONE, existing: null };
    expect(notLinked([unknownPhone, FOUND_EMAIL], linked)).toEqual([]);
  });

  it('does not offer again a bank account linked by its number, and offers another ending alike', () => {
    const account: IdentifierOption = {
      id: 'b1',
      type: 'bank_account',
      typeLabel: 'Bank Account',
      displayValue: 'Westminster ****5432',
      // Picked in the dialog, with a routing number the text does not name.
      data: {
        bankName: 'Westminster',
        accountName: 'J Doe',
        routingNumber: '011000015',
        accountNumber: 'GB82 WEST 1234 5698 7654 32',
      },
    };
    expect(notLinked([FOUND_IBAN], [account])).toEqual([]);
    // Same last four characters, another account: its masked display alone would have hidden it.
    const another: FoundCandidate = {
      ...FOUND_IBAN,
      data: { ...FOUND_IBAN.data, accountNumber: 'GB56BUKB20201555555432' },
      normalizedKey: 'GB56BUKB20201555555432',
    };
    expect(keys(notLinked([another], [account]))).toEqual(['GB56BUKB20201555555432']);
    // An entry's own account link carries no data: offered, and saving links the one on record.
    const own = { ...account, data: undefined };
    expect(keys(notLinked([FOUND_IBAN], [own]))).toEqual([FOUND_IBAN.normalizedKey]);
  });

  it('offers what is not linked yet', () => {
    expect(keys(notLinked([FOUND_EMAIL], []))).toEqual([FOUND_EMAIL.normalizedKey]);
  });
});
