import type { CountryCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { extractIdentifiers, isLuhnValid } from './extract';
import { buildNormalisedKey } from './normalise';

/** "type key": how a found identifier is compared, so two writings of one identifier are equal. */
const keysOf = (text: string, defaultRegion: CountryCode) =>
  extractIdentifiers(text, { defaultRegion }).map(
    (item) => `${item.type} ${buildNormalisedKey(item.type, item.data)}`,
  );

const BTC_P2PKH = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BTC_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const BTC_SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const BTC_TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EVM_KEY = EVM.toLowerCase();
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SOLANA = 'TokenkegQfeZyiNwAJbNbGqPxUr8W9yXLH8gX5gLGPL';

/**
 * Real-world-shaped texts and every identifier in them, as "type normalised-key". Each row reads the
 * text with its default region (the organisation's country). English and German.
 */
const TEXTS: readonly [text: string, region: CountryCode, expected: string[]][] = [
  // Phones of ten countries, international and national.
  ['He called from +1 (415) 555-0134 twice.', 'US', ['phone +14155550134']],
  ['Callback number 415-555-0134, ask for "Mike".', 'US', ['phone +14155550134']],
  ['The caller ID showed +44 7400 123456.', 'US', ['phone +447400123456']],
  ['Ring 07400 123456 after six.', 'GB', ['phone +447400123456']],
  ['Der Anrufer nutzte +49 151 23456789.', 'US', ['phone +4915123456789']],
  ['Er meldete sich unter 0151 23456789 und wollte Geld.', 'DE', ['phone +4915123456789']],
  ['Appel reçu du +33 6 12 34 56 78 hier soir.', 'US', ['phone +33612345678']],
  ['Messages from +34 612 34 56 78 on WhatsApp.', 'US', ['phone +34612345678']],
  ['The "investment adviser" used +39 312 345 6789.', 'US', ['phone +393123456789']],
  ['SMS from +31 6 12345678 with a parcel link.', 'US', ['phone +31612345678']],
  ['Number in the chat: +91 98765 43210.', 'US', ['phone +919876543210']],
  ['Pix contact +55 11 91234-5678.', 'US', ['phone +5511912345678']],
  ['Voicemail left by +61 412 345 678.', 'US', ['phone +61412345678']],
  ['The romance contact texted from +234 803 123 4567.', 'US', ['phone +2348031234567']],
  ['Two numbers: +1 415 555 0134 and +44 7400 123456.', 'US', ['phone +14155550134', 'phone +447400123456']],
  ['Same number twice: (415) 555-0134, then 415.555.0134.', 'US', ['phone +14155550134']],
  // Numbers written with their country code that the identifier form takes, assigned or not.
  ['Caller ID showed +1 202 555 0143.', 'GB', ['phone +12025550143']],
  ['Spoofed caller ID +1 555 555 0143, twice.', 'US', ['phone +15555550143']],
  ['Phone no. +1 202 555 0143, ask for Ben.', 'US', ['phone +12025550143']],
  // Written nationally, a number must be valid for the region: 555 is no area code.
  ['Call 555-555-0143 back.', 'US', []],
  // IBANs of ten countries, with and without spaces.
  ['Wire went to IBAN GB82 WEST 1234 5698 7654 32', 'GB', ['bank_account GB82WEST12345698765432']],
  ['Wire went to GB82WEST12345698765432 yesterday.', 'GB', ['bank_account GB82WEST12345698765432']],
  [
    'Überweisung an DE89 3704 0044 0532 0130 00 (Kontoinhaber unbekannt).',
    'DE',
    ['bank_account DE89370400440532013000'],
  ],
  ['Überweisung an DE89370400440532013000.', 'DE', ['bank_account DE89370400440532013000']],
  ['Virement vers FR14 2004 1010 0505 0001 3M02 606.', 'FR', ['bank_account FR1420041010050500013M02606']],
  ['Paid to NL91ABNA0417164300 as "fees".', 'NL', ['bank_account NL91ABNA0417164300']],
  ['Paid to NL91 ABNA 0417 1643 00 as "tax".', 'NL', ['bank_account NL91ABNA0417164300']],
  ['Account ES91 2100 0418 4502 0005 1332 in Madrid.', 'ES', ['bank_account ES9121000418450200051332']],
  ['Conto IT60X0542811101000000123456.', 'IT', ['bank_account IT60X0542811101000000123456']],
  ['Konto AT61 1904 3002 3457 3201, Empfänger Fa. Müller.', 'AT', ['bank_account AT611904300234573201']],
  ['Account BE68 5390 0754 7034, reference 2024-118.', 'BE', ['bank_account BE68539007547034']],
  ['Przelew na PL61 1090 1014 0000 0712 1981 2874.', 'PL', ['bank_account PL61109010140000071219812874']],
  ['CH93 0076 2011 6238 5295 7 is the Swiss account.', 'CH', ['bank_account CH9300762011623852957']],
  [
    'Reference IE29AIBK93115212345678, then again IE29 AIBK 9311 5212 3456 78.',
    'IE',
    ['bank_account IE29AIBK93115212345678'],
  ],
  // Wallets of every network the catalogue names (not "other", which has no address format).
  [`Send BTC to ${BTC_P2PKH} only.`, 'US', [`crypto_wallet bitcoin:${BTC_P2PKH}`]],
  [`Old multisig ${BTC_P2SH}.`, 'US', [`crypto_wallet bitcoin:${BTC_P2SH}`]],
  [`Deposit address: ${BTC_SEGWIT}`, 'US', [`crypto_wallet bitcoin:${BTC_SEGWIT}`]],
  [`Taproot: ${BTC_TAPROOT}.`, 'US', [`crypto_wallet bitcoin:${BTC_TAPROOT}`]],
  [`ETH wallet ${EVM}`, 'US', [`crypto_wallet ethereum:${EVM_KEY}`]],
  [`USDT (BEP20) to ${EVM}`, 'US', [`crypto_wallet binance:${EVM_KEY}`]],
  [`Polygon address ${EVM.toLowerCase()}`, 'US', [`crypto_wallet polygon:${EVM_KEY}`]],
  [`USDT TRC20: ${TRON}`, 'US', [`crypto_wallet tron:${TRON}`]],
  [`SOL an ${SOLANA} gesendet.`, 'DE', [`crypto_wallet solana:${SOLANA}`]],
  // E-mails, links, domains and handles.
  ['Mail from refunds@secure-paypa1.com asking for a code.', 'US', ['email refunds@secure-paypa1.com']],
  ['Antwort an <support.team@kundendienst-hilfe.de>.', 'DE', ['email support.team@kundendienst-hilfe.de']],
  [
    'Login page at https://secure-login.example.com/verify?id=7.',
    'US',
    ['other website:https://secure-login.example.com/verify?id=7'],
  ],
  [
    'The shop www.cheap-rolex-outlet.shop took the money.',
    'US',
    ['other website:www.cheap-rolex-outlet.shop'],
  ],
  ['He sent people to crypto-yield.finance for "staking".', 'US', ['other domain:crypto-yield.finance']],
  ['Profile: https://www.instagram.com/forex.queen/', 'US', ['social_media instagram:forex.queen']],
  ['He is on Telegram @crypto_guru_official.', 'US', ['social_media telegram:crypto_guru_official']],
  ['Instagram account: @luxury.trader', 'US', ['social_media instagram:luxury.trader']],
  ['Kontakt über @anlage_profi auf Telegram.', 'DE', ['social_media telegram:anlage_profi']],
  ['Card used: 4111 1111 1111 1111, expiry 09/27.', 'US', ['bank_account 4111111111111111']],
  ['Amex 3782 822463 10005 was charged.', 'US', ['bank_account 378282246310005']],
  ['Charged to 5555555555554444 at 14:02.', 'US', ['bank_account 5555555555554444']],
  // Mixed texts.
  [
    `Victim paid €4,500 to ${BTC_SEGWIT} after a call from +44 7400 123456; scammer mail: a.b@fx-profit.io.`,
    'GB',
    [`crypto_wallet bitcoin:${BTC_SEGWIT}`, 'phone +447400123456', 'email a.b@fx-profit.io'],
  ],
  [
    'Am 03.05.2024 überwies das Opfer 2.500,00 € an DE89 3704 0044 0532 0130 00; Rückruf unter 0151 23456789.',
    'DE',
    ['bank_account DE89370400440532013000', 'phone +4915123456789'],
  ],
  // Hostile: nothing in these is an identifier, or only the larger thing is.
  [
    'Digits inside an IBAN: GB82 WEST 1234 5698 7654 32 is not a phone.',
    'GB',
    ['bank_account GB82WEST12345698765432'],
  ],
  [
    `Explorer link https://etherscan.io/address/${EVM} shows the wallet.`,
    'US',
    [`other website:https://etherscan.io/address/${EVM_KEY}`],
  ],
  [
    'Reset link https://example.com/reset?user=victim@mail.com was sent.',
    'US',
    ['other website:https://example.com/reset?user=victim@mail.com'],
  ],
  ['The call was on 2024-05-01 at 14:30, again on 05/01/2024 and 1.5.2024.', 'US', []],
  ['Total loss: $12,500.00 (USD 12500), plus EUR 1.234.567,89 in fees.', 'US', []],
  ['Case #2024-000123 and ticket 2024-0451-7788 refer to the same victim.', 'US', []],
  ['Aktenzeichen 12 Js 3456/24, Schaden 15.000 €.', 'DE', []],
  ['Order 1234567890123 was never delivered.', 'US', []],
  ['Wrong length: DE51370400440532013000123, unknown country XX42 1234 5678 9012 3456.', 'DE', []],
  [
    'Typo wallets: 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3 and 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd.',
    'US',
    [],
  ],
  ['Not a card: 4111 1111 1111 1112. Version 1.2.3 of invoice.pdf, e.g. this one.', 'US', []],
  ['No contact details were given at all.', 'US', []],
  [
    'Digits inside a wallet: 0x52908400098527886E0F7030069857D2E4169EE7 is no card or phone.',
    'US',
    ['crypto_wallet ethereum:0x52908400098527886e0f7030069857d2e4169ee7'],
  ],
];

describe('extractIdentifiers', () => {
  it(`reads ${TEXTS.length} real-world-shaped texts with no false positive and nothing missed`, () => {
    expect(TEXTS.length).toBeGreaterThanOrEqual(60);
    const falsePositives: string[] = [];
    const missed: string[] = [];
    for (const [text, region, expected] of TEXTS) {
      const found = keysOf(text, region);
      falsePositives.push(
        ...found.filter((key) => !expected.includes(key)).map((key) => `${key} in "${text}"`),
      );
      missed.push(...expected.filter((key) => !found.includes(key)).map((key) => `${key} in "${text}"`));
    }
    expect(falsePositives).toEqual([]);
    expect(missed).toEqual([]);
  });

  it.each(TEXTS)('%s', (text, region, expected) => {
    expect(keysOf(text, region)).toEqual(expected);
  });

  it('says where each identifier is written and why it was recognised', () => {
    const text = 'Wire went to IBAN GB82 WEST 1234 5698 7654 32, then call +44 7400 123456.';
    expect(extractIdentifiers(text, { defaultRegion: 'GB' })).toEqual([
      {
        type: 'bank_account',
        kind: 'iban',
        data: { accountNumber: 'GB82WEST12345698765432' },
        text: 'GB82 WEST 1234 5698 7654 32',
        start: 18,
        end: 45,
        reason: 'An IBAN: Valid GB IBAN check digits',
      },
      {
        type: 'phone',
        data: { countryCode: '+44', number: '7400123456' },
        text: '+44 7400 123456',
        start: 57,
        end: 72,
        reason: 'A valid phone number for GB (written internationally)',
      },
    ]);
  });

  it('offers a number written with its country code that the form would take, valid or not', () => {
    expect(extractIdentifiers('Call +1 555 555 0143', { defaultRegion: 'US' })).toEqual([
      expect.objectContaining({
        data: { countryCode: '+1', number: '5555550143' },
        text: '+1 555 555 0143',
        reason:
          'A phone number of a possible length for +1, not known to be assigned (written internationally)',
      }),
    ]);
    // Too short for its country: not a number anyone could dial.
    expect(keysOf('Call +1 555 0143', 'US')).toEqual([]);
  });

  it('reads a national number by the default region', () => {
    expect(keysOf('Call 0151 23456789', 'DE')).toEqual(['phone +4915123456789']);
    expect(keysOf('Call 415-555-0134', 'GB')).toEqual([]);
  });
});

describe('isLuhnValid', () => {
  it('checks the mod-10 check digit', () => {
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });
});
