/**
 * The bare HTTP floor of bench/journal-writes.bench.ts: the thinnest server that answers a journal
 * write with the very statements the product sent for one. Run as a child process by the benchmark:
 *
 *   DATABASE_URL=... PORT=... REPLAY_FILE=waves.json POOL_SIZE=10 node --import tsx bench/lib/journal-bare-server.ts
 *
 * REPLAY_FILE maps a case id to the recorded waves of one write on that case (`ReplayStep[][]` of
 * bench/lib/pg-recorder.ts, as JSON: a statement that Drizzle sent with its own type parsers carries
 * `types: true`, and gets the same parsers here, dates and intervals left as text). On each
 * `POST /api/journal-entries` it reads the body, parses it as JSON, takes its `caseId`, replays that
 * case's waves through a node-postgres pool of POOL_SIZE (the steps of a wave side by side, a
 * transaction's statements one after another on one connection, named statements prepared once per
 * connection, as the benchmark's pg floor replays them) and answers 201 with the JSON text the
 * statements answered for the entry. node:http alone: no framework, no hooks, no validation, no
 * authorization beyond the recorded session lookup, no mapping.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';
import type { RecordedQuery } from './pg-recorder';

/** What the product's driver (Drizzle's node-postgres session) parses: dates and intervals kept as text. */
const RAW_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const keepDates = {
  getTypeParser: (oid: number, format?: string) =>
    RAW_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text'),
};

type StoredQuery = Omit<RecordedQuery, 'config'> & {
  config: Omit<RecordedQuery['config'], 'types'> & { types?: boolean };
};
type StoredStep = { kind: 'query'; query: StoredQuery } | { kind: 'transaction'; queries: StoredQuery[] };

/** One statement ready to send: its config, with the product's parsers where the product had them. */
const configOf = (q: StoredQuery): pg.QueryConfig => {
  const { types, ...config } = q.config;
  return { ...config, values: q.values, ...(types ? { types: keepDates } : {}) } as pg.QueryConfig;
};

type Step = { kind: 'query'; query: pg.QueryConfig } | { kind: 'transaction'; queries: pg.QueryConfig[] };

const recorded = JSON.parse(readFileSync(process.env.REPLAY_FILE!, 'utf8')) as Record<string, StoredStep[][]>;
const writes = new Map<string, Step[][]>(
  Object.entries(recorded).map(([caseId, waves]) => [
    caseId,
    waves.map((wave) =>
      wave.map((step): Step =>
        step.kind === 'query'
          ? { kind: 'query', query: configOf(step.query) }
          : { kind: 'transaction', queries: step.queries.map(configOf) },
      ),
    ),
  ]),
);

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
});
pool.on('error', () => {});

/** The longest JSON text a statement answered (first column of its first row): the written entry. */
function answerOf(result: pg.QueryResult, best: string): string {
  const row = result.rows?.[0] as unknown[] | Record<string, unknown> | undefined;
  if (!row) return best;
  const value = Array.isArray(row) ? row[0] : Object.values(row)[0];
  return typeof value === 'string' && value.startsWith('{') && value.length > best.length ? value : best;
}

async function runStep(step: Step): Promise<string> {
  if (step.kind === 'query') return answerOf(await pool.query(step.query), '');
  const client = await pool.connect();
  let broken: Error | undefined;
  let answer = '';
  try {
    for (const q of step.queries) answer = answerOf(await client.query(q), answer);
    return answer;
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}

async function replay(waves: Step[][]): Promise<string> {
  let answer = '';
  for (const wave of waves) {
    for (const text of await Promise.all(wave.map(runStep))) if (text.length > answer.length) answer = text;
  }
  return answer || '{}';
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const server = createServer((req, res) => {
  const send = (status: number, body: string) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  };
  if (req.method === 'GET' && req.url === '/api/ready') return send(200, '{"status":"ok"}');
  if (req.method !== 'POST' || req.url !== '/api/journal-entries') return send(404, '{"error":"not found"}');
  readBody(req)
    .then(async (text) => {
      const { caseId } = JSON.parse(text) as { caseId?: string };
      const waves = caseId ? writes.get(caseId) : undefined;
      if (!waves) return send(400, '{"error":"no recorded write for this case"}');
      send(201, await replay(waves));
    })
    .catch((err: Error) => send(500, JSON.stringify({ error: err.message })));
});
server.keepAliveTimeout = 60_000;

const shutdown = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
