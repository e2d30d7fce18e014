import { describe, expect, it } from 'vitest';
import { decodeSegwitAddress } from './bech32';

describe('decodeSegwitAddress', () => {
  it('decodes the witness program of a BIP-173 vector', () => {
    const result = decodeSegwitAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc');
    expect(result.ok && Array.from(result.program.slice(0, 4))).toEqual([0x75, 0x1e, 0x76, 0xe8]);
    expect(result).toMatchObject({ ok: true, encoding: 'bech32', version: 0 });
  });

  it('rejects another network prefix', () => {
    expect(decodeSegwitAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'bc')).toEqual({
      ok: false,
      reason: 'Prefix "tb" is not "bc"',
    });
  });

  it('rejects characters outside the alphabet and a missing separator', () => {
    expect(decodeSegwitAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', 'bc')).toMatchObject({
      ok: false,
    });
    expect(decodeSegwitAddress('bcqar0srrr7xfkvy5l643', 'bc')).toMatchObject({ ok: false });
  });
});
