import type { ExtractedIdentifierCandidate } from '@scamtrail/domain/identifiers/api';

/** What `POST /api/identifiers/extract` answers for a bank's e-mail, for the web tests. */
export const BANK_EMAIL_TEXT =
  'Your transfer to IBAN GB82 WEST 1234 5698 7654 32 was flagged. Call 020 7946 0958 or write to fraud@secure-bank.example.';

export const FOUND_IBAN: ExtractedIdentifierCandidate = {
  type: 'bank_account',
  typeLabel: 'Bank Account',
  kind: 'iban',
  data: {
    bankName: 'Unknown',
    accountName: 'Unknown',
    accountNumber: 'GB82WEST12345698765432',
    notes: 'IBAN found in text',
  },
  text: 'IBAN ****5432',
  start: 22,
  end: 49,
  displayValue: 'Unknown ****5432',
  normalizedKey: 'GB82WEST12345698765432',
  reason: 'An IBAN: Valid GB IBAN check digits',
  existing: null,
};

export const FOUND_PHONE: ExtractedIdentifierCandidate = {
  type: 'phone',
  typeLabel: 'Phone',
  kind: null,
  data: { countryCode: '+44', number: '2079460958' },
  text: '020 7946 0958',
  start: 68,
  end: 81,
  displayValue: '+44 20 7946 0958',
  normalizedKey: '+442079460958',
  reason: 'A valid phone number for GB (written nationally, read for GB)',
  existing: { id: 'phone-1', displayValue: '+44 20 7946 0958' },
};

export const FOUND_EMAIL: ExtractedIdentifierCandidate = {
  type: 'email',
  typeLabel: 'Email',
  kind: null,
  data: { address: 'fraud@secure-bank.example' },
  text: 'fraud@secure-bank.example',
  start: 94,
  end: 119,
  displayValue: 'fraud@secure-bank.example',
  normalizedKey: 'fraud@secure-bank.example',
  reason: 'A well-formed e-mail address',
  existing: null,
};

export const FOUND_IN_BANK_EMAIL = { data: [FOUND_IBAN, FOUND_PHONE, FOUND_EMAIL], isTruncated: false };
