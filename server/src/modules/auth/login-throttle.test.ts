import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { sessions } from '../../db/schema/index';
import { buildTestApp, createTestUser, PUBLIC_URL, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import { signInDelayMs, throttleAddress } from './login-throttle';

const defaults = loadConfig({}).loginThrottle;

describe('signInDelayMs', () => {
  it('does not delay below the threshold, then doubles from 500 ms up to the cap', () => {
    const throttle = { delayAfterFailures: 5, maxDelayMs: 10_000 };
    const delays = [0, 4, 5, 6, 7, 8, 9, 10, 50, 10_000].map((n) => signInDelayMs(n, throttle));
    expect(delays).toEqual([0, 0, 500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('never delays when the cap is 0', () => {
    expect(signInDelayMs(100, { delayAfterFailures: 1, maxDelayMs: 0 })).toBe(0);
  });
});

describe('throttleAddress', () => {
  it('counts IPv4 as is, an IPv4-mapped address as its IPv4 and IPv6 by its /64', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:2:ffff::9')).toBe(throttleAddress('2001:db8:1:2::1'));
    expect(throttleAddress('2001:db8:1:3::1')).not.toBe(throttleAddress('2001:db8:1:2::1'));
  });
});

describe('sign-in throttling', () => {
  let t: TestApp;
  /** The delays sign-in asked to wait, instead of waiting them. */
  const delays: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(
      { TRUST_PROXY: '10.0.0.1' },
      {
        loginThrottle: {
          ...defaults,
          sleep: async (ms) => {
            delays.push(ms);
          },
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    delays.length = 0;
  });

  function postLogin(email: string, password: string, from: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: from,
      headers: { origin: PUBLIC_URL, ...headers },
      payload: { email, password },
    });
  }

  const unknownEmail = () => `nobody-${randomBytes(4).toString('hex')}@example.com`;

  it('never refuses the right password because of failures on other accounts from the same address', async () => {
    const admin = await createTestUser(t, 'admin');
    const other = await createTestUser(t, 'viewer');
    const targets = [other.email, unknownEmail(), unknownEmail(), unknownEmail(), unknownEmail()];
    for (const email of targets) {
      for (let i = 0; i < 5; i++) {
        expect((await postLogin(email, 'wrong password', '198.51.100.20')).statusCode).toBe(401);
      }
    }
    const res = await postLogin(admin.email, TEST_PASSWORD, '198.51.100.20');
    expect(res.statusCode).toBe(200);
    expect(delays).toEqual([]);
  });

  it('refuses an address that keeps failing on an account, while the right password works from another', async () => {
    const user = await createTestUser(t, 'investigator');
    const other = await createTestUser(t, 'viewer');
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(user.email, 'wrong password', '198.51.100.30');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid email or password');
    }
    const refused = await postLogin(user.email, TEST_PASSWORD, '198.51.100.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    expect(refused.headers['retry-after']).toBe('900');
    expect((await postLogin(other.email, TEST_PASSWORD, '198.51.100.30')).statusCode).toBe(200);
    expect((await postLogin(user.email, TEST_PASSWORD, '198.51.100.31')).statusCode).toBe(200);
  });

  it('forgets the failures of the address that signs in, and only of that address', async () => {
    const user = await createTestUser(t, 'viewer');
    for (let i = 0; i < 5; i++) {
      expect((await postLogin(user.email, 'wrong password', '198.51.100.40')).statusCode).toBe(401);
    }
    for (let i = 0; i < 4; i++) {
      expect((await postLogin(user.email, 'wrong password', '198.51.100.41')).statusCode).toBe(401);
    }
    expect((await postLogin(user.email, TEST_PASSWORD, '198.51.100.41')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await postLogin(user.email, 'wrong password', '198.51.100.41')).statusCode).toBe(401);
    }
    expect((await postLogin(user.email, TEST_PASSWORD, '198.51.100.41')).statusCode).toBe(429);
    expect((await postLogin(user.email, TEST_PASSWORD, '198.51.100.40')).statusCode).toBe(429);
  });

  it('slows an account attacked from many addresses, up to the cap, and still lets its owner in', async () => {
    const user = await createTestUser(t, 'admin');
    for (let i = 1; i <= 12; i++) {
      expect((await postLogin(user.email, 'wrong password', `192.0.2.${i}`)).statusCode).toBe(401);
    }
    // Attempts 6 to 12 waited, each longer than the one before, up to the 10 s cap.
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    delays.length = 0;
    expect((await postLogin(user.email, TEST_PASSWORD, '192.0.2.100')).statusCode).toBe(200);
    expect(delays).toEqual([10_000]);
  });

  it('counts parallel guesses from one address against each other', async () => {
    const user = await createTestUser(t, 'viewer');
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => postLogin(user.email, 'wrong password', '198.51.100.50')),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it does not help', async () => {
    const user = await createTestUser(t, 'viewer');
    for (let i = 1; i <= 5; i++) {
      expect((await postLogin(user.email, 'wrong password', `2001:db8:7:7::${i}`)).statusCode).toBe(401);
    }
    expect((await postLogin(user.email, 'wrong password', '2001:db8:7:7::99')).statusCode).toBe(429);
    expect((await postLogin(user.email, TEST_PASSWORD, '2001:db8:7:8::1')).statusCode).toBe(200);
  });

  it('takes the client address from X-Forwarded-For only when a trusted proxy sent the request', async () => {
    const user = await createTestUser(t, 'viewer');
    const viaProxy = (client: string) => ({ 'x-forwarded-for': client });
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(user.email, 'wrong password', '10.0.0.1', viaProxy('198.51.100.60'));
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await postLogin(user.email, TEST_PASSWORD, '10.0.0.1', viaProxy('198.51.100.60'))).statusCode,
    ).toBe(429);
    // Another client behind the same proxy is another address.
    const other = await postLogin(user.email, TEST_PASSWORD, '10.0.0.1', viaProxy('198.51.100.61'));
    expect(other.statusCode).toBe(200);
    const [session] = await t.database.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(session.ip).toBe('198.51.100.61');

    // A caller that is not a trusted proxy cannot pick its address by sending the header.
    const victim = await createTestUser(t, 'viewer');
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(victim.email, 'wrong password', '198.51.100.70', viaProxy(`192.0.2.${i}`));
      expect(res.statusCode).toBe(401);
    }
    const spoofed = await postLogin(victim.email, TEST_PASSWORD, '198.51.100.70', viaProxy('192.0.2.99'));
    expect(spoofed.statusCode).toBe(429);
  });
});
