import { randomBytes } from 'node:crypto';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type CDPSession,
  type Cookie,
  type Page,
} from '@playwright/test';
import { ADMIN } from './env';
import { startServer, type TestServer } from './server';

export type Role = 'admin' | 'investigator' | 'viewer';
export interface Account {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  originatorId: string;
}

/**
 * The origin of this worker's server (each Playwright worker is a process with a server of its own,
 * started by the `server` fixture below): the base of every URL, and the Origin the app expects.
 */
let workerServerUrl: string | null = null;

export function serverUrl(): string {
  if (!workerServerUrl) throw new Error('no e2e server yet: use the test of support/fixtures.ts');
  return workerServerUrl;
}

/** An API context signed in as the given account (cookie + the app's Origin on every request). */
export async function apiAs(email: string, password: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({
    baseURL: serverUrl(),
    extraHTTPHeaders: { origin: serverUrl() },
  });
  const res = await ctx.post('/api/auth/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`login as ${email} failed: ${res.status()} ${await res.text()}`);
  return ctx;
}

/**
 * The worker's administrator, signed in once through the API and kept for the worker's server: every
 * `createAccount` posts through it. A sign-in is a password check (Argon2id, slow on purpose), and a
 * session per account made was about 150 checks a run; the session lasts two idle hours, past any run.
 */
let adminSession: { url: string; api: Promise<APIRequestContext> } | null = null;

function adminApi(): Promise<APIRequestContext> {
  if (adminSession?.url !== serverUrl()) {
    const api = apiAs(ADMIN.email, ADMIN.password);
    const session = { url: serverUrl(), api };
    // A failed sign-in is not kept: the next call tries again.
    api.catch(() => {
      if (adminSession === session) adminSession = null;
    });
    adminSession = session;
  }
  return adminSession.api;
}

async function disposeAdminApi(): Promise<void> {
  const session = adminSession;
  adminSession = null;
  await session?.api.then((api) => api.dispose()).catch(() => undefined);
}

/** Creates a fresh user through the admin API. */
export async function createAccount(
  role: Role,
  names: Partial<Pick<Account, 'firstName' | 'lastName'>> = {},
) {
  const password = 'e2e password 123';
  const body = {
    email: `${role}-${randomBytes(4).toString('hex')}@e2e.test`,
    password,
    firstName: names.firstName ?? 'Erin',
    lastName: names.lastName ?? `${role[0].toUpperCase()}${role.slice(1)}`,
    role,
  };
  let res = await (await adminApi()).post('/api/users', { data: body });
  if (res.status() === 401) {
    // The kept session ended (a test signed the administrator out everywhere): sign in again, once.
    await disposeAdminApi();
    res = await (await adminApi()).post('/api/users', { data: body });
  }
  if (res.status() !== 201) throw new Error(`creating a ${role} failed: ${res.status()} ${await res.text()}`);
  const user = await res.json();
  return { ...body, id: user.id, originatorId: user.originatorId } as Account;
}

/** Signs the page's browser context in through the API (the session cookie lands in the context). */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: { origin: serverUrl() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A session of the account, signed in once through the API, as the cookies a browser context takes
 * (`page.context().addCookies`, cleared between tests like every cookie): for the tests of a file that
 * share one account and are not about signing in, which then check its password once a worker instead of
 * once a test (Argon2id, slow on purpose).
 */
export async function sessionCookies(account: { email: string; password: string }): Promise<Cookie[]> {
  const api = await apiAs(account.email, account.password);
  const { cookies } = await api.storageState();
  await api.dispose();
  return cookies;
}

/**
 * One server per worker, from the compiled bundle on a fresh database, so the tests of different
 * workers never see each other's data and never wait for each other's database (PGlite runs one query
 * at a time). The pages and `request` reach it through `baseURL`; `apiAs`, `createAccount` and
 * `signIn` through `serverUrl()`.
 *
 * Every test fails if any page request leaves localhost: fonts and assets are bundled, and the app
 * calls no third party.
 */
export const test = base.extend<
  {
    externalRequests: string[];
    virtualAuthenticator: () => Promise<{ cdp: CDPSession; authenticatorId: string }>;
  },
  { server: TestServer }
>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(`worker-${workerInfo.parallelIndex}`, ADMIN);
      workerServerUrl = server.url;
      await use(server);
      await disposeAdminApi();
      workerServerUrl = null;
      await server.dispose();
    },
    // Above the server's ready bound (support/server.ts): that bound's error, with the server's output,
    // is the one a slow start gives.
    { scope: 'worker', auto: true, timeout: 330_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  /**
   * Adds a passkey authenticator to the test's page (Chromium's virtual one, through CDP: internal,
   * resident keys, user verified, presence simulated), answers its id and CDP session (to clear its
   * credentials, say), and removes it when the test ends. The worker's tests share one browser context and page, and Chromium keeps an authenticator past the CDP session
   * that added it: the next test's would be refused ("only one internal authenticator").
   */
  virtualAuthenticator: async ({ page }, use) => {
    const added: { cdp: CDPSession; authenticatorId: string }[] = [];
    await use(async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      added.push({ cdp, authenticatorId });
      return { cdp, authenticatorId };
    });
    for (const { cdp, authenticatorId } of added) {
      // A page the test closed took its authenticator with it.
      if (page.isClosed()) break;
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await cdp.send('WebAuthn.disable');
      await cdp.detach();
    }
  },
  externalRequests: [
    async ({ context }, use) => {
      const external: string[] = [];
      context.on('request', (req) => {
        const url = new URL(req.url());
        if (
          !['localhost', '127.0.0.1'].includes(url.hostname) &&
          !['data:', 'blob:'].includes(url.protocol)
        ) {
          external.push(req.url());
        }
      });
      await use(external);
      expect(external, 'requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
