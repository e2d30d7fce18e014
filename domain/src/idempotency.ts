/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header): a client sends one on a POST that
 * creates something, and sends the same one again when it retries that request after losing the
 * answer; the server answers the first result again rather than creating a second record. No zod
 * here: the web's API client, in every page's first load, reads these names (the key's schema is in
 * idempotency-key.ts).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The header a replayed answer carries, so a client can tell it from a fresh one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Longest key accepted; a UUID is 36 characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
