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
