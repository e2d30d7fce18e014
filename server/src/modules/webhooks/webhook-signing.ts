import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The prefix Standard Webhooks gives a secret; the rest is 32 random bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-signature` holds one `v1,<base64 HMAC-SHA256
 * of id.timestamp.body>` per secret, separated by spaces, so a receiver still holding the secret before
 * a rotation verifies it as well as one holding the new one.
 */
export function signedHeaders(
  message: { id: string; at: Date; body: string },
  secrets: readonly string[],
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(message.id, message.at, message.body));
  return {
    'content-type': 'application/json',
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
