import { describe, expect, it } from 'vitest';
import {
  adjustReputationBodySchema,
  createCommunityMemberBodySchema,
  originatorDisplayName,
  originatorTypeLabel,
  reputationTagColor,
  teamMemberStatus,
} from './originators';

describe('originator display', () => {
  it('suffixes the name by type', () => {
    expect(originatorDisplayName('team_member', 'Ada Lovelace')).toBe('Ada Lovelace (Team)');
    expect(originatorDisplayName('community_member', 'tipster42')).toBe('tipster42 (Community)');
    expect(originatorDisplayName('automation', 'Phish Feed')).toBe('Phish Feed (Automation)');
  });

  it('labels the types', () => {
    expect(originatorTypeLabel('team_member')).toBe('Team Member');
    expect(originatorTypeLabel('community_member')).toBe('Community Member');
    expect(originatorTypeLabel('automation')).toBe('Automation');
  });
});

describe('reputation tag colour', () => {
  it.each([
    [1000, 'green'],
    [100, 'green'],
    [99, 'blue'],
    [50, 'blue'],
    [49, 'gray'],
    [0, 'gray'],
    [-1, 'red'],
    [-500, 'red'],
  ])('%i is %s', (reputation, colour) => {
    expect(reputationTagColor(reputation)).toBe(colour);
  });
});

describe('community member form', () => {
  it('defaults reputation to 0 and trims the username', () => {
    expect(createCommunityMemberBodySchema.parse({ username: '  tipster ' })).toEqual({
      username: 'tipster',
      reputation: 0,
    });
  });

  it('says which field is wrong', () => {
    const result = createCommunityMemberBodySchema.safeParse({ username: '', email: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', 'Username is required'],
      ['email', 'Please enter a valid email address'],
    ]);
  });
});

/** The messages of a failed parse, by field. */
function messagesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('reputation', () => {
  it.each([
    [99_999_999, 'Initial reputation must be between -1,000,000 and 1,000,000'],
    [-2_000_000, 'Initial reputation must be between -1,000,000 and 1,000,000'],
    [12.5, 'Initial reputation must be a whole number'],
    ['10', 'Initial reputation must be a whole number'],
  ])('refuses an initial reputation of %j: "%s"', (reputation, message) => {
    const result = createCommunityMemberBodySchema.safeParse({ username: 'tipster', reputation });
    expect(messagesOf(result)).toEqual([['reputation', message]]);
  });

  it('accepts the limits themselves', () => {
    for (const reputation of [-1_000_000, 1_000_000]) {
      expect(createCommunityMemberBodySchema.parse({ username: 'tipster', reputation }).reputation).toBe(
        reputation,
      );
    }
  });

  it.each([
    [0, 'Change must not be 0'],
    [5000, 'Change must be between -1,000 and 1,000'],
    [-1001, 'Change must be between -1,000 and 1,000'],
    [2.5, 'Change must be a whole number'],
  ])('refuses a change of %j: "%s"', (delta, message) => {
    const result = adjustReputationBodySchema.safeParse({ delta, reason: 'Confirmed report' });
    expect(messagesOf(result)).toEqual([['delta', message]]);
  });
});

describe('team member status', () => {
  const signedIn = '2026-02-10T15:30:00.000Z';
  it.each([
    [false, null, 'invited'],
    [false, signedIn, 'active'],
    [true, null, 'disabled'],
    [true, signedIn, 'disabled'],
  ] as const)('disabled %s, last sign-in %s: %s', (disabled, lastLoginAt, status) => {
    expect(teamMemberStatus({ disabled, lastLoginAt })).toBe(status);
  });
});
