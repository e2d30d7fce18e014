import { Bot, Events, User } from '@carbon/icons-react';
import type { OriginatorType } from '@scamtrail/domain/originators';

/** The icon of each originator type (spec 2.4). */
export const ORIGINATOR_TYPE_ICONS = {
  team_member: User,
  community_member: Events,
  automation: Bot,
} as const;

/** The tag colour of each originator type, so the kinds tell apart at a glance. */
export const ORIGINATOR_TYPE_COLORS: Record<OriginatorType, 'blue' | 'teal' | 'purple'> = {
  team_member: 'blue',
  community_member: 'teal',
  automation: 'purple',
};
