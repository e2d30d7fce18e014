import { describe, expect, it } from 'vitest';
import { apiKeyStatus, createApiKeyBodySchema, webhookUrlSchema } from './automations';

describe('API key status', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('is revoked, expired or active', () => {
    expect(apiKeyStatus({ revokedAt: '2025-12-01T00:00:00Z', expiresAt: null }, now)).toBe('revoked');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: '2025-12-31T23:59:59Z' }, now)).toBe('expired');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: '2026-06-01T00:00:00Z' }, now)).toBe('active');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: null }, now)).toBe('active');
  });
});

describe('API key form', () => {
  it('refuses the wildcard and unknown permissions by position', () => {
    const result = createApiKeyBodySchema.safeParse({ name: 'k', scopes: ['tag.view', '*', 'tag.fly'] });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['scopes.1', 'scopes.2']);
  });

  it('requires at least one scope and a future expiry', () => {
    expect(createApiKeyBodySchema.safeParse({ name: 'k', scopes: [] }).success).toBe(false);
    const past = { name: 'k', scopes: ['tag.view'], expiresAt: '2000-01-01T00:00:00Z' };
    const refused = createApiKeyBodySchema.safeParse(past);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['expiresAt', 'Expiry must be in the future'],
    ]);
  });
});

describe('webhook URL', () => {
  it('accepts http and https only', () => {
    expect(webhookUrlSchema.safeParse('https://hooks.example.com/x').success).toBe(true);
    expect(webhookUrlSchema.safeParse('http://hooks.example.com/x').success).toBe(true);
    expect(webhookUrlSchema.safeParse('ftp://hooks.example.com/x').success).toBe(false);
    expect(webhookUrlSchema.safeParse('file:///etc/passwd').success).toBe(false);
  });
});
