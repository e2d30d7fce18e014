import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex digest; secrets (session tokens, API keys) are stored only this way. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random 256-bit token, URL-safe base64. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export const API_KEY_PREFIX = 'stk_';

/** A new API key: the secret (shown once) and the prefix kept to tell keys apart. */
export function generateApiKey(): { key: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 8) };
}
