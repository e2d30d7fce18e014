import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors';

/**
 * Faults of the database or the disk answer 503 with Retry-After and a code saying which, in the one
 * error shape; everything else that is not an AppError stays a 500, so bugs are not hidden as outages.
 */
let app: FastifyInstance;
let thrown: unknown;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/api/fail', async () => {
    throw thrown;
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** A PostgreSQL error as node-postgres reports it. */
const sqlState = (code: string, message = `PostgreSQL says ${code}`) => {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  return error;
};
/** Drizzle wraps the driver's error in its own, with the statement. */
const drizzled = (cause: Error) => new DrizzleQueryError('insert into "tags" ...', [], cause);

const database = { code: 'DATABASE_UNAVAILABLE', retryAfter: '2' };
const busy = { code: 'DATABASE_UNAVAILABLE', retryAfter: '1' };
const storage = { code: 'STORAGE_UNAVAILABLE', retryAfter: '30' };

describe('the error handler answers faults of the database and the disk with 503', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), database],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET'), database],
    ['a socket timeout', withCode('connect ETIMEDOUT', 'ETIMEDOUT'), database],
    [
      'refused on every address of a name',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
      database,
    ],
    [
      'a backend terminated (57P01)',
      sqlState('57P01', 'terminating connection due to administrator command'),
      database,
    ],
    ['a crashed server (57P02)', sqlState('57P02'), database],
    ['a server starting up (57P03)', sqlState('57P03', 'the database system is starting up'), database],
    ['a connection exception (class 08)', sqlState('08006'), database],
    ['too many connections (class 53)', sqlState('53300'), database],
    ['the idle-in-transaction timeout (25P03)', sqlState('25P03'), database],
    ['a lost connection mid-statement', new Error('Connection terminated unexpectedly'), database],
    ['a connection that timed out', new Error('Connection terminated due to connection timeout'), database],
    ['no free pooled connection in time', new Error('timeout exceeded when trying to connect'), database],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
      database,
    ],
    ['a closed PGlite', new Error('PGlite is closed'), database],
    ['a wrapped lost connection', drizzled(sqlState('57P01')), database],
    [
      'a statement timeout (57014)',
      drizzled(sqlState('57014', 'canceling statement due to statement timeout')),
      busy,
    ],
    ['a silent server', new Error('Query read timeout'), busy],
    ['a serialization failure (40001)', drizzled(sqlState('40001')), busy],
    ['a deadlock (40P01)', drizzled(sqlState('40P01')), busy],
    ['the database disk full (53100)', drizzled(sqlState('53100')), storage],
    ['an I/O error of the database (58030)', sqlState('58030'), storage],
    ['a full disk', withCode('ENOSPC: no space left on device, write', 'ENOSPC'), storage],
    ['a full quota', withCode('EDQUOT: disk quota exceeded', 'EDQUOT'), storage],
    ['a read-only file system', withCode('EROFS: read-only file system', 'EROFS'), storage],
    ['a failing disk', withCode('EIO: i/o error, read', 'EIO'), storage],
    [
      'a data directory the server may not write',
      withCode("EACCES: permission denied, open '/data/evidence/tmp/x'", 'EACCES'),
      storage,
    ],
    [
      'a file the server may not change',
      withCode("EPERM: operation not permitted, chmod '/data/x'", 'EPERM'),
      storage,
    ],
  ])('%s', async (_, error, expected) => {
    thrown = error;
    const res = await app.inject('/api/fail');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(expected.retryAfter);
    const body = res.json();
    expect(body.error.code).toBe(expected.code);
    // Plain words for the user; never the SQL, the address or the driver's message.
    expect(body.error.message).toMatch(/try again/);
    expect(JSON.stringify(body)).not.toMatch(/insert|5432|PostgreSQL says|ENOSPC|EACCES|\/data|terminat/);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation nobody mapped', drizzled(sqlState('23505'))],
    ['a syntax error', drizzled(sqlState('42601'))],
    ['a missing file', withCode('ENOENT: no such file or directory', 'ENOENT')],
  ])('and still answers %s with 500', async (_, error) => {
    thrown = error;
    const res = await app.inject('/api/fail');
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
  });
});
