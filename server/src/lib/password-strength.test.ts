import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomToken } from './tokens';
import { passwordWeakness } from './password-strength';

describe('passwordWeakness', () => {
  it.each([
    ['1234567890', 'This is a frequently used password'],
    ['password12', 'This is a commonly used password'],
    ['aaaaaaaaaa', 'Repeated characters like "aaa" are easy to guess'],
    ['qwertyuiop', 'This is a frequently used password'],
    ['abcdefghijkl', undefined],
    ['Password2024', undefined],
  ])('refuses %j', (password, reason) => {
    const weakness = passwordWeakness(password, 'New password');
    expect(weakness).toMatch(/^New password is too easy to guess/);
    if (reason) expect(weakness).toContain(reason);
  });

  it('accepts a phrase of uncommon words and a generated password', () => {
    expect(passwordWeakness('amber kettle orbit')).toBeUndefined();
    expect(passwordWeakness('correct horse battery')).toBeUndefined();
    expect(passwordWeakness(randomBytes(12).toString('base64url'))).toBeUndefined();
    // What the first administrator gets when ADMIN_PASSWORD is not set (bootstrap.ts).
    for (let i = 0; i < 20; i++) expect(passwordWeakness(randomToken(15))).toBeUndefined();
  });

  it('judges a long password by its start, so the estimate stays short', () => {
    expect(passwordWeakness('a'.repeat(64) + randomBytes(12).toString('base64url'))).toBeDefined();
    expect(passwordWeakness(randomBytes(12).toString('base64url') + 'a'.repeat(200))).toBeUndefined();
  });
});
