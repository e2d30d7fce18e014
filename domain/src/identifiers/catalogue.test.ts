import { describe, expect, it } from 'vitest';
import {
  IDENTIFIER_CATALOGUE,
  IDENTIFIER_TYPE_LABELS,
  getIdentifierField,
  getIdentifierFields,
  getIdentifierTypeLabel,
} from './catalogue';
import { IDENTIFIER_TYPE_FILTER_OPTIONS, IDENTIFIER_TYPE_OPTIONS } from './type-options';
import { IDENTIFIER_TYPES } from './types';

const fieldSummary = (type: (typeof IDENTIFIER_TYPES)[number]) =>
  IDENTIFIER_CATALOGUE[type].fields.map((field) => `${field.name}${field.required ? '*' : ''}:${field.kind}`);

describe('identifier catalogue', () => {
  it('labels the seven types as the spec words them', () => {
    expect(IDENTIFIER_TYPE_LABELS).toEqual({
      email: 'Email',
      phone: 'Phone',
      bank_account: 'Bank Account',
      zelle: 'Zelle',
      crypto_wallet: 'Crypto Wallet',
      social_media: 'Social Media',
      other: 'Other',
    });
  });

  it('says "Unknown identifier type" for a type it does not know', () => {
    expect(getIdentifierTypeLabel('bank_account')).toBe('Bank Account');
    expect(getIdentifierTypeLabel('fax')).toBe('Unknown identifier type');
    expect(getIdentifierTypeLabel(undefined)).toBe('Unknown identifier type');
    expect(getIdentifierFields('fax')).toEqual([]);
  });

  it('defines the fields of spec 3, required ones starred, with notes last on every type', () => {
    expect(fieldSummary('email')).toEqual(['address*:text', 'notes:textarea']);
    expect(fieldSummary('phone')).toEqual(['countryCode*:text', 'number*:text', 'notes:textarea']);
    expect(fieldSummary('bank_account')).toEqual([
      'bankName*:text',
      'accountName*:text',
      'accountNumber*:text',
      'routingNumber:text',
      'accountType:select',
      'notes:textarea',
    ]);
    expect(fieldSummary('zelle')).toEqual(['identifierType*:select', 'identifier*:text', 'notes:textarea']);
    expect(fieldSummary('crypto_wallet')).toEqual(['network*:select', 'address*:text', 'notes:textarea']);
    expect(fieldSummary('social_media')).toEqual([
      'platform*:select',
      'username*:text',
      'profileUrl:text',
      'notes:textarea',
    ]);
    expect(fieldSummary('other')).toEqual([
      'identifierType*:text',
      'value*:text',
      'description:textarea',
      'notes:textarea',
    ]);
  });

  it('offers the select options of spec 3', () => {
    const values = (type: string, name: string) =>
      getIdentifierField(type, name)?.options?.map((o) => o.value);
    expect(values('bank_account', 'accountType')).toEqual(['checking', 'savings', 'business']);
    expect(values('zelle', 'identifierType')).toEqual(['email', 'phone']);
    expect(values('crypto_wallet', 'network')).toEqual([
      'bitcoin',
      'ethereum',
      'binance',
      'polygon',
      'solana',
      'tron',
      'other',
    ]);
    expect(values('social_media', 'platform')).toEqual([
      'facebook',
      'instagram',
      'twitter',
      'linkedin',
      'tiktok',
      'snapchat',
      'telegram',
      'whatsapp',
      'discord',
      'other',
    ]);
    expect(getIdentifierField('social_media', 'platform')?.options?.[0]).toEqual({
      value: 'facebook',
      label: 'Facebook',
    });
  });

  it('caps single-line fields at 512 characters and free text at 5000', () => {
    expect(getIdentifierField('email', 'address')?.maxLength).toBe(512);
    expect(getIdentifierField('email', 'notes')?.maxLength).toBe(5000);
    expect(getIdentifierField('other', 'description')?.maxLength).toBe(5000);
  });
});

describe('type options', () => {
  it('lists the filter dropdown in spec 2.3 order, without Other', () => {
    expect(IDENTIFIER_TYPE_FILTER_OPTIONS.map((option) => option.label)).toEqual([
      'All types',
      'Email',
      'Bank Account',
      'Zelle',
      'Crypto Wallet',
      'Phone',
      'Social Media',
    ]);
    expect(IDENTIFIER_TYPE_FILTER_OPTIONS[0].value).toBe('');
  });

  it('lets the create form choose every type, Other last', () => {
    expect(IDENTIFIER_TYPE_OPTIONS.map((option) => option.value)).toEqual([
      'email',
      'bank_account',
      'zelle',
      'crypto_wallet',
      'phone',
      'social_media',
      'other',
    ]);
  });
});
