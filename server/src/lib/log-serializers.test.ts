import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors';
import { loggerOptions, withoutQueryValues } from './log-serializers';

const TOKEN_HASH = 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c';
const STATEMENT = 'select "user_id" from "sessions" where "token_hash" = $1';

/**
 * A statement that failed as node-postgres reports it, wrapped by Drizzle with its values: by default a
 * backend PostgreSQL ended (an outage, 503); 42P01 (no such table) is a bug (500).
 */
function failedQuery(values: unknown[] = [TOKEN_HASH], code = '57P01') {
  const message =
    code === '57P01' ? 'terminating connection due to administrator command' : 'relation "x" does not exist';
  const cause = new pg.DatabaseError(message, 0, 'error');
  cause.code = code;
  return new DrizzleQueryError(STATEMENT, values, cause);
}

/** An app with the error handler, logging through the app's logger options into `lines`. */
async function appLoggingTo(lines: string[], thrown: unknown) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions({ level: 'warn', stream }, 'info') });
  await app.register(errorsPlugin);
  app.get('/api/fail', async () => {
    throw thrown;
  });
  return app;
}

describe('errors are logged without the values bound to a failed query', () => {
  it('logs an outage answered 503 with its statement and cause, not the session token hash', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, failedQuery());
    const response = await app.inject({ method: 'GET', url: '/api/fail' });
    await app.close();
    expect(response.statusCode).toBe(503);
    const log = lines.join('');
    expect(log).toContain('request failed: DATABASE_UNAVAILABLE');
    expect(log).toContain('select \\"user_id\\" from \\"sessions\\"');
    expect(log).toContain('terminating connection due to administrator command');
    expect(log).toContain('1 values, not logged');
    expect(log).not.toContain(TOKEN_HASH);
  });

  it('logs a bug answered 500 without the values either, however deep the failed query', async () => {
    const lines: string[] = [];
    const wrapped = new Error('the journal could not be written', {
      cause: failedQuery(['an entry about jane@example.org', TOKEN_HASH], '42P01'),
    });
    const app = await appLoggingTo(lines, wrapped);
    const response = await app.inject({ method: 'GET', url: '/api/fail' });
    await app.close();
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('the journal could not be written');
    expect(log).toContain('2 values, not logged');
    expect(log).not.toContain('jane@example.org');
    expect(log).not.toContain(TOKEN_HASH);
  });

  it('leaves the error itself as it was, and other errors as they are', () => {
    const err = failedQuery();
    const logged = withoutQueryValues(err) as DrizzleQueryError;
    expect(logged).toBeInstanceOf(DrizzleQueryError);
    expect(logged.params).toBeUndefined();
    expect(logged.stack).not.toContain(TOKEN_HASH);
    expect(err.params).toEqual([TOKEN_HASH]);
    expect(err.message).toContain(TOKEN_HASH);
    const plain = new Error('plain');
    expect(withoutQueryValues(plain)).toBe(plain);
  });

  it('keeps a test logger off, and gives the level when the logger is only switched on', () => {
    expect(loggerOptions(false, 'info')).toBe(false);
    expect(loggerOptions(true, 'debug')).toMatchObject({ level: 'debug' });
    expect(loggerOptions(undefined, 'warn')).toMatchObject({ level: 'warn' });
  });
});
