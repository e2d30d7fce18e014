import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, xid8 } from './columns';

/**
 * Append-only record of what happened: the audit trail, export streams, notifications. Deleted
 * records keep their history here as a snapshot. Changes to cases, journal entries and evidence
 * carry `{ before, after }` in `data` and the case they belong to in `case_id` (a case's History).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    actorOriginatorId: uuid('actor_originator_id'),
    /** The signed-in user who acted, or the API key (and through it its automation). */
    actorUserId: uuid('actor_user_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    caseId: uuid('case_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /**
     * The transaction that wrote the event. Export streams read events in (tx_id, id) order, and only
     * those of transactions older than every one still running: ids are drawn before commit, so a
     * transaction that commits late may hold ids below ones already read, never a tx_id.
     */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    // A subject's history, newest first (a community member's reputation changes).
    index('events_subject_idx').on(t.subjectType, t.subjectId, t.id.desc()),
    index('events_case_idx').on(t.caseId, t.id.desc()),
    index('events_stream_order_idx').on(t.txId, t.id),
    // A user's security activity, newest first: the account events name their user in data.userId
    // (modules/events/security-events.repository.ts). Partial, so the many other events cost it nothing.
    index('events_account_user_idx')
      .on(sql`(${t.data}->>'userId')`, t.id.desc())
      .where(sql`${t.subjectType} in ('session', 'passkey', 'device_authorization', 'user')`),
  ],
);
