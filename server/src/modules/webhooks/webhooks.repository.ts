import { and, count, desc, eq, getTableColumns, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { keyLiveAt, signInStillWorks } from '../../db/key-sign-in';
import { readsTogether } from '../../db/reads-together';
import {
  apiKeys,
  originators,
  users,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
} from '../../db/schema/index';
import { nextUpdatedAt } from '../../db/row-versions';
import { rowsOf } from '../../db/sql/arrays';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

/** The automation's webhook URL and whether it is active, or undefined when it is no automation. */
export async function findAutomationTarget(
  db: DbOrTx,
  automationId: string,
): Promise<{ url: string | null; active: boolean } | undefined> {
  const [row] = await db
    .select({ url: originators.webhookUrl, active: originators.active })
    .from(originators)
    .where(and(eq(originators.id, automationId), eq(originators.type, 'automation')));
  return row;
}

export async function findEndpointRow(db: DbOrTx, automationId: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.automationId, automationId));
  return row;
}

/**
 * Where a new endpoint's cursor starts: the oldest transaction of this database still running, or the
 * snapshot's next one. Transaction ids are shared by every database of the server, and the snapshot's
 * own xmin would be pulled back by any long transaction elsewhere (on a busy server, by the other
 * databases' work), sending the new endpoint this database's events from before it existed. So only a
 * transaction seen running in this database (pg_stat_activity, matched on its 32 low bits) holds it
 * back; one that cannot be told has finished, before the endpoint was made.
 */
const NEW_CURSOR_TX = sql`(select coalesce(min(running.xid), pg_snapshot_xmax(pg_current_snapshot()))
  from pg_snapshot_xip(pg_current_snapshot()) as running(xid)
  where exists (select 1 from pg_stat_activity mine
    where mine.datname = current_database()
      and mine.backend_xid::text = (running.xid::text::numeric % 4294967296)::text))`;

/**
 * The automation's endpoint, made now if it has none: subscribed to `topics`, its cursor at the oldest
 * transaction of this database still running, so it receives what happens from now on and nothing
 * from before.
 */
export async function ensureEndpointRow(
  db: DbOrTx,
  automationId: string,
  topics: readonly string[],
): Promise<EndpointRow> {
  await db
    .insert(webhookEndpoints)
    .values({
      automationId,
      topics: [...topics],
      cursorTxId: NEW_CURSOR_TX,
      cursorEventId: 0,
    })
    .onConflictDoNothing();
  return (await findEndpointRow(db, automationId))!;
}

export async function updateEndpointRow(
  db: DbOrTx,
  automationId: string,
  changes: Partial<Omit<EndpointRow, 'automationId' | 'createdAt'>>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: nextUpdatedAt(webhookEndpoints.updatedAt) })
    .where(eq(webhookEndpoints.automationId, automationId))
    .returning();
  return row;
}

/**
 * Locks the endpoint until the transaction ends and answers its version (milliseconds of
 * `updated_at`, as `lockRowVersion` reads a row's), or undefined when it has none yet.
 */
export async function lockEndpointVersion(db: DbOrTx, automationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({
      version: sql<string>`floor(extract(epoch from ${webhookEndpoints.updatedAt}) * 1000)::bigint::text`,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.automationId, automationId))
    .for('no key update');
  return row?.version;
}

/** The endpoint locked for this transaction (rotation, re-enabling). */
export async function lockEndpointRow(db: DbOrTx, automationId: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.automationId, automationId))
    .for('update');
  return row;
}

/**
 * The deliveries a reader may see: test pings, and events of the topics they may read (`shownTopics`,
 * webhooks.service.ts): the topic is kept in each delivery's payload.
 */
function shownDelivery(topics: readonly string[]) {
  return sql`(${webhookDeliveries.eventId} is null
    or ${webhookDeliveries.payload} #>> '{data,topic}' = any(${sql.param([...topics])}::text[]))`;
}

/** Deliveries of the automation still to be attempted. */
export async function countWaiting(
  db: DbOrTx,
  automationId?: string,
  /** Of these topics only (and test pings), for a reader of the webhook (`shownTopics`). */
  topics?: readonly string[],
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        automationId ? eq(webhookDeliveries.automationId, automationId) : undefined,
        topics ? shownDelivery(topics) : undefined,
      ),
    );
  return n;
}

