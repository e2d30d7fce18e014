import { ROLE_LABELS } from '@scamtrail/domain/permissions';
import type { SecurityEvent } from '@scamtrail/domain/security-events';

const quoted = (name: string) => `“${name}”`;

/** What happened, in plain words: "Signed in with a passkey", "Passkey “YubiKey” added". */
export function securityEventTitle(event: Pick<SecurityEvent, 'type' | 'summary'>): string {
  const { method, passkeyName, role } = event.summary;
  switch (event.type) {
    case 'session.signed_in':
      if (method === 'passkey') {
        return passkeyName ? `Signed in with passkey ${quoted(passkeyName)}` : 'Signed in with a passkey';
      }
      return method === 'password' ? 'Signed in with a password' : 'Signed in';
    case 'session.revoked':
      return 'Session revoked';
    case 'session.device_signed_in':
      return 'Signed in on a device';
    case 'session.refresh_token_reused':
      return 'Device signed out: its sign-in was used twice';
    case 'passkey.added':
      return passkeyName ? `Passkey ${quoted(passkeyName)} added` : 'Passkey added';
    case 'passkey.renamed':
      return passkeyName ? `Passkey renamed to ${quoted(passkeyName)}` : 'Passkey renamed';
    case 'passkey.removed':
      return passkeyName ? `Passkey ${quoted(passkeyName)} removed` : 'Passkey removed';
    case 'device_authorization.approved':
      return 'Device sign-in approved';
    case 'device_authorization.denied':
      return 'Device sign-in denied';
    case 'password.changed':
      return 'Password changed';
    case 'team_member.invited':
      return role ? `Account created as ${ROLE_LABELS[role]}` : 'Account created';
    case 'team_member.updated':
      return role ? `Role changed to ${ROLE_LABELS[role]}` : 'Account details changed';
    case 'team_member.disabled':
      return 'Account disabled';
    case 'team_member.enabled':
      return 'Account enabled';
  }
}

/** Where it came from: the device and the address, as far as the event tells them. */
export function securityEventDetail(event: Pick<SecurityEvent, 'summary'>): string {
  const { device, ip } = event.summary;
  return [device, ip].filter(Boolean).join(' · ');
}
