import type {
  BadgeOriginator,
  SignatureInfo,
} from '../../../components/originator-badge/originator-badge-types';

// Demo data only. The ids name no real originator, so the detail call answers 404 (or 401 when
// signed out) and the modal shows this data: the fallback of spec 8.
const demoId = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const created = { createdAt: '2025-01-14T09:30:00.000Z', updatedAt: '2025-02-03T16:45:00.000Z' };

export const DEMO_TEAM_MEMBER: BadgeOriginator = {
  id: demoId(1),
  type: 'team_member',
  name: 'Ada Lovelace',
  active: true,
  teamMember: {
    userId: demoId(11),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada.lovelace@example.org',
    role: 'investigator',
    status: 'active',
  },
  ...created,
};

export const DEMO_COMMUNITY_MEMBER: BadgeOriginator = {
  id: demoId(2),
  type: 'community_member',
  name: 'scamwatcher42',
  active: true,
  communityMember: {
    username: 'scamwatcher42',
    email: 'watcher@example.net',
    reputation: 120,
    notes: 'Reports phishing sites from the community forum.',
  },
  ...created,
};

export const DEMO_AUTOMATION: BadgeOriginator = {
  id: demoId(3),
  type: 'automation',
  name: 'Inbox Scanner',
  active: true,
  systemName: 'Inbox Scanner',
  description: 'Extracts identifiers from messages sent to the abuse inbox.',
  webhookUrl: 'https://hooks.example.org/inbox-scanner',
  lastTriggered: '2025-02-03T16:40:00.000Z',
  ...created,
};

const proxyOf = (originator: BadgeOriginator) => ({
  id: originator.id,
  type: originator.type,
  name: originator.name,
});

/** A community member's report taken by phone and entered by a team member (the proxy). */
export const DEMO_COMMUNITY_VIA_TEAM_MEMBER: BadgeOriginator = {
  ...DEMO_COMMUNITY_MEMBER,
  proxy: proxyOf(DEMO_TEAM_MEMBER),
};

/** A low-reputation reporter's forwarded e-mail, entered by the inbox scanner (the proxy). */
export const DEMO_COMMUNITY_VIA_AUTOMATION: BadgeOriginator = {
  ...DEMO_COMMUNITY_MEMBER,
  id: demoId(4),
  name: 'lowrep_reporter',
  communityMember: { ...DEMO_COMMUNITY_MEMBER.communityMember!, username: 'lowrep_reporter', reputation: -5 },
  proxy: proxyOf(DEMO_AUTOMATION),
};

export const DEMO_VALID_SIGNATURE: SignatureInfo = {
  valid: true,
  signerName: 'Ada Lovelace',
  signerEmail: 'ada.lovelace@example.org',
  passkeyName: 'Work laptop passkey',
  signedAt: '2025-02-03T16:50:00.000Z',
  signatureAlgorithm: 'ES256',
};

export const DEMO_INVALID_SIGNATURE: SignatureInfo = {
  valid: false,
  signerName: 'Ada Lovelace',
  signerEmail: 'ada.lovelace@example.org',
  signedAt: '2025-02-03T16:50:00.000Z',
  signatureAlgorithm: 'ES256',
  invalidReason: 'The entry was changed after it was signed',
};
