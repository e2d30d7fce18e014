import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from './global-setup';

const mainPath = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ADMIN_EMAIL = 'admin@example.com';

/** Distinct free ports: each is held until all are found, so none is handed out twice. */
async function freePorts(n: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < n; i++) {
    const srv = createServer();
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    servers.push(srv);
    ports.push((srv.address() as { port: number }).port);
  }
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

async function until(condition: () => Promise<boolean>, failIf: () => string | undefined) {
  while (!(await condition())) {
    const failure = failIf();
    if (failure) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  }) as ChildProcessWithoutNullStreams;
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const early = () => (child.exitCode !== null ? `server exited early:\n${output}` : undefined);
  return { child, exited, early, output: () => output };
}

describe.runIf(process.env.TEST_DB === 'postgres')('instances started together', () => {
  it('all come up on a new database, which gets its schema and one administrator', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `scamtrail_start_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(base, name);
    const gate = new pg.Client({ connectionString: url });
    const servers: ReturnType<typeof startServer>[] = [];
    try {
      // Start-up's first write is the migrator's schema. Holding it uncommitted makes every instance
      // wait at the start line, so all three go on at the same moment, however slowly each started.
      await gate.connect();
      await gate.query('BEGIN');
      await gate.query('CREATE SCHEMA drizzle');

      const ports = await freePorts(3);
      for (const port of ports) {
        servers.push(
          startServer({
            DATABASE_URL: url,
            PORT: String(port),
            HOST: '127.0.0.1',
            ADMIN_EMAIL,
            ADMIN_PASSWORD: 'admin password 1',
          }),
        );
      }
      const anyExited = () => servers.map((s) => s.early()).find(Boolean);
      await until(async () => {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [name],
        );
        return rows[0].n >= 3;
      }, anyExited);
      await gate.query('ROLLBACK');

      for (const [i, server] of servers.entries()) {
        await until(async () => server.output().includes('Scamtrail at'), server.early);
        const res = await fetch(`http://127.0.0.1:${ports[i]}/api/ready`);
        expect(await res.json(), server.output()).toEqual({ status: 'ok' });
      }
      const { rows } = await gate.query<{ email: string }>('select email from users');
      expect(rows).toEqual([{ email: ADMIN_EMAIL }]);
      const created = servers.filter((s) => s.output().includes('Created the administrator'));
      expect(created).toHaveLength(1);
    } finally {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await gate.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 300_000);
});
