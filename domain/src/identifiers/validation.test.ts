import { describe, expect, it } from 'vitest';
import { IDENTIFIER_MESSAGES } from './messages';
import { validateIdentifier, validateIdentifierField } from './validation';

const messagesOf = (type: unknown, data: unknown) => validateIdentifier(type, data);
const submit = (type: string, name: string, data: Record<string, unknown>) =>
  validateIdentifierField(type, name, data, 'submit');
const blur = (type: string, name: string, data: Record<string, unknown>) =>
  validateIdentifierField(type, name, data, 'blur');

describe('choosing a type', () => {
  it('asks for a type when none is chosen', () => {
    for (const type of [undefined, null, '', '  ']) {
      expect(messagesOf(type, {})).toEqual([{ field: 'type', message: 'Please select an identifier type' }]);
    }
  });

  it('rejects a type outside the catalogue', () => {
    expect(messagesOf('fax', {})).toEqual([{ field: 'type', message: 'Invalid identifier type' }]);
    expect(messagesOf(7, {})).toEqual([{ field: 'type', message: 'Invalid identifier type' }]);
  });

  it('names the form summary message', () => {
    expect(IDENTIFIER_MESSAGES.formSummary).toBe('Please correct the errors in the form');
  });
});

describe('required fields on submit', () => {
  it.each([
    ['email', [['address', 'Email Address is required']]],
    [
      'phone',
      [
        ['countryCode', 'Country Code is required'],
        ['number', 'Phone Number is required'],
      ],
    ],
    [
      'bank_account',
      [
        ['bankName', 'Bank Name is required'],
        ['accountName', 'Account Name is required'],
        ['accountNumber', 'Account Number is required'],
      ],
    ],
    [
      'zelle',
      [
        ['identifierType', 'Identifier Type is required'],
        ['identifier', 'Zelle identifier is required'],
      ],
    ],
    [
      'crypto_wallet',
      [
        ['network', 'Network is required'],
        ['address', 'Wallet Address is required'],
      ],
    ],
    [
      'social_media',
      [
        ['platform', 'Platform is required'],
        ['username', 'Username is required'],
      ],
    ],
    [
      'other',
      [
        ['identifierType', 'Type is required'],
        ['value', 'Value is required'],
      ],
    ],
  ])('%s reports each blank required field', (type, expected) => {
    const errors = messagesOf(type, { notes: '' });
    expect(errors.map((error) => [error.field, error.message])).toEqual(expected);
    // Whitespace is blank too.
    expect(messagesOf(type, Object.fromEntries(expected.map(([field]) => [field, '   '])))).toEqual(errors);
  });

  it('does not report blank fields on blur', () => {
    expect(blur('email', 'address', { address: '' })).toBeUndefined();
    expect(blur('zelle', 'identifier', {})).toBeUndefined();
  });
});

