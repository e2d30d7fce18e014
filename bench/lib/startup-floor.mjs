/**
 * The floor of bench/startup.bench.ts: the least a server of this stack does before it can answer.
 * A bare Node process (plain JavaScript, no loader) that opens the database as the product does (with
 * DATABASE_URL, a pg pool and one `select 1`; else PGlite on DATA_DIR with the product's extension,
 * and one `select 1`), then starts a bare Fastify answering `GET /api/health` on PORT. Run by the
 * benchmark as a child process, timed as the product is: spawn to the first 200 of /api/health.
 */
import Fastify from 'fastify';

const url = process.env.DATABASE_URL;
let query;
let close;
if (url) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  query = (text) => pool.query(text);
  close = () => pool.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(process.env.DATA_DIR, { extensions: { pg_trgm } });
  query = (text) => client.query(text);
  // Closed on SIGTERM as the product closes it, so the next start finds the directory as it left it.
  close = () => client.close();
}
await query('select 1');

const app = Fastify({ logger: false });
app.get('/api/health', async () => {
  await query('select 1');
  return { status: 'ok' };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await close();
  process.exit(0);
});
