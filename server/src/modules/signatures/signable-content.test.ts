import { describe, expect, it } from 'vitest';
import { canonicalJson } from './bundle-verifier';
import { chainedCanonicalJson, chainedContent, type SignableEntry } from './signable-content';

const base: SignableEntry = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  caseId: '6f1c2d3e-0000-4000-8000-0000000000aa',
  type: 'note',
  description: 'Called the number back',
  performedAt: new Date('2026-11-29T10:11:12.345Z'),
  originatorId: '6f1c2d3e-0000-4000-8000-0000000000bb',
  proxyOriginatorId: null,
  isNullified: false,
  nullifiedReason: null,
  nullifiedAt: null,
  nullifiedByOriginatorId: null,
  identifierIds: [],
  evidence: [],
};

const entries: [string, SignableEntry][] = [
  ['a plain note', base],
  ['no case', { ...base, caseId: null }],
  [
    'text JSON escapes and beyond ASCII',
    {
      ...base,
      description: 'Quote " backslash \\ tab \t newline \n nul \u0000 é 电话 😀 lone \ud800 end \u2028',
    },
  ],
  [
    'identifiers and evidence out of order, a missing hash',
    {
      ...base,
      identifierIds: [
        'ffff0000-0000-4000-8000-000000000000',
        '0000ffff-0000-4000-8000-000000000000',
        'A-upper',
      ],
      evidence: [
        { id: 'c0000000-0000-4000-8000-000000000000', sha256: 'ab'.repeat(32) },
        { id: '10000000-0000-4000-8000-000000000000', sha256: null },
      ],
    },
  ],
  [
    'removed, recorded for someone else',
    {
      ...base,
      proxyOriginatorId: '6f1c2d3e-0000-4000-8000-0000000000cc',
      isNullified: true,
      nullifiedReason: 'Entered in the wrong case',
      nullifiedAt: new Date('2026-11-30T00:00:00.000Z'),
      nullifiedByOriginatorId: '6f1c2d3e-0000-4000-8000-0000000000dd',
    },
  ],
  ['an empty description', { ...base, description: '' }],
];

describe('chainedCanonicalJson', () => {
  it.each(entries)('writes what canonicalJson(chainedContent(...)) writes: %s', (_, entry) => {
    const expected = canonicalJson(chainedContent(entry));
    expect(chainedCanonicalJson(entry)).toBe(expected);
    expect(JSON.parse(chainedCanonicalJson(entry))).toEqual(chainedContent(entry));
  });

  it('leaves out a member whose value is undefined, as RFC 8785 does', () => {
    const entry = { ...base, proxyOriginatorId: undefined } as unknown as SignableEntry;
    expect(chainedCanonicalJson(entry)).toBe(canonicalJson(chainedContent(entry)));
    expect(chainedCanonicalJson(entry)).not.toContain('proxyOriginatorId');
  });

  it('does not sort the entry it is given', () => {
    const identifierIds = ['b', 'a'];
    const evidence = [
      { id: 'b', sha256: null },
      { id: 'a', sha256: null },
    ];
    chainedCanonicalJson({ ...base, identifierIds, evidence });
    expect(identifierIds).toEqual(['b', 'a']);
    expect(evidence.map((e) => e.id)).toEqual(['b', 'a']);
  });
});
