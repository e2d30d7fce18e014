import { describe, expect, it } from 'vitest';
import {
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
