import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import type { Role } from '@scamtrail/domain/permissions';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { everyEventReadable } from '../src/modules/export-streams/export-streams.repository';
import { createUser, createUserWithHash } from '../src/modules/users/users.service';
import { scratchPostgresDatabase } from './scratch-database';

export const PUBLIC_URL = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct horse battery';

let template: Promise<Blob> | undefined;
/**
 * The run's migrated PGlite dump (pglite-global-setup.ts), read once per worker (its files share one
 * module graph): a Blob never changes, and PGlite copies what it reads from it into the new database's
 * own file system. Reading the 43 MB file into a new Blob for each file was a sixth of a file's
 * PGlite start.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * A fresh database for one test file: in-memory PGlite opened from the run's migrated dump
 * (pglite-global-setup.ts), or (when the suite runs with TEST_DB=postgres) a throw-away clone of the
 * migrated template database (global-setup.ts).
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    return openDatabase({ dataDir: 'memory://', template: await pgliteTemplate() });
  }
  const scratch = await scratchPostgresDatabase('t');
  const database = await openDatabase({ url: scratch.url, maxConnections: 4 });
  const close = database.close;
  database.close = async () => {
    await close();
    await scratch.drop();
  };
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every route the app registered, hidden from the OpenAPI document or not. */
  routes: RouteOptions[];
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  return testAppOn(await createTestDatabase(), env, overrides);
}

/**
 * The test app (buildTestApp's configuration) on a database the test opened itself (a PostgreSQL
 * database with short statement timeouts, PGlite on a small disk); closing it closes the database.
 */
export async function testAppOn(
  database: Database,
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const config = {
    // Tests sign in from one address many times a minute: the budget of anonymous writes per address
    // (plugins/public-write-limit.ts) is lifted unless a test sets its own (public-write-limits.test.ts).
    ...loadConfig({ PUBLIC_URL, LOG_LEVEL: 'silent', PUBLIC_WRITES_PER_ADDRESS: '1000000', ...env }),
    // Exact list totals get the time they need: the 10 ms production time box would turn them into
    // estimates at random on a busy test machine.
    listCountTimeBoxMs: 60_000,
    // No test depends on DNS: a webhook host name resolves only where a test injects a resolver.
    resolveHost: () => Promise.reject(new Error('tests do not resolve host names')),
    ...overrides,
  };
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    verifyResponses: true,
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    routes,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Argon2id, as every stored password is hashed, at the least memory and passes the algorithm allows
 * for one lane (8 KiB, one pass) instead of the product's 19 MiB and two passes (lib/password.ts):
 * the parameters travel in the hash, so signing in verifies it with the real `verifyPassword` at this
 * cost. Each sign-in of a test user spent a CPU's 9 ms (20 on a slow CI machine) in argon2 and 19 MiB;
 * it spends about 0.1 ms. Passwords set through the API (and `createTestUser` given a password) still
 * get the product's parameters. `algorithm: 2` is `Algorithm.Argon2id`, a const enum.
 */
const TEST_HASH_OPTIONS = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 };

/**
 * TEST_PASSWORD's hash, made once per worker (its files share one module graph): most tests make
 * their users with it.
 */
let testPasswordHash: Promise<string> | undefined;
function hashOfTestPassword(): Promise<string> {
  testPasswordHash ??= hash(TEST_PASSWORD, TEST_HASH_OPTIONS);
  return testPasswordHash;
}

let counter = 0;
/**
 * Creates a user with the given role directly through the service, with TEST_PASSWORD's hash made once
 * unless another password is given (signing in checks it as any other).
 */
export async function createTestUser(
  t: TestApp,
  role: Role,
  overrides: Partial<{ email: string; password: string }> = {},
) {
  counter += 1;
  const body = {
    email: overrides.email ?? `${role}${counter}-${randomBytes(3).toString('hex')}@example.com`,
    firstName: role[0].toUpperCase() + role.slice(1),
    lastName: `Tester${counter}`,
    role,
  };
  if (overrides.password !== undefined) {
    return createUser(t.database.db, { ...body, password: overrides.password });
  }
  return createUserWithHash(t.database.db, body, await hashOfTestPassword());
}

/** A cookie-authenticated caller: every request carries the session cookie and the app's Origin. */
export interface Client {
  cookie: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export function clientWithHeaders(app: FastifyInstance, headers: Record<string, string>): Client {
  const request = (options: InjectOptions) =>
    app.inject({ ...options, headers: { origin: PUBLIC_URL, ...headers, ...(options.headers ?? {}) } });
  const withBody = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (url: string, payload?: unknown) =>
    request({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    cookie: headers.cookie ?? '',
    request,
    get: (url) => request({ method: 'GET', url }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: withBody('DELETE'),
  };
}

/** Signs in through the real login route and returns a client carrying the session cookie. */
export async function login(t: TestApp, email: string, password = TEST_PASSWORD): Promise<Client> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: PUBLIC_URL },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'scamtrail_session');
  if (!cookie) throw new Error('login set no session cookie');
  return clientWithHeaders(t.app, { cookie: `scamtrail_session=${cookie.value}` });
}

/** Creates a user of the role and signs them in. */
export async function signedIn(t: TestApp, role: Role) {
  const user = await createTestUser(t, role);
  return { user, client: await login(t, user.email) };
}

/**
 * Waits until every event written so far is readable by every later read of export streams and webhooks
 * (`everyEventReadable`). On PostgreSQL a transaction of another test file's database that ends while a
 * read looks at the running ones cannot be told from one of this database and holds the events back
 * for a moment; a test that reads "everything so far" waits for this first, instead of taking a
 * shorter answer for the end.
 */
export async function untilEveryEventReadable(t: TestApp): Promise<void> {
  while (!(await everyEventReadable(t.database.db))) {
    // Look again: each statement takes a new snapshot, without the transaction that has ended.
  }
}
