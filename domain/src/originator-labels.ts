/**
 * Originator kinds, labels and display rules with no schema behind them, so screens that only show
 * originators (the shell, badges) do not load zod. `originators.ts` re-exports all of it.
 */

/** Who or what originated a record. */
export const ORIGINATOR_TYPES = ['team_member', 'community_member', 'automation'] as const;
export type OriginatorType = (typeof ORIGINATOR_TYPES)[number];

export const ORIGINATOR_TYPE_LABELS: Record<OriginatorType, string> = {
  team_member: 'Team Member',
  community_member: 'Community Member',
  automation: 'Automation',
};

/** What a display name adds to a name, by kind; the server's SQL writes display names from it too. */
export const ORIGINATOR_DISPLAY_SUFFIXES: Record<OriginatorType, string> = {
  team_member: 'Team',
  community_member: 'Community',
  automation: 'Automation',
};

/** "{name} (Team)", "{name} (Community)", "{systemName} (Automation)". */
export function originatorDisplayName(type: OriginatorType, name: string): string {
  return `${name} (${ORIGINATOR_DISPLAY_SUFFIXES[type]})`;
}

export function originatorTypeLabel(type: OriginatorType): string {
  return ORIGINATOR_TYPE_LABELS[type];
}

export type ReputationColor = 'green' | 'blue' | 'gray' | 'red';

/** Reputation tag colour: 100 or more green, 50 or more blue, 0 or more gray, below 0 red. */
export function reputationTagColor(reputation: number): ReputationColor {
  if (Number.isNaN(reputation)) return 'gray';
  if (reputation >= 100) return 'green';
  if (reputation >= 50) return 'blue';
  if (reputation >= 0) return 'gray';
  return 'red';
}

/** Invited: never signed in; active: signed in at least once; disabled: may not sign in. */
export const TEAM_MEMBER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export const TEAM_MEMBER_STATUS_LABELS: Record<TeamMemberStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

/** Disabled wins over everything; otherwise invited until the first successful sign-in. */
export function teamMemberStatus(user: {
  disabled: boolean;
  lastLoginAt: Date | string | null;
}): TeamMemberStatus {
  if (user.disabled) return 'disabled';
  return user.lastLoginAt === null ? 'invited' : 'active';
}
