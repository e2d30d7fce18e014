import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginFailures } from '../../db/schema/index';
import { passwordHashes } from '../../lib/password';
import { buildTestApp, createTestUser, PUBLIC_URL, TEST_PASSWORD, type TestApp } from '../../../test/helpers';

/**
 * Password spraying: one address tries a few passwords on many accounts, which the limits per
 * account never see. The address has a budget of failures on all accounts together.
 */

function postLogin(t: TestApp, email: string, password: string, from: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: { origin: PUBLIC_URL },
    payload: { email, password },
  });
}

const SPRAYED_MESSAGE =
  /^Too many failed sign-in attempts from your network\. Please wait \d+ minutes? and try again\.$/;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('password spraying with the default budget (50 failures in 15 minutes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an address after 50 failures across 50 accounts, before any hash; the right password from another address still gets in', async () => {
    const accounts = [];
    for (let i = 0; i < 51; i++) accounts.push(await createTestUser(t, 'viewer'));
    for (const account of accounts.slice(0, 50)) {
      expect((await postLogin(t, account.email, 'Winter2026!', '203.0.113.9')).statusCode).toBe(401);
    }

    const hashes = vi.spyOn(passwordHashes, 'run');
    for (const password of ['Winter2026!', TEST_PASSWORD]) {
      const refused = await postLogin(t, accounts[50].email, password, '203.0.113.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(SPRAYED_MESSAGE) },
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    expect(hashes).not.toHaveBeenCalled();
    // Refused attempts are not counted: the address is free again when its real failures age out.
    const [{ count }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(eq(loginFailures.address, '203.0.113.9'));
    expect(count).toBe(50);

    hashes.mockRestore();
    for (const account of [accounts[0], accounts[50]]) {
      expect((await postLogin(t, account.email, TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    }
  });

  it('counts parallel guesses from one address against each other', async () => {
    const emails = Array.from({ length: 60 }, () => `nobody-${randomBytes(4).toString('hex')}@example.com`);
    const responses = await Promise.all(
      emails.map((email) => postLogin(t, email, 'Winter2026!', '203.0.113.10')),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(50);
  });
});

describe('password spraying with a budget set by LOGIN_ADDRESS_FAILURE_LIMIT and LOGIN_ADDRESS_WINDOW_MINUTES', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_ADDRESS_FAILURE_LIMIT: '3', LOGIN_ADDRESS_WINDOW_MINUTES: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Moves the address's oldest failure back in time. */
  async function ageOldestFailure(address: string, seconds: number) {
    await t.database.db.execute(sql`
      update login_failures set created_at = now() - make_interval(secs => ${seconds})
      where id = (select id from login_failures where address = ${address} order by created_at limit 1)`);
  }

  it('refuses after the budget until the oldest failure leaves the window, and says when', async () => {
    const accounts = [];
    for (let i = 0; i < 4; i++) accounts.push(await createTestUser(t, 'investigator'));
    for (const account of accounts.slice(0, 3)) {
      expect((await postLogin(t, account.email, 'Winter2026!', '203.0.113.20')).statusCode).toBe(401);
    }
    const refused = await postLogin(t, accounts[3].email, TEST_PASSWORD, '203.0.113.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'Too many failed sign-in attempts from your network. Please wait 2 minutes and try again.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(100);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(120);

    // Retry-After is when the oldest failure leaves the 2-minute window: 30 s after it is 90 s old.
    await ageOldestFailure('203.0.113.20', 90);
    const later = await postLogin(t, accounts[3].email, TEST_PASSWORD, '203.0.113.20');
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeGreaterThanOrEqual(28);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(later.json().error.message).toBe(
      'Too many failed sign-in attempts from your network. Please wait 1 minute and try again.',
    );

    // Once it has left, the address may try again.
    await ageOldestFailure('203.0.113.20', 121);
    expect((await postLogin(t, accounts[3].email, TEST_PASSWORD, '203.0.113.20')).statusCode).toBe(200);
  });

  it('never refuses the right password from another address, nor another address of the same office', async () => {
    const user = await createTestUser(t, 'viewer');
    for (let i = 0; i < 3; i++) {
      const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
      expect((await postLogin(t, email, 'Winter2026!', '203.0.113.30')).statusCode).toBe(401);
    }
    expect((await postLogin(t, user.email, TEST_PASSWORD, '203.0.113.30')).statusCode).toBe(429);
    expect((await postLogin(t, user.email, TEST_PASSWORD, '203.0.113.31')).statusCode).toBe(200);
  });
});
