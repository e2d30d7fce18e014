import { isDeepStrictEqual } from 'node:util';
import {
  EXPORT_TOPIC_PERMISSIONS,
  EXPORT_TOPICS,
  type ExportEvent,
  type ExportTopic,
} from '@scamtrail/domain/export-streams';
import { hasAllPermissions } from '@scamtrail/domain/permissions';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import {
  deliverableTopics,
  WEBHOOK_PING_TYPE,
  WEBHOOK_PREVIOUS_SECRET_MS,
  type UpdateWebhookBody,
  type WebhookAttempt,
  type WebhookAttemptOutcome,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookSecret,
} from '@scamtrail/domain/webhooks';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { refuseStaleVersion, type IfMatch } from '../../lib/preconditions';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { toTopics } from '../export-streams/export-streams.service';
import { eventForReader } from '../export-streams/event-redaction';
import { eventsSeenNow } from '../export-streams/export-stream-read.service';
import { heldForDelivery, type GrantLimits } from './webhook-grants';
import { generateWebhookSecret } from './webhook-signing';
import {
  countWaiting,
  ensureEndpointRow,
  findAutomationTarget,
  insertDeliveries,
  listAttemptRows,
  listDeliveryRows,
  lockEndpointRow,
  lockEndpointVersion,
  resumeDeliveryRows,
  sendAgainRow,
  updateEndpointRow,
  type AttemptRow,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository';

/** What a new endpoint subscribes to: every topic (its keys' permissions decide what goes out). */
const DEFAULT_TOPICS = EXPORT_TOPICS;

export const WEBHOOK_NO_URL_MESSAGE = 'This automation has no webhook URL: set one first';
export const WEBHOOK_NO_SECRET_MESSAGE = 'This webhook has no signing secret yet: make one first';
export const WEBHOOK_DISABLED_MESSAGE = 'This webhook is disabled: enable it first';
export const WEBHOOK_SENDING_MESSAGE = 'This delivery is being sent now: wait for its answer';
export const WEBHOOK_INACTIVE_MESSAGE = 'This automation is deactivated: reactivate it first';

/**
 * The topics whose deliveries a reader of the webhook's log may see: those whose records they may view
 * (a topic's permissions but `export.view`, which is about reading streams). A delivery is an event
 * that went out, with its type, its time and the start of the receiver's answer (which may echo the
 * event): an account's sign-ins are not for those who may not view accounts. Test pings are for all.
 */
export function shownTopics(principal: Principal): ExportTopic[] {
  return EXPORT_TOPICS.filter((topic) =>
    hasAllPermissions(
      principal.permissions,
      EXPORT_TOPIC_PERMISSIONS[topic].filter((permission) => permission !== 'export.view'),
    ),
  );
}

/** What a delivery's log shows in place of an answer that may tell of records the reader may not see. */
export const WEBHOOK_RESPONSE_HIDDEN_MESSAGE =
  'Hidden: this event now speaks of records you may not see, and the answer may repeat it';

/**
 * The deliveries, of these, whose receiver's answer the reader may not see now: the answer may repeat
 * the event sent (a receiver echoing what it got), so it is shown only while the reader may read
 * all of that event as it went out, judged now, not when it was sent: every case it speaks of seen by
 * them (`eventsSeenNow`: a case moved since into a group they are not in hides it), and no record of a
 * kind they may not view named in it (`eventForReader` would change it). Test pings hide nothing.
 */
async function hiddenAnswers(
  db: DbOrTx,
  rows: readonly { id: string; eventId: number | null; payload: unknown }[],
  principal: Principal,
): Promise<Set<string>> {
  const ofEvents = rows.filter((row) => row.eventId !== null);
  const seen = await eventsSeenNow(
    db,
    ofEvents.map((row) => String(row.eventId)),
    principal,
  );
  return new Set(
    ofEvents
      .filter((row) => {
        const sent = (row.payload as { data?: ExportEvent } | null)?.data;
        if (!seen.has(String(row.eventId)) || !sent) return true;
        return !isDeepStrictEqual(eventForReader(sent, principal.permissions), sent);
      })
      .map((row) => row.id),
  );
}

/** An answer as the reader may see it (`hiddenAnswers`): nothing to hide where there was none. */
const answerShown = (response: string | null, hidden: boolean) =>
  hidden && response !== null ? WEBHOOK_RESPONSE_HIDDEN_MESSAGE : response;

async function requireAutomation(db: DbOrTx, automationId: string) {
  const target = await findAutomationTarget(db, automationId);
  if (!target) throw AppError.notFound('Automation');
  return target;
}

async function toEndpoint(
  db: DbOrTx,
  row: EndpointRow,
  url: string | null,
  principal: Principal,
  limits: GrantLimits,
): Promise<WebhookEndpoint> {
  const now = new Date();
  const topics = toTopics(row.topics);
  const previousLive = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    automationId: row.automationId,
    url,
    status: row.status === 'disabled' ? 'disabled' : 'active',
    disabledReason: row.status === 'disabled' ? row.disabledReason : null,
    disabledAt: row.status === 'disabled' ? iso(row.disabledAt) : null,
    topics,
    deliveredTopics: deliverableTopics(topics, await heldForDelivery(db, row.automationId, now, limits)),
    hasSecret: row.secret !== null,
    previousSecretExpiresAt: previousLive ? iso(row.previousSecretExpiresAt) : null,
    waiting: await countWaiting(db, row.automationId, shownTopics(principal)),
    failingSince: iso(row.failingSince),
    updatedAt: iso(row.updatedAt),
  };
}

