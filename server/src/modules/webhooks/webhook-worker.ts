import { retryAfterMs } from '@scamtrail/domain/retry-after';
import {
  EXPORT_TOPIC_SUBJECTS,
  EXPORT_TOPICS,
  type ExportEvent,
  type ExportTopic,
} from '@scamtrail/domain/export-streams';
import {
  deliverableTopics,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
} from '@scamtrail/domain/webhooks';
import type { Db } from '../../db/client';
import { OutboundError, sendOutboundRequest, type OutboundPolicy } from '../../lib/outbound-request';
import { eventForReader } from '../export-streams/event-redaction';
import { isCarriedNow, readCarried, toExportEvent } from '../export-streams/export-stream-read.service';
import { toTopics } from '../export-streams/export-streams.service';
import {
  claimDueDeliveries,
  countWaiting,
  disableEndpointRow,
  insertDeliveries,
  listDeliveringEndpointIds,
  lockEndpointToFill,
  markEndpointFailing,
  markEndpointSucceeded,
  moveCursor,
  recordAttempt,
  type ClaimedDelivery,
} from './webhooks.repository';
import { heldForDelivery, type GrantLimits } from './webhook-grants';
import { signedHeaders } from './webhook-signing';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface WorkerLog {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WebhookWorkerOptions {
  db: Db;
  policy: OutboundPolicy;
  /** What the automations' keys are held to, as where keys are authenticated (`heldForDelivery`). */
  limits: GrantLimits;
  log: WorkerLog;
  /** Every time the worker reads or schedules comes from it (tests move it on). */
  clock?: Clock;
  /** [0, 1): the jitter added to each retry's delay. */
  random?: () => number;
  /** How long the loop rests when there is nothing to do. */
  idleMs?: number;
  /** How often the number of waiting deliveries is logged. */
  metricsIntervalMs?: number;
  /** The whole exchange with a receiver. */
  timeoutMs?: number;
  /** Deliveries claimed (and sent at once) per pass. */
  batchSize?: number;
}

/** A receiver's answer kept in the log: the first characters, as storable text. */
const RESPONSE_EXCERPT_CHARS = 500;
/** Events read into one endpoint's queue per transaction. */
const FILL_BATCH = 100;
/** The most the jitter adds to a retry's delay (10 %). */
const JITTER = 0.1;
/** How long a claim outlives the request's timeout before another instance may take it over. */
const CLAIM_MARGIN_MS = 45_000;
const MAX_FAULT_PAUSE_MS = 30_000;

/** Storable text: no U+0000, cut at a code point, never inside a surrogate pair. */
export function excerpt(text: string): string {
  return Array.from(text.replaceAll('\u0000', '\uFFFD')).slice(0, RESPONSE_EXCERPT_CHARS).join('');
}

function eventPayload(event: ExportEvent): Record<string, unknown> {
  return { type: event.type, timestamp: event.occurredAt, data: event };
}

/** The event a queued delivery carries (`eventPayload`), or null for a test ping. */
function queuedEvent(payload: Record<string, unknown>): { id: string; topic: ExportTopic } | null {
  const data = payload.data as { id?: unknown; topic?: unknown } | undefined;
  if (typeof data?.id !== 'string' || !EXPORT_TOPICS.includes(data.topic as ExportTopic)) return null;
  return { id: data.id, topic: data.topic as ExportTopic };
}

/**
 * Delivers webhooks. Each pass (1) reads the events after each delivering endpoint's cursor into its
 * queue, in the transaction that moves the cursor, so an event is queued once whatever stops when;
 * (2) claims the deliveries that are due, POSTs each signed to its automation's URL, and records the
 * outcome with the next attempt. Several instances run it on one database: the fill locks each
 * endpoint (SKIP LOCKED) and the claim each delivery.
 */
export class WebhookWorker {
  private readonly clock: Clock;
  private readonly random: () => number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private faultPauseMs = 0;
  private lastMetricsAt = 0;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
  }

  /** Reads new events into the queues; answers how many deliveries were queued. */
  async fill(): Promise<number> {
    const { db } = this.options;
    let queued = 0;
    for (const automationId of await listDeliveringEndpointIds(db)) {
      for (;;) {
        const step = await db.transaction(async (tx) => {
          const endpoint = await lockEndpointToFill(tx, automationId);
          if (!endpoint) return { queued: 0, hasMore: false };
          const now = this.clock.now();
          const held = await heldForDelivery(tx, automationId, now, this.options.limits);
          const topics = deliverableTopics(toTopics(endpoint.topics), held);
          const subjects = topics.flatMap((topic: ExportTopic) => EXPORT_TOPIC_SUBJECTS[topic]);
          if (subjects.length === 0) return { queued: 0, hasMore: false };
          // The cases an API key sees: those of no group.
          const page = await readCarried(tx, { subjects, groupIds: [] }, endpoint, FILL_BATCH);
          const rows = page.rows.map((row) => {
            // What its receiver may read of it: what the keys and the URL's chooser hold (`eventForReader`).
            const event = eventForReader(toExportEvent(row), [...held]);
            return {
              automationId,
              eventId: Number(row.id),
              type: event.type,
              payload: eventPayload(event),
              nextAttemptAt: now,
            };
          });
          const inserted = await insertDeliveries(tx, rows);
          await moveCursor(tx, automationId, page.next);
          return { queued: inserted.length, hasMore: page.hasMore };
        });
        queued += step.queued;
        if (!step.hasMore) break;
      }
    }
    return queued;
  }

  /** Claims the deliveries due now and sends them; answers how many were attempted. */
  async deliverDue(): Promise<number> {
    const { db } = this.options;
    const now = this.clock.now();
    const timeoutMs = this.options.timeoutMs ?? 15_000;
    const until = new Date(now.getTime() + timeoutMs + CLAIM_MARGIN_MS);
    const claimed = await claimDueDeliveries(db, now, until, this.options.batchSize ?? 10);
    // Each attempt reads and writes on the pool (`db` is the database's, never a transaction: main.ts)
    // and records its outcome in a transaction of its own, so they go at once, a connection each.
    // Every attempt ends before the pass does, even when one fails (its outcome could not be written):
    // a pass given up at the first failure left the others sending, unseen by `stop`, which then let
    // the database close under them.
    // eslint-disable-next-line no-restricted-syntax -- attempts on the pool, each with its own connection
    const outcomes = await Promise.allSettled(claimed.map((delivery) => this.attempt(delivery)));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return claimed.length;
  }

  /** One pass: fill, then deliver. */
  async runOnce(): Promise<number> {
    const queued = await this.fill();
    const sent = await this.deliverDue();
    return queued + sent;
  }

  /**
   * What of a queued delivery goes out now: why it may not (`withheld`), or its payload as the fill
   * would queue it now. Each attempt (a retry days later, one sent again by hand) sends it only while
   * the automation's keys and whoever chose its URL still hold its topic's permissions (a creator or
   * chooser demoted or disabled, a key revoked) and its cases are still of no group (a case moved into
   * one takes its events out, as from export streams); and what the event says of records of another
   * kind (`eventForReader`) only as far as they may read them now: the payload was told as far as they
   * could at the fill, and a key revoked since may have been the one reading identifiers.
   */
  private async toSend(
    delivery: ClaimedDelivery,
    now: Date,
  ): Promise<{ withheld: string } | { payload: Record<string, unknown> }> {
    const event = queuedEvent(delivery.payload);
    if (!event) return { payload: delivery.payload };
    const { db, limits } = this.options;
    const held = await heldForDelivery(db, delivery.automationId, now, limits);
    if (deliverableTopics([event.topic], held).length === 0) {
      return {
        withheld:
          "Not sent: the automation's API keys, or whoever chose its webhook URL, no longer hold the permissions of this event's topic",
      };
    }
    if (!(await isCarriedNow(db, event.id, []))) {
      return {
        withheld: 'Not sent: this event speaks of a case now in a group, which an automation does not see',
      };
    }
    // Redacting again hides what is no longer read and keeps hidden what was: `{ hidden }` stays so.
    const queued = delivery.payload.data as ExportEvent;
    return { payload: { ...delivery.payload, data: eventForReader(queued, [...held]) } };
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { db, policy } = this.options;
    const at = this.clock.now();
    const sending = await this.toSend(delivery, at);
    if ('withheld' in sending) {
      await recordAttempt(db, delivery, {
        status: 'failed',
        nextAttemptAt: null,
        at,
        done: at,
        statusCode: null,
        durationMs: 0,
        response: sending.withheld,
      });
      return;
    }
    const body = JSON.stringify(sending.payload);
    const secrets = [delivery.secret];
    if (
      delivery.previousSecret &&
      delivery.previousSecretExpiresAt &&
      delivery.previousSecretExpiresAt > at
    ) {
      secrets.push(delivery.previousSecret);
    }
    const started = performance.now();
    let statusCode: number | null = null;
    let response: string;
    let retryAfter: number | undefined;
    try {
      const answer = await sendOutboundRequest(
        {
          url: delivery.url,
          method: 'POST',
          headers: {
            ...signedHeaders({ id: delivery.id, at, body }, secrets),
            'user-agent': 'Scamtrail-Webhooks/1',
          },
          body,
          timeoutMs: this.options.timeoutMs ?? 15_000,
          maxResponseBytes: 64 * 1024,
        },
        policy,
      );
      statusCode = answer.status;
      response = excerpt(answer.body.toString('utf8'));
      if (answer.status >= 300 && answer.status < 400) {
        response = excerpt(`Redirect to ${String(answer.headers.location ?? '')} not followed`);
      }
      retryAfter = retryAfterMs(answer.headers['retry-after'], at.getTime());
    } catch (err) {
      response = excerpt(err instanceof OutboundError ? err.message : 'The request failed');
    }
    const durationMs = Math.round(performance.now() - started);
    const done = this.clock.now();
    const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
    // An attempt sent again by hand for a delivery that had ended is the only one: no retry follows.
    const last = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS || delivery.handSend === 'once';
    let nextAttemptAt: Date | null = null;
    if (!succeeded && !last) {
      const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts - 1];
      const jittered = delay * (1 + JITTER * this.random());
      nextAttemptAt = new Date(
        done.getTime() + Math.max(jittered, Math.min(retryAfter ?? 0, 24 * 3_600_000)),
      );
    }
    await db.transaction(async (tx) => {
      const recorded = await recordAttempt(tx, delivery, {
        status: succeeded ? 'delivered' : last ? 'failed' : 'pending',
        nextAttemptAt,
        at,
        done,
        statusCode,
        durationMs,
        response,
      });
      if (!recorded) return;
      if (succeeded) return markEndpointSucceeded(tx, delivery.automationId, done);
      const failingSince = await markEndpointFailing(tx, delivery.automationId, done);
      if (statusCode === 410) {
        await disableEndpointRow(
          tx,
          delivery.automationId,
          `The receiver answered 410 Gone on ${done.toISOString()}: it asked for no more deliveries`,
          done,
        );
      } else if (done.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
        await disableEndpointRow(
          tx,
          delivery.automationId,
          `Every delivery has failed since ${failingSince.toISOString()}`,
          done,
        );
      }
    });
  }

  /** Starts the loop: a pass, then another at once while there is work, else after a rest. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass().finally(() => (this.running = null));
    }, ms);
    // The loop alone does not keep a stopping process alive.
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    let worked = 0;
    try {
      worked = await this.runOnce();
      await this.logWaiting();
      this.faultPauseMs = 0;
    } catch (err) {
      // A database fault (or anything else) pauses the loop, longer while it lasts; never the process.
      this.faultPauseMs = Math.min(Math.max(this.faultPauseMs * 2, 1_000), MAX_FAULT_PAUSE_MS);
      this.options.log.warn(
        { err },
        `webhooks: a delivery pass failed; trying again in ${this.faultPauseMs} ms`,
      );
      return this.schedule(this.faultPauseMs);
    }
    this.schedule(worked > 0 ? 0 : (this.options.idleMs ?? 1_000));
  }

  private async logWaiting() {
    const now = Date.now();
    if (now - this.lastMetricsAt < (this.options.metricsIntervalMs ?? 60_000)) return;
    this.lastMetricsAt = now;
    const waiting = await countWaiting(this.options.db);
    this.options.log.info(`webhooks: ${waiting} deliveries waiting`);
  }

  /** Stops the loop and waits for the pass in progress (its requests end within their timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
