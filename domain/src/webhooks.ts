import { z } from 'zod';
import { EXPORT_TOPICS, readableTopics, type ExportTopic } from './export-streams';
import { pageQuery, paginated } from './pagination';
import { responseText } from './text';

/**
 * Webhooks: an automation with a webhook URL receives the events of the topics it subscribes to as
 * signed POSTs (Standard Webhooks), from a durable queue, retried on failure. What it receives is what
 * its API keys may read now: the permissions of each topic, and the cases of no group.
 */

/** How long after each failed attempt the next one is made; its length is the most attempts minus one. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  24 * 3_600_000,
] as const;
/** Attempts of one delivery: the first, at once, and one after each delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** An endpoint whose every delivery failed for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** How long the secret before a rotation still signs deliveries beside the new one. */
export const WEBHOOK_PREVIOUS_SECRET_MS = 24 * 3_600_000;
/** The type of a test ping's payload. */
export const WEBHOOK_PING_TYPE = 'webhook.ping';

/**
 * The topics, of those subscribed to, whose events permissions held by a key let through: a stream
 * reader's rule (`EXPORT_TOPIC_PERMISSIONS`).
 */
export function deliverableTopics(topics: readonly ExportTopic[], held: ReadonlySet<string>): ExportTopic[] {
  return readableTopics(topics, [...held]);
}

export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const webhookEndpointSchema = z
  .object({
    automationId: responseText(),
    /** The automation's webhook URL; null when it has none (nothing is delivered). */
    url: responseText()
      .nullable()
      .describe(
        "The automation's webhook URL, null when it has none; in full only for callers who may change " +
          'the automation, others get its origin alone (scheme, host and port)',
      ),
    status: z.enum(WEBHOOK_STATUSES),
    /** Why deliveries stopped (a 410, or failures for days), while disabled. */
    disabledReason: responseText().nullable(),
    disabledAt: responseText().nullable(),
    topics: z.array(z.enum(EXPORT_TOPICS)).describe('The topics subscribed to'),
    deliveredTopics: z
      .array(z.enum(EXPORT_TOPICS))
      .describe(
        "The subscribed topics whose events are delivered now: those the automation's live API keys may read",
      ),
    hasSecret: z.boolean().describe('False until a signing secret is made; nothing is sent before'),
    /** Until when the secret before the last rotation still signs deliveries (a second signature). */
    previousSecretExpiresAt: responseText().nullable(),
    /** Deliveries waiting for their next attempt. */
    waiting: z.number().int(),
    /** When failing deliveries started, without a success since. */
    failingSince: responseText().nullable(),
    /** Its version (the ETag's): moved on by each change of its topics, secret or status. */
    updatedAt: responseText(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const updateWebhookBodySchema = z.object({
  topics: z
    .array(z.enum(EXPORT_TOPICS, { message: `topics must be among ${EXPORT_TOPICS.join(', ')}` }), {
      error: 'topics must be a list of topics',
    })
    .max(EXPORT_TOPICS.length)
    .transform((topics) => EXPORT_TOPICS.filter((topic) => topics.includes(topic)))
    .describe('The topics to subscribe to (empty: test pings only)'),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookSecretSchema = z
  .object({
    secret: responseText().describe('The new signing secret (`whsec_…`); shown only now'),
    endpoint: webhookEndpointSchema,
  })
  .meta({ id: 'WebhookSecret' });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const webhookDeliverySchema = z
  .object({
    /** Sent as `webhook-id` on every attempt. */
    id: responseText(),
    /** The event's type, or `webhook.ping`. */
    type: responseText(),
    eventId: responseText().nullable(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastAttemptAt: responseText().nullable(),
    /** The receiver's HTTP status; null when it did not answer. */
    lastStatusCode: z.number().int().nullable(),
    lastDurationMs: z.number().int().nullable(),
    /** The start of the receiver's answer, or why there was none. */
    lastResponse: responseText().nullable(),
    nextAttemptAt: responseText().nullable(),
    createdAt: responseText(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.object({ ...pageQuery(25, 100) });
export const webhookDeliveryListSchema = paginated(webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid({ message: 'id must be a UUID' }),
  deliveryId: z.uuid({ message: 'deliveryId must be a UUID' }),
});

/** What became of one attempt: still waiting for the answer, answered, or cut short by a stop. */
export const WEBHOOK_ATTEMPT_OUTCOMES = ['sending', 'delivered', 'failed', 'interrupted'] as const;
export type WebhookAttemptOutcome = (typeof WEBHOOK_ATTEMPT_OUTCOMES)[number];
export const WEBHOOK_ATTEMPT_OUTCOME_LABELS: Record<WebhookAttemptOutcome, string> = {
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
  interrupted: 'No answer recorded',
};

export const webhookAttemptSchema = z
  .object({
    id: responseText(),
    /** The delivery (its `webhook-id`). */
    deliveryId: responseText(),
    /** The delivery's event type, or `webhook.ping`. */
    type: responseText(),
    eventId: responseText().nullable(),
    /** 1 for the delivery's first attempt; attempts sent again by hand count on. */
    attempt: z.number().int(),
    /** Asked for with "Send again". */
    byHand: z.boolean(),
    startedAt: responseText(),
    finishedAt: responseText().nullable(),
    outcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES),
    /** The receiver's HTTP status; null when it did not answer. */
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    /** The start of the receiver's answer (500 characters), or why there was none. */
    response: responseText().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListQuerySchema = z.object({
  ...pageQuery(25, 100),
  deliveryId: z
    .uuid({ message: 'deliveryId must be a UUID' })
    .optional()
    .describe("Only this delivery's attempts"),
});
export const webhookAttemptListSchema = paginated(webhookAttemptSchema);
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;
