import { describe, expect, it } from 'vitest';
import { validateBitcoinAddress } from './bitcoin';

const outcomes = (address: string) =>
  Object.fromEntries(validateBitcoinAddress(address).map((result) => [result.name, result.outcome]));

describe('validateBitcoinAddress', () => {
  it('passes base58check P2PKH and P2SH addresses', () => {
    for (const address of ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy']) {
      expect(outcomes(address)).toEqual({ bitcoin_base58check: 'pass', bitcoin_bech32: 'not_applicable' });
    }
  });

  it('fails a base58 address with one character changed', () => {
    expect(outcomes('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3').bitcoin_base58check).toBe('fail');
    expect(outcomes('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz').bitcoin_base58check).toBe('fail');
  });

  it('fails a valid base58check string that is not a mainnet address (testnet version 0x6f)', () => {
    const [result] = validateBitcoinAddress('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn');
    expect(result).toMatchObject({ outcome: 'fail', detail: expect.stringMatching(/0x6f/) });
  });

  it('passes bech32 (v0) and bech32m (v1, taproot) addresses in either case', () => {
    for (const address of [
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ]) {
      expect(outcomes(address)).toEqual({ bitcoin_base58check: 'not_applicable', bitcoin_bech32: 'pass' });
    }
    expect(
      validateBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')[1].detail,
    ).toBe('Valid bech32m segwit version 1 address');
  });

  it('fails bech32 addresses with a bad checksum, mixed case, the wrong prefix or the wrong constant', () => {
    for (const address of [
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwF5mdq',
      // BIP-350: a v1 program with a bech32 checksum, and a v0 program with a bech32m one.
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
    ]) {
      expect(outcomes(address).bitcoin_bech32).toBe('fail');
    }
    expect(validateBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwF5mdq')[1].detail).toBe(
      'Mixes upper and lower case',
    );
  });
});
