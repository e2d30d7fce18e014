import { describe, expect, it } from 'vitest';
import {
  countryName,
  describeCryptoAddress,
  enrichCard,
  enrichIban,
  enrichIdentifier,
  enrichPhone,
} from './enrichment';
import { runIdentifierValidators } from './validators/run-validators';

describe('phone enrichment (libphonenumber-js full metadata)', () => {
  it.each([
    ['+44', '20 7946 0958', 'GB', 'FIXED_LINE'],
    ['+44', '7400 123456', 'GB', 'MOBILE'],
    ['+44', '0871 123 4567', 'GB', 'PREMIUM_RATE'],
    ['+44', '056 1234 5678', 'GB', 'VOIP'],
    ['+1', '415 555 0134', 'US', 'FIXED_LINE_OR_MOBILE'],
    ['+1', '800 555 0199', 'US', 'TOLL_FREE'],
    ['+1', '900 555 0199', 'US', 'PREMIUM_RATE'],
    ['+1', '876 555 0123', 'JM', 'MOBILE'],
    ['+49', '030 123456', 'DE', 'FIXED_LINE'],
    ['+33', '6 12 34 56 78', 'FR', 'MOBILE'],
    // Dialled abroad with the 00 prefix: the UK number, not a US one.
    ['+1', '0044 20 7946 0958', 'GB', 'FIXED_LINE'],
  ])('%s %s is in %s, %s', (code, number, country, lineType) => {
    expect(enrichPhone(code, number)).toMatchObject({ country, lineType, valid: true });
  });

  it('knows no line type for an invalid number, and nothing for an unknown calling code', () => {
    expect(enrichPhone('+44', '07700 900123')).toMatchObject({ valid: false, lineType: undefined });
    expect(enrichPhone('+999', '123')).toBeUndefined();
  });

  it('names countries in English with their code', () => {
    expect(countryName('GB')).toBe('United Kingdom (GB)');
    expect(countryName('DE')).toBe('Germany (DE)');
  });
});

describe('IBAN enrichment (BBAN structure, ibantools)', () => {
  it.each([
    ['GB82 WEST 1234 5698 7654 32', { country: 'GB', bankCode: 'WEST', branchCode: '123456', sepa: true }],
    ['DE89370400440532013000', { country: 'DE', bankCode: '37040044', accountNumber: '0532013000' }],
    ['FR14 2004 1010 0505 0001 3M02 606', { country: 'FR', bankCode: '20041', branchCode: '01005' }],
    ['NL91ABNA0417164300', { country: 'NL', bankCode: 'ABNA', accountNumber: '0417164300' }],
    ['CH9300762011623852957', { country: 'CH', bankCode: '00762' }],
  ])('%s', (iban, expected) => {
    expect(enrichIban(iban)).toMatchObject(expected);
  });

  it.each(['DE51370400440532013000123', 'XX42123456789012345', '12345678', 'GB82WEST12345698765433'])(
    'tells nothing of %s, which is no valid IBAN',
    (value) => expect(enrichIban(value)).toBeUndefined(),
  );
});

describe('card enrichment (IIN table)', () => {
  it.each([
    ['4111 1111 1111 1111', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6011111111111117', 'Discover'],
    ['3530111333300000', 'JCB'],
    ['30569309025904', 'Diners Club'],
    ['6200000000000005', 'UnionPay'],
    ['2200000000000004', 'Mir'],
    ['6759649826438453', 'Maestro'],
  ])('%s is %s', (number, scheme) => {
    expect(enrichCard(number)?.scheme).toBe(scheme);
  });

  it.each(['4111111111111112', '1234567812345678', '411111111111', '4111-1111'])(
    'tells nothing of %s (Luhn, range or length)',
    (number) => expect(enrichCard(number)).toBeUndefined(),
  );
});

describe('crypto address enrichment (format and checksum)', () => {
  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bitcoin', 'Legacy (P2PKH)'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bitcoin', 'Script hash (P2SH)'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bitcoin', 'Native segwit (P2WPKH)'],
    ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'bitcoin', 'Native segwit (P2WSH)'],
    ['bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'bitcoin', 'Taproot (P2TR)'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'evm', 'EVM account (EIP-55 mixed case)'],
    ['0xde709f2102306220921060314715629080e2fb77', 'evm', 'EVM account (single case, no checksum)'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tron', 'TRON account (base58check)'],
    ['So11111111111111111111111111111111111111112', 'solana', 'Solana account (32-byte public key)'],
    ['LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1', 'litecoin', 'Legacy (P2PKH)'],
  ])('%s is %s, %s', (address, network, format) => {
    expect(describeCryptoAddress(address)).toMatchObject({ network, format });
  });

  it.each(['hello', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'])(
    'recognises nothing in %s (a bad checksum included)',
    (address) => expect(describeCryptoAddress(address)).toBeUndefined(),
  );
});

describe('enrichment of an identifier, and its use in the confidence', () => {
  it('lists the facts the detail shows', () => {
    expect(enrichIdentifier('phone', { countryCode: '+44', number: '20 7946 0958' })).toEqual([
      { label: 'Country', value: 'United Kingdom (GB)' },
      { label: 'Line type', value: 'Fixed line' },
    ]);
    expect(enrichIdentifier('bank_account', { accountNumber: 'GB82 WEST 1234 5698 7654 32' })).toEqual([
      { label: 'IBAN country', value: 'United Kingdom (GB)' },
      { label: 'Bank code', value: 'WEST' },
      { label: 'Branch code', value: '123456' },
      { label: 'SEPA', value: 'Yes' },
    ]);
    expect(enrichIdentifier('bank_account', { accountNumber: '4111111111111111' })).toEqual([
      { label: 'Card scheme', value: 'Visa' },
      { label: 'IIN', value: '411111' },
    ]);
    expect(
      enrichIdentifier('crypto_wallet', {
        network: 'bitcoin',
        address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
      }),
    ).toEqual([
      { label: 'Address network', value: 'Bitcoin' },
      { label: 'Address format', value: 'Taproot (P2TR)' },
    ]);
    expect(enrichIdentifier('zelle', { identifierType: 'phone', identifier: '+1 800 555 0199' })).toEqual([
      { label: 'Country', value: 'United States (US)' },
      { label: 'Line type', value: 'Toll-free' },
    ]);
    expect(enrichIdentifier('email', { address: 'a@example.com' })).toEqual([]);
  });

  it('passes a card of a known scheme, and fails an address of another network than recorded', () => {
    const card = runIdentifierValidators('bank_account', { accountNumber: '378282246310005' });
    expect(card.find((r) => r.name === 'card_scheme')).toMatchObject({
      outcome: 'pass',
      detail: 'A 15-digit American Express card number (IIN 378282)',
    });
    const tronAsBitcoin = runIdentifierValidators('crypto_wallet', {
      network: 'bitcoin',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(tronAsBitcoin.find((r) => r.name === 'crypto_address_format')).toMatchObject({
      outcome: 'fail',
      detail: 'TRON account (base58check), a tron address, not a bitcoin one',
    });
    const onOther = runIdentifierValidators('crypto_wallet', {
      network: 'other',
      address: 'LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1',
    });
    expect(onOther.find((r) => r.name === 'crypto_address_format')?.outcome).toBe('pass');
    // A plain account number is no card: nothing is added.
    const plain = runIdentifierValidators('bank_account', { accountNumber: '12345678' });
    expect(plain.map((r) => r.name)).toEqual(['aba_routing_checksum', 'iban_checksum']);
  });
});
