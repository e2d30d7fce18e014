import { describe, expect, it } from 'vitest';
import { computeConfidence } from './confidence-score';
import { runIdentifierValidators } from './validators/run-validators';
import { validatorResult } from './validators/types';

const pass = validatorResult('phone_validity', 'pass', '+44 7911 123456 is a valid number for GB');
const typePass = validatorResult('phone_type', 'pass', 'Mobile');
const fail = validatorResult('evm_eip55_checksum', 'fail', 'Checksum does not match');
const skipped = validatorResult('aba_routing_checksum', 'not_applicable', 'No routing number');

describe('computeConfidence', () => {
  it('starts from the originator trust', () => {
    expect(computeConfidence([], { type: 'team_member' }).score).toBe(0.8);
    expect(computeConfidence([], { type: 'automation' }).score).toBe(0.7);
    expect(computeConfidence([], null).score).toBe(0.3);
  });

  it('trusts community members by reputation tier', () => {
    const score = (reputation: number | null) =>
      computeConfidence([], { type: 'community_member', reputation }).score;
    expect([score(150), score(100), score(99), score(50), score(0), score(null), score(-1)]).toEqual([
      0.6, 0.6, 0.5, 0.5, 0.4, 0.4, 0.2,
    ]);
  });

  it('halves the distance to 1 for each pass', () => {
    expect(computeConfidence([pass], { type: 'team_member' }).score).toBe(0.9);
    expect(computeConfidence([pass, typePass], { type: 'team_member' }).score).toBe(0.95);
  });

  it('lets a failure outweigh passes', () => {
    expect(computeConfidence([pass, typePass, fail], { type: 'team_member' }).score).toBe(0.38);
    expect(computeConfidence([fail], { type: 'community_member', reputation: -5 }).score).toBe(0.08);
  });

  it('ignores checks that do not apply', () => {
    expect(computeConfidence([skipped], { type: 'automation' }).score).toBe(0.7);
  });

  it('explains the score', () => {
    expect(
      computeConfidence([pass, fail, skipped], { type: 'community_member', reputation: 42 }).reasons,
    ).toEqual([
      'Recorded by a community member with reputation 42 (base 0.40)',
      'Passed: Phone number validity: +44 7911 123456 is a valid number for GB',
      'Failed: EIP-55 checksum: Checksum does not match',
    ]);
    expect(computeConfidence([skipped], null).reasons).toEqual([
      'Originator unknown (base 0.30)',
      'No automated check applies to this identifier',
    ]);
  });

  it('scores a bad IBAN or a look-alike profile host below the trust of whoever recorded it', () => {
    const teamMember = { type: 'team_member' } as const;
    const scoreOf = (type: string, data: Record<string, string>) =>
      computeConfidence(runIdentifierValidators(type, data), teamMember);
    for (const accountNumber of ['DE51370400440532013000123', 'XX42 1234 5678 9012 3456']) {
      const score = scoreOf('bank_account', { bankName: 'B', accountName: 'A', accountNumber });
      expect(score.score).toBeLessThan(0.8);
      expect(score.reasons).toContainEqual(expect.stringMatching(/^Failed: IBAN checksum: /));
    }
    const profile = scoreOf('social_media', {
      platform: 'facebook',
      username: 'scam',
      profileUrl: 'https://evil.example\\@facebook.com/',
    });
    expect(profile).toMatchObject({ score: 0.32 });
    expect(profile.reasons[1]).toBe(
      'Failed: Profile URL host: evil.example is not a facebook host (expected facebook.com, fb.com, fb.me)',
    );
  });
});
