import { describe, expect, it } from 'vitest';
import { apiKeyStatus, createApiKeyBodySchema, webhookUrlOrigin, webhookUrlSchema } from './automations';

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

describe('webhook URL origin', () => {
  it('keeps the scheme, host and port; drops the path, query, fragment and user name', () => {
    expect(webhookUrlOrigin('https://Hooks.Example.com:8443/in/t0ken?key=k#x')).toBe(
      'https://hooks.example.com:8443',
    );
    expect(webhookUrlOrigin('http://user:pa%40ss@hooks.example.com/t')).toBe('http://hooks.example.com');
    expect(webhookUrlOrigin('https://a@b@hooks.example.com?k')).toBe('https://hooks.example.com');
    expect(webhookUrlOrigin('https://[2606:2800::1]:9/x')).toBe('https://[2606:2800::1]:9');
    expect(webhookUrlOrigin('https://hooks.example.com\\t0ken@x')).toBe('https://hooks.example.com');
    expect(webhookUrlOrigin(null)).toBeNull();
    expect(webhookUrlOrigin('not a url')).toBeNull();
  });
});
