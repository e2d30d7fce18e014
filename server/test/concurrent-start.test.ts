import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from './global-setup';
import { freePorts, startServer, until, type ServerProcess } from './server-process';

const ADMIN_EMAIL = 'admin@example.com';

describe.runIf(process.env.TEST_DB === 'postgres')('instances started together', () => {
  it('all come up on a new database, which gets its schema and one administrator', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `scamtrail_start_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(base, name);
    const gate = new pg.Client({ connectionString: url });
    const servers: ServerProcess[] = [];
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
