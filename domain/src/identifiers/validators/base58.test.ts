import { describe, expect, it } from 'vitest';
import { decodeBase58, decodeBase58Check } from './base58';

describe('decodeBase58', () => {
  it('decodes known values, leading 1s as zero bytes', () => {
    expect(decodeBase58('2g')).toEqual(Uint8Array.from([0x61]));
    expect(decodeBase58('11')).toEqual(Uint8Array.from([0, 0]));
    expect(decodeBase58('1112')).toEqual(Uint8Array.from([0, 0, 0, 1]));
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32));
  });

  it('rejects characters outside the alphabet', () => {
    for (const text of ['', '0', 'O', 'I', 'l', 'abc!']) expect(decodeBase58(text)).toBeUndefined();
  });
});

describe('decodeBase58Check', () => {
  it('returns the payload of a valid string', () => {
    const result = decodeBase58Check('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 25);
    expect(result.ok && result.payload.length).toBe(21);
  });

  it('explains failures', () => {
    expect(decodeBase58Check('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 25)).toEqual({
      ok: false,
      reason: 'Checksum does not match (likely a typo)',
    });
    expect(decodeBase58Check('1BvBMSEYst', 25)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/expected 25/),
    });
    expect(decodeBase58Check('0BvBMSEYst', 25)).toMatchObject({ ok: false });
  });
});