/** `signInStillWorks` at `at.now`, a device sign-in idle since before `at.deviceIdleSince` having ended. */
const signInWorksAt = (sessionId: AnyColumn, at: GrantTime) =>
  signInStillWorks(
    sessionId,
    sql`${at.now.toISOString()}::timestamptz`,
    sql`${at.deviceIdleSince.toISOString()}::timestamptz`,
  );

/** When grants are read: now, and the moment before which a device sign-in's last use makes it idle. */
export interface GrantTime {
  now: Date;
  deviceIdleSince: Date;
}

/**
 * The scopes of the automation's live keys, each with its creator's role now (enabled creators only);
 * a key made with a device sign-in's token only while that sign-in is not revoked, expired, idle or
 * gone (as `findApiKeyPrincipal` authenticates it).
 */
export async function findLiveKeyGrants(
  db: DbOrTx,
  automationId: string,
  at: GrantTime,
): Promise<{ scopes: string[]; role: string }[]> {
  const { now } = at;
  return db
    .select({ scopes: apiKeys.scopes, role: users.role })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(
      and(
        eq(apiKeys.automationId, automationId),
        keyLiveAt(apiKeys, sql`${now.toISOString()}::timestamptz`),
        eq(users.disabled, false),
        signInWorksAt(apiKeys.sessionId, at),
      ),
    );
}

const chooserUser = alias(users, 'chooser_user');
const chooserKey = alias(apiKeys, 'chooser_key');
const chooserKeyCreator = alias(users, 'chooser_key_creator');

/**
 * Who chose the automation's webhook URL, as they stand now: an enabled user's role, or a live key of
 * this automation (not revoked, not expired, its creator enabled) with its scopes and its creator's
 * role. Both null when the chooser is unknown, disabled, revoked or gone (a key's device sign-in too).
 */
export async function findUrlChooser(
  db: DbOrTx,
  automationId: string,
  at: GrantTime,
): Promise<{ userRole: string | null; keyScopes: string[] | null; keyCreatorRole: string | null }> {
  const { now } = at;
  const [row] = await db
    .select({
      userRole: chooserUser.role,
      keyScopes: chooserKey.scopes,
      keyCreatorRole: chooserKeyCreator.role,
    })
    .from(originators)
    .leftJoin(
      chooserUser,
      and(eq(chooserUser.id, originators.webhookUrlSetByUserId), eq(chooserUser.disabled, false)),
    )
    .leftJoin(
      chooserKey,
      and(
        eq(chooserKey.id, originators.webhookUrlSetByApiKeyId),
        eq(chooserKey.automationId, originators.id),
        keyLiveAt(chooserKey, sql`${now.toISOString()}::timestamptz`),
        signInWorksAt(chooserKey.sessionId, at),
      ),
    )
    .leftJoin(
      chooserKeyCreator,
      and(eq(chooserKeyCreator.id, chooserKey.createdBy), eq(chooserKeyCreator.disabled, false)),
    )
    .where(eq(originators.id, automationId));
  if (!row) return { userRole: null, keyScopes: null, keyCreatorRole: null };
  return row;
}

/** Endpoints that receive events now: active, with a secret, of an active automation with a URL. */
const DELIVERING = sql`e.status = 'active' and e.secret is not null
  and exists (select 1 from originators o
    where o.id = e.automation_id and o.active and o.webhook_url is not null)`;

