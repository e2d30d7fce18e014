import { IDEMPOTENCY_KEY_HEADER } from '@scamtrail/domain/idempotency';

export { IDEMPOTENCY_KEY_HEADER };

/** Attempts of creating requests kept unanswered at most; the oldest are forgotten first. */
const MAX_PENDING = 50;

/** A random UUID; crypto.randomUUID only exists in secure contexts (HTTPS, localhost). */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function bodyText(body: unknown): string {
  if (!(body instanceof FormData)) return JSON.stringify(body ?? {});
  const entries = [...body.entries()].map(([name, value]) =>
    typeof value === 'string'
      ? [name, value]
      : [name, { file: value.name, size: value.size, type: value.type, modified: value.lastModified }],
  );
  return JSON.stringify(entries);
}

/**
 * The `Idempotency-Key`s of creating requests. A submission gets a key on its first attempt and keeps
 * it, while unanswered, for every attempt of the same request (the same method, path and body): the
 * user pressing Create again after a network error sends the same key, and the server answers the
 * first result rather than creating twice. Once answered, the same values submitted again are a new
 * request with a new key; other values are another request, with a key of their own.
 */
export function createIdempotencyKeys(newKey: () => string = randomKey) {
  const pending = new Map<string, string>();
  const requestOf = (method: string, path: string, body: unknown) => `${method} ${path}\n${bodyText(body)}`;
  return {
    keyFor(method: string, path: string, body: unknown): string {
      const request = requestOf(method, path, body);
      const known = pending.get(request);
      if (known) return known;
      const key = newKey();
      pending.set(request, key);
      if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value!);
      return key;
    },
    /** The request was answered with success: the next identical one is a new request. */
    answered(method: string, path: string, body: unknown): void {
      pending.delete(requestOf(method, path, body));
    },
  };
}
