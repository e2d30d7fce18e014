import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, PUBLIC_URL, TEST_PASSWORD, type TestApp } from '../../../test/helpers';

/**
 * The session cookie's name and attributes by the scheme of PUBLIC_URL: under https the `__Host-` prefix
 * (Secure, Path=/, no Domain), which a browser lets no other host set; over http the plain name.
 */

const HTTPS_URL = 'https://scamtrail.example';

async function signIn(t: TestApp, origin: string) {
  const user = await createTestUser(t, 'investigator');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin },
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

function me(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
}

describe('under https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: HTTPS_URL });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets the session as a __Host- cookie: Secure, Path=/, no Domain', async () => {
    const res = await signIn(t, HTTPS_URL);
    expect(res.cookies.map((c) => c.name)).toEqual(['__Host-scamtrail_session']);
    const [cookie] = res.cookies;
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie.domain).toBeUndefined();
  });

  it('reads only the __Host- cookie: one of the plain name, as another host could set, is no session', async () => {
    const [cookie] = (await signIn(t, HTTPS_URL)).cookies;
    expect((await me(t, `__Host-scamtrail_session=${cookie.value}`)).statusCode).toBe(200);
    expect((await me(t, `scamtrail_session=${cookie.value}`)).statusCode).toBe(401);
  });

  it('clears the __Host- cookie on sign-out, with the attributes a browser needs to accept it', async () => {
    const [cookie] = (await signIn(t, HTTPS_URL)).cookies;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: HTTPS_URL, cookie: `__Host-scamtrail_session=${cookie.value}` },
      payload: {},
    });
    expect(res.statusCode).toBe(204);
    const [cleared] = res.cookies;
    expect(cleared).toMatchObject({ name: '__Host-scamtrail_session', value: '', secure: true, path: '/' });
    expect(cleared.domain).toBeUndefined();
  });
});

describe('over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets the plain name, not Secure (a browser would drop a __Host- cookie without it)', async () => {
    const res = await signIn(t, PUBLIC_URL);
    expect(res.cookies.map((c) => c.name)).toEqual(['scamtrail_session']);
    expect(res.cookies[0].secure).toBeFalsy();
    expect((await me(t, `scamtrail_session=${res.cookies[0].value}`)).statusCode).toBe(200);
  });
});