describe('formats', () => {
  it('email: a specific message on submit, the generic one on blur', () => {
    for (const address of ['scam', 'scam@example', 'sc am@example.com', '@example.com']) {
      expect(submit('email', 'address', { address })).toBe('Please enter a valid email address');
      expect(blur('email', 'address', { address })).toBe('Invalid email address format');
    }
    expect(submit('email', 'address', { address: 'scam@example.com' })).toBeUndefined();
  });

  it('phone country code: a plus and 1-4 digits, the plus optional', () => {
    for (const countryCode of ['+1', '1', '44', '+1234']) {
      expect(submit('phone', 'countryCode', { countryCode })).toBeUndefined();
    }
    for (const countryCode of ['+12345', 'abc', '+', '++1', '+1 2']) {
      expect(submit('phone', 'countryCode', { countryCode })).toBe(
        'Country code must be 1-4 digits (e.g., +1)',
      );
      expect(blur('phone', 'countryCode', { countryCode })).toBe('Invalid country code format');
    }
  });

  it('phone number: at least 7 digits once non-digits are removed', () => {
    expect(submit('phone', 'number', { number: '555-1234' })).toBeUndefined();
    expect(submit('phone', 'number', { number: '(555) 123-4567' })).toBeUndefined();
    for (const number of ['555-123', 'call me', '1234567890123456']) {
      expect(submit('phone', 'number', { number })).toBe('Please enter a valid phone number');
      expect(blur('phone', 'number', { number })).toBe('Invalid phone number format');
    }
  });

  it('bank account number: at least 4 characters, with the generic messages', () => {
    expect(submit('bank_account', 'accountNumber', { accountNumber: '1234' })).toBeUndefined();
    for (const accountNumber of ['123', '1-2-3']) {
      expect(submit('bank_account', 'accountNumber', { accountNumber })).toBe(
        'Account Number format is invalid',
      );
      expect(blur('bank_account', 'accountNumber', { accountNumber })).toBe('Invalid account number format');
    }
  });

  it('routing number: optional, but exactly 9 digits', () => {
    expect(submit('bank_account', 'routingNumber', {})).toBeUndefined();
    expect(submit('bank_account', 'routingNumber', { routingNumber: '011000015' })).toBeUndefined();
    for (const routingNumber of ['01100001', '0110000150', '01100001a']) {
      expect(submit('bank_account', 'routingNumber', { routingNumber })).toBe(
        'Routing number must be 9 digits',
      );
      expect(blur('bank_account', 'routingNumber', { routingNumber })).toBe('Invalid routing number format');
    }
  });

  it('zelle: an e-mail identifier must be a valid e-mail, a phone one a valid phone', () => {
    expect(submit('zelle', 'identifier', { identifierType: 'email', identifier: 'nope' })).toBe(
      'Please enter a valid email address',
    );
    expect(submit('zelle', 'identifier', { identifierType: 'phone', identifier: '12345' })).toBe(
      'Please enter a valid phone number',
    );
    expect(blur('zelle', 'identifier', { identifierType: 'email', identifier: 'nope' })).toBe(
      'Invalid zelle identifier format',
    );
    expect(
      submit('zelle', 'identifier', { identifierType: 'phone', identifier: '555 123 4567' }),
    ).toBeUndefined();
    // Without a type there is nothing to check the identifier against yet.
    expect(submit('zelle', 'identifier', { identifier: 'nope' })).toBeUndefined();
  });

  it('wallet address: at least 20 characters without spaces', () => {
    expect(
      submit('crypto_wallet', 'address', { address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' }),
    ).toBeUndefined();
    for (const address of ['1BvBMSEYstWetqTFn5A', '1BvBMSEYst WetqTFn5Au4m4']) {
      expect(submit('crypto_wallet', 'address', { address })).toBe('Please enter a valid wallet address');
      expect(blur('crypto_wallet', 'address', { address })).toBe('Invalid wallet address format');
    }
  });

  it('profile URL: optional, but an http(s) link', () => {
    expect(submit('social_media', 'profileUrl', { profileUrl: 'instagram.com/scam' })).toBeUndefined();
    expect(submit('social_media', 'profileUrl', { profileUrl: 'https://x.com/scam' })).toBeUndefined();
    for (const profileUrl of ['not a url', 'javascript:alert(1)', 'ftp://x.com/a']) {
      expect(submit('social_media', 'profileUrl', { profileUrl })).toBe('Profile URL format is invalid');
      expect(blur('social_media', 'profileUrl', { profileUrl })).toBe('Invalid profile url format');
    }
  });
});

describe('limits and shapes (reachable through the API)', () => {
  it('caps single-line fields at 512 characters and notes at 5000', () => {
    expect(submit('other', 'value', { value: 'x'.repeat(512) })).toBeUndefined();
    expect(submit('other', 'value', { value: 'x'.repeat(513) })).toBe('Value must be at most 512 characters');
    expect(blur('email', 'notes', { notes: 'x'.repeat(5001) })).toBe('Notes must be at most 5000 characters');
  });

  it('rejects a select value that is not an option', () => {
    expect(submit('crypto_wallet', 'network', { network: 'dogecoin' })).toBe(
      'Network must be one of: bitcoin, ethereum, binance, polygon, solana, tron, other',
    );
  });

  it('rejects values that are not strings', () => {
    expect(submit('phone', 'number', { number: 5551234567 })).toBe('Phone Number must be text');
    expect(submit('email', 'address', { address: { $ne: '' } })).toBe('Email Address must be text');
  });

  it('ignores fields the type does not define', () => {
    expect(submit('email', 'number', { number: 'x' })).toBeUndefined();
    expect(submit('fax', 'number', { number: 'x' })).toBeUndefined();
  });

  it('treats missing data as an empty form', () => {
    expect(messagesOf('email', null)).toEqual([{ field: 'address', message: 'Email Address is required' }]);
  });
});

describe('a valid form', () => {
  it.each([
    ['email', { address: 'scam@example.com' }],
    ['phone', { countryCode: '1', number: '(555) 123-4567', notes: 'Called twice' }],
    [
      'bank_account',
      { bankName: 'Chase', accountName: 'J Doe', accountNumber: '12345678', accountType: 'checking' },
    ],
    ['zelle', { identifierType: 'email', identifier: 'pay@example.com' }],
    ['crypto_wallet', { network: 'ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
    ['social_media', { platform: 'twitter', username: '@scam' }],
    ['other', { identifierType: 'Website', value: 'scam.example', description: 'Fake shop' }],
  ])('%s has no errors', (type, data) => {
    expect(validateIdentifier(type, data)).toEqual([]);
  });
});
