import { ROLE_LABELS, type Role } from '@scamtrail/domain/permissions';
import {
  originatorDisplayName,
  originatorTypeLabel,
  TEAM_MEMBER_STATUS_LABELS,
  type TeamMemberStatus,
} from '@scamtrail/domain/originator-labels';
import { EMPTY_CELL, formatDateTime } from '../../lib/format';
import { webhookUrlText } from '../../lib/webhook-url';
import type { BadgeOriginator, BadgeOriginatorRef } from './originator-badge-types';

export interface OriginatorField {
  /** The field's path in the originator (`teamMember.email`), stable for tests and rendering. */
  key: string;
  label: string;
  value: string;
  /** Set for the community reputation, drawn as a coloured tag. */
  reputation?: number;
}

export function displayNameOf(originator: BadgeOriginatorRef): string {
  return originator.displayName || originatorDisplayName(originator.type, originator.name);
}

function text(value: string | null | undefined, fallback = EMPTY_CELL): string {
  return value ? value : fallback;
}

/**
 * The type-specific information of spec 2.4 and the paths it covers. `canEditAutomations`: the caller
 * may edit automations, and so reads an automation's webhook URL in full; others get its origin alone,
 * shown with a note saying so.
 */
export function typeFields(originator: BadgeOriginator, canEditAutomations = false): OriginatorField[] {
  const fields: OriginatorField[] = [
    { key: 'type', label: 'Type', value: originatorTypeLabel(originator.type) },
  ];
  if (originator.type === 'team_member') {
    const member = originator.teamMember;
    const name = member ? `${member.firstName} ${member.lastName}`.trim() : originator.name;
    fields.push({ key: 'teamMember.name', label: 'Name', value: text(name) });
    // E-mail and role reach only callers allowed to see them (team_member.view): show what came.
    if (!member || member.email !== undefined) {
      fields.push({ key: 'teamMember.email', label: 'Email', value: text(member?.email) });
    }
    if (!member || member.role !== undefined) {
      fields.push({
        key: 'teamMember.role',
        label: 'Role',
        value: member?.role ? (ROLE_LABELS[member.role as Role] ?? member.role) : EMPTY_CELL,
      });
    }
  } else if (originator.type === 'community_member') {
    const member = originator.communityMember;
    fields.push(
      {
        key: 'communityMember.username',
        label: 'Username',
        value: text(member?.username ?? originator.name),
      },
      { key: 'communityMember.email', label: 'Email', value: text(member?.email) },
    );
    if (member) {
      fields.push({
        key: 'communityMember.reputation',
        label: 'Reputation',
        value: String(member.reputation),
        reputation: member.reputation,
      });
    } else {
      fields.push({ key: 'communityMember.reputation', label: 'Reputation', value: EMPTY_CELL });
    }
  } else {
    fields.push(
      { key: 'systemName', label: 'System name', value: text(originator.systemName ?? originator.name) },
      { key: 'description', label: 'Description', value: text(originator.description) },
      {
        key: 'webhookUrl',
        label: 'Webhook URL',
        value: webhookUrlText(originator.webhookUrl ?? null, canEditAutomations),
      },
      {
        key: 'lastTriggered',
        label: 'Last triggered',
        value: formatDateTime(originator.lastTriggered, 'Never'),
      },
    );
  }
  return fields;
}

/** Paths shown elsewhere in the modal (the heading, the type fields and the proxy section). */
const ALWAYS_SHOWN = new Set(['name', 'displayName', 'proxy', 'teamMember.firstName', 'teamMember.lastName']);

const LABELS: Record<string, string> = {
  id: 'Originator ID',
  userId: 'User ID',
  active: 'Active',
  createdAt: 'Created',
  updatedAt: 'Last updated',
};

function humanise(key: string): string {
  const leaf = key.split('.').pop()!;
  if (LABELS[leaf]) return LABELS[leaf];
  const words = leaf.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatValue(key: string, value: unknown): string {
  if (key === 'teamMember.status') {
    return TEAM_MEMBER_STATUS_LABELS[value as TeamMemberStatus] ?? String(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /At$|Triggered$/.test(key)) return formatDateTime(value, value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function flatten(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, item]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      return flatten(item as Record<string, unknown>, path);
    }
    return [[path, item] as [string, unknown]];
  });
}

/** Every other non-null field of the originator, for "Additional Data" (spec 3). */
export function additionalFields(originator: BadgeOriginator): OriginatorField[] {
  const shown = new Set([...ALWAYS_SHOWN, ...typeFields(originator).map((field) => field.key)]);
  if (originator.type === 'community_member') shown.add('communityMember.username');
  const rest = { ...originator } as Record<string, unknown>;
  delete rest.proxy;
  return flatten(rest)
    .filter(([key, value]) => !shown.has(key) && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => ({ key, label: humanise(key), value: formatValue(key, value) }));
}
