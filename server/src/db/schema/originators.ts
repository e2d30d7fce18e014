import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * Who or what originated a record. One table for the three kinds so every record can reference a
 * single originator id; the columns that apply depend on `type`.
 * - team_member: linked to a user (users.originator_id); names come from the user.
 * - community_member: an outside reporter without an account.
 * - automation: a system acting through API keys.
 */
export const originators = pgTable(
  'originators',
  {
    id: id(),
    type: text('type', { enum: ['team_member', 'community_member', 'automation'] }).notNull(),
    // community_member
    username: text('username'),
    email: text('email'),
    reputation: integer('reputation'),
    notes: text('notes'),
    // automation
    systemName: text('system_name'),
    description: text('description'),
    webhookUrl: text('webhook_url'),
    /**
     * Who last chose `webhook_url` (at creation or in an edit): a user, or an API key (the automation's
     * own). Its receiver reads what the webhook delivers, so a topic goes out only while this chooser
     * holds the topic's permissions now, beside the automation's keys (`heldForDelivery`,
     * modules/webhooks/webhook-grants.ts). Ids without a foreign key: a chooser gone holds nothing.
     * Both null (a URL of before migration 0037 whose chooser was not a team member): nothing goes out
     * until someone sets the URL again.
     */
    webhookUrlSetByUserId: uuid('webhook_url_set_by_user_id'),
    webhookUrlSetByApiKeyId: uuid('webhook_url_set_by_api_key_id'),
    active: boolean('active').notNull().default(true),
    lastTriggered: timestamp('last_triggered', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('originators_type_idx').on(t.type),
    // Community usernames and automation system names are unique, case-insensitively, within their kind.
    uniqueIndex('originators_community_username_idx')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.type} = 'community_member'`),
    uniqueIndex('originators_automation_name_idx')
      .on(sql`lower(${t.systemName})`)
      .where(sql`${t.type} = 'automation'`),
    check('originators_type_check', sql`${t.type} in ('team_member', 'community_member', 'automation')`),
  ],
);
