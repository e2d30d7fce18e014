import { describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@scamtrail/domain/security-events';
import { securitySummary } from '../../test/security-events';
import { securityEventDetail, securityEventTitle } from './security-event-text';

const event = (type: SecurityEvent['type'], summary: Partial<SecurityEvent['summary']> = {}) => ({
  type,
  summary: securitySummary(summary),
});

describe('securityEventTitle', () => {
  it('says how one signed in', () => {
    expect(securityEventTitle(event('session.signed_in', { method: 'password' }))).toBe(
      'Signed in with a password',
    );
    expect(securityEventTitle(event('session.signed_in', { method: 'passkey' }))).toBe(
      'Signed in with a passkey',
    );
    expect(
      securityEventTitle(event('session.signed_in', { method: 'passkey', passkeyName: 'YubiKey' })),
    ).toBe('Signed in with passkey “YubiKey”');
  });

  it('names the passkey that changed', () => {
    expect(securityEventTitle(event('passkey.added', { passkeyName: 'YubiKey' }))).toBe(
      'Passkey “YubiKey” added',
    );
    expect(securityEventTitle(event('passkey.renamed', { passkeyName: 'Laptop' }))).toBe(
      'Passkey renamed to “Laptop”',
    );
    expect(securityEventTitle(event('passkey.removed'))).toBe('Passkey removed');
  });

  it('tells sessions and device sign-ins apart', () => {
    expect(securityEventTitle(event('session.revoked'))).toBe('Session revoked');
    expect(securityEventTitle(event('device_authorization.approved'))).toBe('Device sign-in approved');
    expect(securityEventTitle(event('device_authorization.denied'))).toBe('Device sign-in denied');
    expect(securityEventTitle(event('session.device_signed_in'))).toBe('Signed in on a device');
  });

  it('tells the password and what an administrator changed of the account', () => {
    expect(securityEventTitle(event('password.changed'))).toBe('Password changed');
    expect(securityEventTitle(event('team_member.invited', { role: 'investigator' }))).toBe(
      'Account created as Investigator',
    );
    expect(securityEventTitle(event('team_member.updated', { role: 'viewer' }))).toBe(
      'Role changed to Viewer',
    );
    expect(securityEventTitle(event('team_member.updated'))).toBe('Account details changed');
    expect(securityEventTitle(event('team_member.disabled'))).toBe('Account disabled');
    expect(securityEventTitle(event('team_member.enabled'))).toBe('Account enabled');
  });
});

describe('securityEventDetail', () => {
  it('joins the device and the address it knows, and is empty when it knows neither', () => {
    expect(
      securityEventDetail(event('session.signed_in', { device: 'Chrome 131 on Linux', ip: '192.0.2.1' })),
    ).toBe('Chrome 131 on Linux · 192.0.2.1');
    expect(securityEventDetail(event('session.revoked', { ip: '192.0.2.1' }))).toBe('192.0.2.1');
    expect(securityEventDetail(event('passkey.added'))).toBe('');
  });
});