function toDelivery(row: DeliveryRow, hidden: ReadonlySet<string>): WebhookDelivery {
  return {
    id: row.id,
    type: row.type,
    eventId: row.eventId === null ? null : String(row.eventId),
    status: row.status === 'delivered' ? 'delivered' : row.status === 'failed' ? 'failed' : 'pending',
    attempts: row.attempts,
    lastAttemptAt: iso(row.lastAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastDurationMs: row.lastDurationMs,
    lastResponse: answerShown(row.lastResponse, hidden.has(row.id)),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    createdAt: iso(row.createdAt),
  };
}

function toAttempt(
  row: AttemptRow & { type: string; eventId: number | null },
  hidden: boolean,
): WebhookAttempt {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    type: row.type,
    eventId: row.eventId === null ? null : String(row.eventId),
    attempt: row.attempt,
    byHand: row.byHand,
    startedAt: iso(row.startedAt)!,
    finishedAt: iso(row.finishedAt),
    outcome: row.outcome as WebhookAttemptOutcome,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    response: answerShown(row.response, hidden),
  };
}

function webhookEvent(type: string, automationId: string, principal: Principal, data = {}) {
  return {
    type,
    actorOriginatorId: principal.originatorId,
    subjectType: 'originator',
    subjectId: automationId,
    data,
  };
}

/** The automation's webhook: made (subscribed to every topic, no secret yet) the first time it is asked for. */
export async function getWebhook(
  db: Db,
  automationId: string,
  principal: Principal,
  limits: GrantLimits,
): Promise<WebhookEndpoint> {
  const target = await requireAutomation(db, automationId);
  const row = await ensureEndpointRow(db, automationId, DEFAULT_TOPICS);
  return toEndpoint(db, row, target.url, principal, limits);
}

/** Chooses the topics it subscribes to; events from now on are queued by them. */
export async function updateWebhook(
  db: Db,
  automationId: string,
  body: UpdateWebhookBody,
  principal: Principal,
  limits: GrantLimits,
  /** The versions the topics were chosen from (If-Match): 412 from another, checked under the lock. */
  ifMatch?: IfMatch,
): Promise<WebhookEndpoint> {
  const target = await requireAutomation(db, automationId);
  const topics = toTopics(body.topics);
  const row = await db.transaction(async (tx) => {
    await ensureEndpointRow(tx, automationId, DEFAULT_TOPICS);
    refuseStaleVersion(await lockEndpointVersion(tx, automationId), ifMatch, 'webhook');
    const before = (await lockEndpointRow(tx, automationId))!;
    const after = (await updateEndpointRow(tx, automationId, { topics }))!;
    await recordEvent(
      tx,
      webhookEvent('automation.webhook_updated', automationId, principal, {
        before: { topics: before.topics },
        after: { topics },
      }),
    );
    return after;
  });
  return toEndpoint(db, row, target.url, principal, limits);
}

/**
 * A new signing secret, answered only now. The one it replaces still signs deliveries (a second
 * signature) for WEBHOOK_PREVIOUS_SECRET_MS, so the receiver can switch without losing one.
 */
export async function rotateWebhookSecret(
  db: Db,
  automationId: string,
  principal: Principal,
  limits: GrantLimits,
): Promise<WebhookSecret> {
  const target = await requireAutomation(db, automationId);
  const secret = generateWebhookSecret();
  const row = await db.transaction(async (tx) => {
    await ensureEndpointRow(tx, automationId, DEFAULT_TOPICS);
    const before = (await lockEndpointRow(tx, automationId))!;
    const after = (await updateEndpointRow(tx, automationId, {
      secret,
      previousSecret: before.secret,
      previousSecretExpiresAt: before.secret ? new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_MS) : null,
    }))!;
    await recordEvent(
      tx,
      webhookEvent('automation.webhook_secret_rotated', automationId, principal, {
        first: before.secret === null,
      }),
    );
    return after;
  });
  return { secret, endpoint: await toEndpoint(db, row, target.url, principal, limits) };
}