/** The endpoints whose queues are filled from the events table. */
export async function listDeliveringEndpointIds(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select e.automation_id as id from webhook_endpoints e where ${DELIVERING}`),
  );
  return rows.map((r) => r.id);
}

/**
 * The endpoint locked for filling its queue, if it still delivers and no other instance holds it
 * (SKIP LOCKED: that one is filling it already).
 */
export async function lockEndpointToFill(
  db: DbOrTx,
  automationId: string,
): Promise<{ topics: string[]; txId: string; eventId: string } | undefined> {
  const [row] = rowsOf<{ topics: string[]; txId: string; eventId: string }>(
    await db.execute(sql`select e.topics, e.cursor_tx_id::text as "txId", e.cursor_event_id::text as "eventId"
      from webhook_endpoints e
      where e.automation_id = ${automationId} and ${DELIVERING}
      for update of e skip locked`),
  );
  return row;
}

export async function moveCursor(
  db: DbOrTx,
  automationId: string,
  position: { txId: string; eventId: string },
): Promise<void> {
  await db.execute(sql`update webhook_endpoints
    set cursor_tx_id = ${position.txId}::xid8, cursor_event_id = ${position.eventId}::bigint
    where automation_id = ${automationId}`);
}

export interface NewDelivery {
  automationId: string;
  eventId: number | null;
  type: string;
  payload: Record<string, unknown>;
  nextAttemptAt: Date;
}

/** Queues deliveries; an event already queued for the automation is not queued again. */
export async function insertDeliveries(db: DbOrTx, rows: NewDelivery[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning();
}

export interface ClaimedDelivery {
  id: string;
  automationId: string;
  type: string;
  payload: Record<string, unknown>;
  /** This attempt's number. */
  attempts: number;
  /** Asked for by hand: `continue` (retries go on after it) or `once` (none follow). */
  handSend: 'continue' | 'once' | null;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * Claims up to `limit` deliveries due at `now` until `until`: their attempt is counted now, and
 * written to the log as `sending`, since the request may reach the receiver even if this instance
 * stops before it hears back (an attempt of the delivery still `sending` then is marked
 * `interrupted`: its instance stopped). Rows another instance is claiming are skipped (SKIP LOCKED),
 * and a claim still running is left alone.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  now: Date,
  until: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = rowsOf<ClaimedDelivery & { previousSecretExpiresAt: string | null }>(
    await db.execute(sql`with claimed as (
        update webhook_deliveries d
        set claimed_until = ${until.toISOString()}::timestamptz, attempts = d.attempts + 1
        from (
          select d2.id, o.webhook_url as url, e.secret, e.previous_secret, e.previous_secret_expires_at
          from webhook_deliveries d2
          join webhook_endpoints e on e.automation_id = d2.automation_id
          join originators o on o.id = d2.automation_id
          where d2.status = 'pending' and d2.next_attempt_at <= ${at}
            and (d2.claimed_until is null or d2.claimed_until <= ${at})
            and e.status = 'active' and e.secret is not null and o.active and o.webhook_url is not null
          order by d2.next_attempt_at, d2.id
          limit ${limit}
          for update of d2 skip locked
        ) c
        where d.id = c.id
        returning d.id, d.automation_id, d.type, d.payload, d.attempts, d.hand_send, c.url, c.secret,
          c.previous_secret, c.previous_secret_expires_at
      ), cut as (
        update webhook_delivery_attempts a set outcome = 'interrupted', finished_at = ${at}
        from claimed where a.delivery_id = claimed.id and a.outcome = 'sending'
      ), logged as (
        insert into webhook_delivery_attempts (delivery_id, automation_id, attempt, by_hand, started_at)
        select id, automation_id, attempts, hand_send is not null, ${at} from claimed
        on conflict do nothing
      )
      select id, automation_id as "automationId", type, payload, attempts, hand_send as "handSend", url,
        secret, previous_secret as "previousSecret", previous_secret_expires_at as "previousSecretExpiresAt"
      from claimed`),
  );
  return rows.map((r) => ({
    ...r,
    previousSecretExpiresAt: r.previousSecretExpiresAt ? new Date(r.previousSecretExpiresAt) : null,
  }));
}

export interface AttemptOutcome {
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
  at: Date;
  /** When the answer (or the failure) came. */
  done: Date;
  statusCode: number | null;
  durationMs: number;
  response: string | null;
}

/**
 * Records the outcome of the attempt this claim made: always in its row of the log, and in the
 * delivery unless the claim is no longer this instance's (it lapsed and another instance claimed the
 * delivery again), when false is answered: that one's outcome is the delivery's.
 */
export async function recordAttempt(
  db: DbOrTx,
  claim: { id: string; attempts: number },
  outcome: AttemptOutcome,
): Promise<boolean> {
  await db
    .update(webhookDeliveryAttempts)
    .set({
      outcome:
        outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300
          ? 'delivered'
          : 'failed',
      finishedAt: outcome.done,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      response: outcome.response,
    })
    .where(
      and(
        eq(webhookDeliveryAttempts.deliveryId, claim.id),
        eq(webhookDeliveryAttempts.attempt, claim.attempts),
      ),
    );
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      nextAttemptAt: outcome.nextAttemptAt,
      claimedUntil: null,
      lastAttemptAt: outcome.at,
      lastStatusCode: outcome.statusCode,
      lastDurationMs: outcome.durationMs,
      lastResponse: outcome.response,
      handSend: null,
    })
    .where(
      and(
        eq(webhookDeliveries.id, claim.id),
        eq(webhookDeliveries.attempts, claim.attempts),
        eq(webhookDeliveries.status, 'pending'),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** A success: the failures in a row are over, and the automation was triggered at `at`. */
export async function markEndpointSucceeded(db: DbOrTx, automationId: string, at: Date): Promise<void> {
  const when = sql`${at.toISOString()}::timestamptz`;
  await db.execute(sql`update webhook_endpoints set failing_since = null
    where automation_id = ${automationId} and failing_since is not null`);
  await db.execute(sql`update originators
    set last_triggered = greatest(coalesce(last_triggered, ${when}), ${when})
    where id = ${automationId}`);
}

/** A failure: when the failures in a row began (now, if this is the first). */
export async function markEndpointFailing(db: DbOrTx, automationId: string, at: Date): Promise<Date> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.automationId, automationId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? at;
}

export async function disableEndpointRow(
  db: DbOrTx,
  automationId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({
      status: 'disabled',
      disabledReason: reason,
      disabledAt: at,
      updatedAt: nextUpdatedAt(webhookEndpoints.updatedAt),
    })
    .where(and(eq(webhookEndpoints.automationId, automationId), eq(webhookEndpoints.status, 'active')));
}

/** A page of the automation's deliveries, newest first, and how many there are. */
export async function listDeliveryRows(
  db: DbOrTx,
  automationId: string,
  page: { page: number; pageSize: number },
  topics: readonly string[],
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = and(eq(webhookDeliveries.automationId, automationId), shownDelivery(topics));
  const [rows, [{ total }]] = await readsTogether(db, [
    () =>
      db
        .select()
        .from(webhookDeliveries)
        .where(where)
        // Deliveries queued together (one pass) in the order of their events, newest first.
        .orderBy(
          desc(webhookDeliveries.createdAt),
          desc(webhookDeliveries.eventId),
          desc(webhookDeliveries.id),
        )
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
    () => db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total };
}

/**
 * Asks for one more attempt of a delivery now, by hand, its number following the last: a waiting
 * delivery keeps its retries after it (`continue`), a delivered or failed one gets this attempt alone
 * (`once`). Undefined when the delivery is not the automation's; `sending` when an attempt of it is
 * under way (its claim has not lapsed).
 */
export async function sendAgainRow(
  db: DbOrTx,
  automationId: string,
  deliveryId: string,
  at: Date,
  topics: readonly string[],
): Promise<DeliveryRow | 'sending' | undefined> {
  const when = sql`${at.toISOString()}::timestamptz`;
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      handSend: sql`case when ${webhookDeliveries.handSend} is not null then ${webhookDeliveries.handSend}
        when ${webhookDeliveries.status} = 'pending' then 'continue' else 'once' end`,
      status: 'pending',
      nextAttemptAt: at,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.automationId, automationId),
        shownDelivery(topics),
        or(isNull(webhookDeliveries.claimedUntil), sql`${webhookDeliveries.claimedUntil} <= ${when}`),
      ),
    )
    .returning();
  if (row) return row;
  const [exists] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.automationId, automationId),
        shownDelivery(topics),
      ),
    );
  return exists ? 'sending' : undefined;
}

/** A page of the automation's attempts (of one delivery, or all), newest first, and how many there are. */
export async function listAttemptRows(
  db: DbOrTx,
  automationId: string,
  query: { page: number; pageSize: number; deliveryId?: string },
  topics: readonly string[],
): Promise<{
  rows: (AttemptRow & { type: string; eventId: number | null; payload: Record<string, unknown> })[];
  total: number;
}> {
  const where = and(
    eq(webhookDeliveryAttempts.automationId, automationId),
    query.deliveryId ? eq(webhookDeliveryAttempts.deliveryId, query.deliveryId) : undefined,
    shownDelivery(topics),
  );
  const [rows, [{ total }]] = await readsTogether(db, [
    () =>
      db
        .select({
          ...getTableColumns(webhookDeliveryAttempts),
          type: webhookDeliveries.type,
          eventId: webhookDeliveries.eventId,
          // The event as it went out: its answer is shown as far as the reader may read it.
          payload: webhookDeliveries.payload,
        })
        .from(webhookDeliveryAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
        .where(where)
        .orderBy(desc(webhookDeliveryAttempts.startedAt), desc(webhookDeliveryAttempts.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () =>
      db
        .select({ total: count() })
        .from(webhookDeliveryAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
        .where(where),
  ]);
  return { rows, total };
}

/** Pending deliveries of a re-enabled endpoint are due at once. */
export async function resumeDeliveryRows(db: DbOrTx, automationId: string, at: Date): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: at })
    .where(and(eq(webhookDeliveries.automationId, automationId), eq(webhookDeliveries.status, 'pending')));
}
