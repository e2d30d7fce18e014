import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, login, TEST_PASSWORD, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('changing your own password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await createTestUser(t, 'investigator');
    const here = await login(t, user.email);
    const elsewhere = await login(t, user.email);
    const res = await here.post('/api/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(res.statusCode).toBe(204);
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    await login(t, user.email, 'a brand new passphrase');
    await expect(login(t, user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const user = await createTestUser(t, 'viewer');
    const client = await login(t, user.email);
    const res = await client.post('/api/auth/password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new passphrase',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    await login(t, user.email, TEST_PASSWORD);
  });

  it('refuses a new password that is too short or unchanged', async () => {
    const user = await createTestUser(t, 'viewer');
    const client = await login(t, user.email);
    const short = await client.post('/api/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details.fields[0].field).toBe('newPassword');
    const same = await client.post('/api/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details.fields[0].field).toBe('newPassword');
  });

  it('budgets wrong current passwords per account, whatever the address: a stolen session cannot guess on', async () => {
    const user = await createTestUser(t, 'investigator');
    const client = await login(t, user.email);
    const limit = t.config.loginThrottle.maxFailuresPerAddress;
    const attempt = (currentPassword: string, remoteAddress: string) =>
      client.request({
        method: 'POST',
        url: '/api/auth/password',
        remoteAddress,
        payload: { currentPassword, newPassword: 'a brand new passphrase' },
      });
    for (let i = 0; i < limit; i++) {
      // Each guess from another address: the budget is the account's.
      expect((await attempt(`wrong guess ${i}`, `198.51.100.${i + 1}`)).statusCode).toBe(400);
    }
    const refused = await attempt(TEST_PASSWORD, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/Too many wrong current passwords/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed, and signing in is its own budget: the owner still gets in.
    await login(t, user.email, TEST_PASSWORD);
    // Another account is not held back by this one's budget.
    const other = await createTestUser(t, 'viewer');
    const otherClient = await login(t, other.email);
    const changed = await otherClient.post('/api/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(204);
  });

  it('an anonymous caller gets 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { origin: 'http://localhost:3000' },
      payload: { currentPassword: 'x', newPassword: 'amber kettle orbit' },
    });
    expect(res.statusCode).toBe(401);
  });
});
