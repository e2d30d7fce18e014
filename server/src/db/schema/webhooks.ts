import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, xid8 } from './columns';
import { originators } from './originators';

/**
 * The webhook of an automation (its `webhook_url`): the topics it subscribes to, the signing secrets,
 * whether deliveries go out, and how far the events table has been read into its queue. One per
 * automation, made when its webhook is first looked at or given a secret.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    automationId: uuid('automation_id')
      .primaryKey()
      .references(() => originators.id, { onDelete: 'cascade' }),
    /** The domain's EXPORT_TOPICS it subscribes to. */
    topics: text('topics').array().notNull(),
    /** `whsec_…`: kept whole, since each delivery is signed with it. Null until one is made. */
    secret: text('secret'),
    /** The secret before the last rotation: deliveries are signed with both until it expires. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    status: text('status').notNull().default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When the deliveries started failing without a success since; null while they succeed. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** The last event read into the queue, in the export streams' (tx_id, id) order. */
    cursorTxId: xid8('cursor_tx_id').notNull(),
    cursorEventId: bigint('cursor_event_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('webhook_endpoints_status_check', sql`${t.status} in ('active', 'disabled')`)],
);

/**
 * The delivery queue: one row per event (or test ping) to POST to an automation's webhook, with the
 * outcome of its latest attempt. Workers claim due rows with FOR UPDATE SKIP LOCKED and hold them
 * until `claimed_until`, so two instances never send one at the same time and a crashed one's claim
 * lapses. Its id is the `webhook-id` every attempt carries, so receivers can drop repeats.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => originators.id, { onDelete: 'cascade' }),
    /** The event delivered; null for a test ping. */
    eventId: bigint('event_id', { mode: 'number' }),
    type: text('type').notNull(),
    /** The JSON body sent: `{ type, timestamp, data }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    /** The start of the receiver's answer, or why there was none. */
    lastResponse: text('last_response'),
    /**
     * The next attempt was asked for by hand ("Send again"): `continue` for a delivery that was
     * waiting (its retries go on after it), `once` for one already delivered or failed (no retry
     * follows). Null for a scheduled attempt.
     */
    handSend: text('hand_send'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    check('webhook_deliveries_hand_send_check', sql`${t.handSend} in ('continue', 'once')`),
    uniqueIndex('webhook_deliveries_event_idx')
      .on(t.automationId, t.eventId)
      .where(sql`${t.eventId} is not null`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_log_idx').on(t.automationId, t.createdAt.desc(), t.id),
  ],
);

/**
 * The delivery log: one row per attempt of a delivery, written when the attempt is claimed (outcome
 * `sending`) and completed with the receiver's answer. An attempt whose instance stopped before it
 * heard back is marked `interrupted` when the delivery is claimed again.
 */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => originators.id, { onDelete: 'cascade' }),
    /** 1 for the first attempt of the delivery, counting those sent again by hand. */
    attempt: integer('attempt').notNull(),
    /** Asked for with "Send again". */
    byHand: boolean('by_hand').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome').notNull().default('sending'),
    /** The receiver's HTTP status; null when it did not answer. */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    /** The start of the receiver's answer, or why there was none. */
    response: text('response'),
  },
  (t) => [
    check(
      'webhook_delivery_attempts_outcome_check',
      sql`${t.outcome} in ('sending', 'delivered', 'failed', 'interrupted')`,
    ),
    uniqueIndex('webhook_delivery_attempts_number_idx').on(t.deliveryId, t.attempt),
    index('webhook_delivery_attempts_log_idx').on(t.automationId, t.startedAt.desc(), t.id.desc()),
  ],
);
