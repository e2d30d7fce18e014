import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors';
import { healthRoutes } from './health.routes';
import { readinessCheck, type ReadinessChecks } from './readiness';

let app: FastifyInstance | undefined;
const scratch: string[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const scratchDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'scamtrail-ready-'));
  scratch.push(dir);
  return dir;
};

async function readyApp(checks: ReadinessChecks) {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(healthRoutes, checks);
  await app.ready();
  return app;
}

const answers = async () => {};
const never = () => new Promise<void>(() => {});

describe('/api/ready', () => {
  it('answers 200 when the database answers and the data directory takes a file, and leaves none', async () => {
    const dir = scratchDir();
    const res = await (await readyApp({ ping: answers, writableDir: dir })).inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('answers 503 within its deadline when the database does not answer at all', async () => {
    const started = Date.now();
    const res = await (await readyApp({ ping: never, deadlineMs: 200 })).inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: 'Database unreachable' } });
    // The deadline, not the ping, ended it (a generous bound for a busy machine).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives the database its deadline, so a silent connection is given up too', async () => {
    let asked: number | undefined;
    await (
      await readyApp({
        ping: async (ms) => {
          asked = ms;
        },
        deadlineMs: 1234,
      })
    ).inject('/api/ready');
    expect(asked).toBe(1234);
  });

  it('answers 503 STORAGE_UNAVAILABLE when the data directory cannot be written', async () => {
    // A path under a regular file cannot be created, whoever runs the test (root ignores modes).
    const file = join(scratchDir(), 'a-file');
    writeFileSync(file, 'x');
    const res = await (
      await readyApp({ ping: answers, writableDir: join(file, 'data') })
    ).inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json().error.code).toBe('STORAGE_UNAVAILABLE');
  });

  it('checks once at a time however often it is polled', async () => {
    let pings = 0;
    let answer = () => {};
    const ping = () => {
      pings += 1;
      return new Promise<void>((resolve) => (answer = resolve));
    };
    const ready = readinessCheck({ ping, deadlineMs: 60_000 });
    const polls = Promise.all([ready(), ready(), ready()]);
    answer();
    await polls;
    expect(pings).toBe(1);
    // Done, the next poll checks anew.
    const again = ready();
    answer();
    await again;
    expect(pings).toBe(2);
  });
});
