/**
 * The floor of bench/cases.bench.ts: the thinnest HTTP server that answers a request with the very
 * statements the product ran for it. Run as a child process by the benchmark:
 *
 *   DATABASE_URL=... PORT=... REPLAY_FILE=statements.json node --import tsx bench/lib/replay-server.ts
 *
 * REPLAY_FILE maps a request path (query string included) to the statements recorded from the
 * product for it (session lookup included), with their parameters. For a GET of such a path it runs
 * them one after another through a node-postgres pool of the product's size, each as a named prepared
 * statement (`preparedStatement`, as the benchmark's SQL side sends them), and answers the last statement's rows as JSON,
 * compressed as the product compresses (Brotli quality 1 or gzip level 1, from 1 KB). No plugins, no
 * hooks, no validation, no authorization, no mapping: what any HTTP server in front of this SQL
 * costs on this machine, and nothing more.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import {
  chooseEncoding,
  compressInPlace,
  COMPRESSION_THRESHOLD_BYTES,
} from '../../server/src/plugins/compression';
import { preparedStatement, type Statement } from './bench-database';

const recorded = JSON.parse(readFileSync(process.env.REPLAY_FILE!, 'utf8')) as Record<string, Statement[]>;
const queries = new Map(
  Object.entries(recorded).map(([path, statements]) => [path, statements.map((s) => preparedStatement(s))]),
);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});

const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const statements = queries.get(request.url);
  if (!statements) return reply.code(404).send({ error: 'not recorded' });
  let rows: unknown[] = [];
  for (const query of statements) rows = (await pool.query(query)).rows;
  const body = JSON.stringify(rows.length === 1 ? rows[0] : rows);
  reply.type('application/json; charset=utf-8');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding || Buffer.byteLength(body) < COMPRESSION_THRESHOLD_BYTES) return body;
  reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
  return compressInPlace(body, encoding);
});
app.get('/api/ready', async () => ({ status: 'ok' }));

const shutdown = () => void app.close().then(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
