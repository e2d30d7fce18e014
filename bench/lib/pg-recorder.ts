import pg from 'pg';

/**
 * One query as node-postgres sent it: the config the app passed (text, name when the app prepares it,
 * row mode, type parsers), its values, the connection it ran on and when it started and ended.
 */
export interface RecordedQuery {
  config: pg.QueryConfig & { rowMode?: string; types?: unknown };
  values: unknown[];
  client: number;
  start: number;
  end: number;
}

/** What one request ran, in the order and with the overlap it ran with. */
export type ReplayStep =
  /** One statement on any pooled connection. */
  | { kind: 'query'; query: RecordedQuery }
  /** A transaction (begin ... commit), its statements one after another on one connection. */
  | { kind: 'transaction'; queries: RecordedQuery[] };

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Records every query any node-postgres client in this process sends while `run` runs, by wrapping
 * `pg.Client.prototype.query`: what the driver receives, so statement names (prepared or not), row
 * mode and parsers are kept exactly.
 */
export async function recordPgQueries(run: () => Promise<unknown>): Promise<RecordedQuery[]> {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  const ids = new WeakMap<object, number>();
  let clients = 0;
  const recorded: RecordedQuery[] = [];
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const config = (
      typeof first === 'string' ? { text: first } : { ...(first as object) }
    ) as RecordedQuery['config'];
    const values = (Array.isArray(second) ? second : (config.values ?? [])) as unknown[];
    delete config.values;
    if (!ids.has(this)) ids.set(this, clients++);
    const entry: RecordedQuery = {
      config,
      values,
      client: ids.get(this)!,
      start: performance.now(),
      end: NaN,
    };
    recorded.push(entry);
    const done = () => (entry.end = performance.now());
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => void;
      args[last] = (...a: unknown[]) => {
        done();
        callback(...a);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    return result;
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return recorded;
}

const isBegin = (q: RecordedQuery) => /^\s*begin\b/i.test(q.config.text);
const isEnd = (q: RecordedQuery) => /^\s*(commit|rollback)\b/i.test(q.config.text);

/**
 * The request's queries as steps (a transaction is one step) in waves: a step joins the current wave
 * when the app sent it before any step of that wave had answered, i.e. the app ran them side by side.
 */
export function toReplayWaves(queries: readonly RecordedQuery[]): ReplayStep[][] {
  const steps: { step: ReplayStep; start: number; end: number }[] = [];
  const open = new Map<number, RecordedQuery[]>();
  for (const q of queries) {
    const tx = open.get(q.client);
    if (tx) {
      tx.push(q);
      if (isEnd(q)) open.delete(q.client);
    } else if (isBegin(q)) {
      const list = [q];
      open.set(q.client, list);
      steps.push({ step: { kind: 'transaction', queries: list }, start: q.start, end: NaN });
    } else {
      steps.push({ step: { kind: 'query', query: q }, start: q.start, end: q.end });
    }
  }
  for (const s of steps)
    if (s.step.kind === 'transaction') s.end = s.step.queries[s.step.queries.length - 1].end;
  const waves: { steps: ReplayStep[]; firstEnd: number }[] = [];
  for (const s of steps) {
    const wave = waves[waves.length - 1];
    if (wave && s.start < wave.firstEnd) {
      wave.steps.push(s.step);
      wave.firstEnd = Math.min(wave.firstEnd, s.end);
    } else waves.push({ steps: [s.step], firstEnd: s.end });
  }
  return waves.map((w) => w.steps);
}

function send(client: pg.Pool | pg.PoolClient, q: RecordedQuery) {
  return client.query({ ...q.config, values: q.values } as pg.QueryConfig);
}

/** A statement the app allows to fail: its time-boxed count, cancelled by statement_timeout. */
const isCanceled = (err: unknown) => (err as { code?: string }).code === '57014';

async function runStep(pool: pg.Pool, step: ReplayStep): Promise<void> {
  if (step.kind === 'query') {
    await send(pool, step.query);
    return;
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    for (const q of step.queries)
      await send(client, q).catch(async (err) => {
        if (!isCanceled(err)) throw err;
        // The time box can run out on the commit itself (statement_timeout holds until the
        // transaction ends); the app rolls back and answers the estimate, and so does the replay.
        if (isEnd(q)) await client.query('rollback');
      });
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    // A connection left inside a transaction is not given back to the pool: it is closed.
    client.release(broken);
  }
}

/**
 * Replays the waves on `pool` as the app ran them: the steps of a wave side by side, waves one after
 * another, each query with the app's own config (named, so prepared once per connection, when the app
 * named it).
 */
export async function replayWaves(pool: pg.Pool, waves: readonly ReplayStep[][]): Promise<void> {
  for (const wave of waves) await Promise.all(wave.map((step) => runStep(pool, step)));
}

/** One line per wave, for the report: `a ‖ b` for statements sent side by side. */
export function describeWaves(waves: readonly ReplayStep[][]): string[] {
  const label = (q: RecordedQuery) => {
    const text = q.config.text.replace(/\s+/g, ' ').trim();
    return `${q.config.name ? `[prepared ${q.config.name}] ` : ''}${text.length > 90 ? `${text.slice(0, 90)}...` : text}`;
  };
  return waves.map((wave) =>
    wave
      .map((step) =>
        step.kind === 'query' ? label(step.query) : `transaction(${step.queries.map(label).join('; ')})`,
      )
      .join(' ‖ '),
  );
}
