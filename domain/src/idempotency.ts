import { text } from './text';

/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header): a client sends one on a POST that
 * creates something, and sends the same one again when it retries that request after losing the
 * answer; the server answers the first result again rather than creating a second record.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The header a replayed answer carries, so a client can tell it from a fresh one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Longest key accepted; a UUID is 36 characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * A key as the server keeps it: 1 to 255 printable ASCII characters (a header value cannot carry
 * others faithfully). The draft writes it as a structured-field string (`"…"`); the server accepts it
 * quoted or bare.
 */
export const idempotencyKeySchema = text({
  label: IDEMPOTENCY_KEY_HEADER,
  max: IDEMPOTENCY_KEY_MAX_LENGTH,
  required: true,
  trim: false,
}).regex(/^[\x20-\x7e]*$/, `${IDEMPOTENCY_KEY_HEADER} must be printable ASCII`);