/** Enables a disabled webhook; what waited in its queue is due at once. */
export async function enableWebhook(
  db: Db,
  automationId: string,
  principal: Principal,
  limits: GrantLimits,
  /** The version it was enabled from (If-Match): 412 from another, checked under the lock. */
  ifMatch?: IfMatch,
): Promise<WebhookEndpoint> {
  const target = await requireAutomation(db, automationId);
  const row = await db.transaction(async (tx) => {
    await ensureEndpointRow(tx, automationId, DEFAULT_TOPICS);
    refuseStaleVersion(await lockEndpointVersion(tx, automationId), ifMatch, 'webhook');
    const before = (await lockEndpointRow(tx, automationId))!;
    if (before.status === 'active') return before;
    const after = (await updateEndpointRow(tx, automationId, {
      status: 'active',
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
    }))!;
    await resumeDeliveryRows(tx, automationId, new Date());
    await recordEvent(
      tx,
      webhookEvent('automation.webhook_enabled', automationId, principal, {
        disabledReason: before.disabledReason,
      }),
    );
    return after;
  });
  return toEndpoint(db, row, target.url, principal, limits);
}

/** 409 unless the webhook can send now: a URL, a secret, enabled, of an active automation. */
async function requireSendable(db: DbOrTx, automationId: string): Promise<void> {
  const target = await requireAutomation(db, automationId);
  const row = await ensureEndpointRow(db, automationId, DEFAULT_TOPICS);
  if (!target.active) throw new AppError('CONFLICT', WEBHOOK_INACTIVE_MESSAGE);
  if (!target.url) throw new AppError('CONFLICT', WEBHOOK_NO_URL_MESSAGE);
  if (!row.secret) throw new AppError('CONFLICT', WEBHOOK_NO_SECRET_MESSAGE);
  if (row.status === 'disabled') throw new AppError('CONFLICT', WEBHOOK_DISABLED_MESSAGE);
}

/** Queues a test ping, sent like any delivery (signed, retried, logged). */
export async function pingWebhook(db: Db, automationId: string): Promise<WebhookDelivery> {
  await requireSendable(db, automationId);
  const now = new Date();
  const [row] = await insertDeliveries(db, [
    {
      automationId,
      eventId: null,
      type: WEBHOOK_PING_TYPE,
      payload: {
        type: WEBHOOK_PING_TYPE,
        timestamp: now.toISOString(),
        data: { automationId, message: 'A test ping from Scamtrail' },
      },
      nextAttemptAt: now,
    },
  ]);
  return toDelivery(row, new Set());
}

export async function listWebhookDeliveries(
  db: Db,
  automationId: string,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<{ data: WebhookDelivery[]; pagination: Pagination }> {
  await requireAutomation(db, automationId);
  const { rows, total } = await listDeliveryRows(db, automationId, page, shownTopics(principal));
  const hidden = await hiddenAnswers(db, rows, principal);
  return {
    data: rows.map((row) => toDelivery(row, hidden)),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}

/** The log of attempts, newest first: the automation's, or one delivery's. */
export async function listWebhookAttempts(
  db: Db,
  automationId: string,
  query: { page: number; pageSize: number; deliveryId?: string },
  principal: Principal,
): Promise<{ data: WebhookAttempt[]; pagination: Pagination }> {
  await requireAutomation(db, automationId);
  const { rows, total } = await listAttemptRows(db, automationId, query, shownTopics(principal));
  const hidden = await hiddenAnswers(
    db,
    rows.map((row) => ({ id: row.deliveryId, eventId: row.eventId, payload: row.payload })),
    principal,
  );
  return {
    data: rows.map((row) => toAttempt(row, hidden.has(row.deliveryId))),
    pagination: toPagination(query.page, query.pageSize, total),
  };
}

/**
 * "Send again": one more attempt of the delivery now, with the same webhook-id, numbered after its
 * last and logged as sent by hand. The schedule is not restarted: a delivery waiting for a retry has
 * that retry now and its later ones as before; a delivered or failed one gets this attempt alone, and
 * its status becomes this attempt's. 409 while an attempt of it is under way.
 */
export async function resendWebhookDelivery(
  db: Db,
  automationId: string,
  deliveryId: string,
  principal: Principal,
): Promise<WebhookDelivery> {
  await requireSendable(db, automationId);
  // A delivery the caller may not see is one that is not there.
  const row = await sendAgainRow(db, automationId, deliveryId, new Date(), shownTopics(principal));
  if (!row) throw AppError.notFound('Delivery');
  if (row === 'sending') throw new AppError('CONFLICT', WEBHOOK_SENDING_MESSAGE);
  return toDelivery(row, await hiddenAnswers(db, [row], principal));
}
