import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client';

type Query = (...args: unknown[]) => unknown;
interface Queryable {
  query: Query;
}
/** A pg.Pool: each checkout fires `acquire` with the client whose `query` runs the statement. */
interface PoolLike extends Queryable {
  on(event: 'acquire', listener: (client: Queryable) => void): unknown;
  off(event: 'acquire', listener: (client: Queryable) => void): unknown;
}
/** PGlite: statements go through `query`, or through the `query` of a transaction's handle. */
interface PgliteLike extends Queryable {
  transaction: (work: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
}

function statementText(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  return String((first as { text?: string } | undefined)?.text ?? '');
}

/** The parameters: `query(text, values)`, or `query({ text, values })` as node-postgres also takes. */
function statementParams(args: unknown[]): readonly unknown[] {
  if (Array.isArray(args[1])) return args[1] as unknown[];
  const values = (args[0] as { values?: unknown } | undefined)?.values;
  return Array.isArray(values) ? (values as unknown[]) : [];
}

/**
 * Calls `before` with the text and parameters of every statement the database client sends while
 * `work` runs, and sends the statement once the promise `before` returns settles: a test can hold a
 * statement back while it does something else (a concurrent write between a transaction's reads).
 * PGlite's transactions are reported as `begin` and `commit` around their statements, as
 * node-postgres sends them.
 */
export async function interceptStatements(
  database: Database,
  before: (statement: string, params: readonly unknown[]) => void | Promise<void>,
  work: () => Promise<unknown>,
): Promise<void> {
  const restore: (() => void)[] = [];
  const wrap = (target: Queryable) => {
    if (restore.some((r) => (r as { target?: Queryable }).target === target)) return;
    const query = target.query;
    target.query = (...args: unknown[]) => {
      const held = before(statementText(args), statementParams(args));
      if (!held) return query.apply(target, args);
      return held.then(() => query.apply(target, args));
    };
    restore.push(Object.assign(() => void (target.query = query), { target }));
  };
  const client = (database.db as unknown as { $client: PoolLike | PgliteLike }).$client;
  if (database.kind === 'postgres') {
    const pool = client as PoolLike;
    const onAcquire = (c: Queryable) => wrap(c);
    pool.on('acquire', onAcquire);
    restore.push(() => void pool.off('acquire', onAcquire));
  } else {
    const pglite = client as PgliteLike;
    wrap(pglite);
    const transaction = pglite.transaction;
    pglite.transaction = (work) =>
      transaction.call(pglite, async (tx) => {
        void before('begin', []);
        wrap(tx);
        const result = await work(tx);
        void before('commit', []);
        return result;
      });
    restore.push(() => void (pglite.transaction = transaction));
  }
  try {
    await work();
  } finally {
    for (const r of restore.reverse()) r();
  }
}

/**
 * Records every statement the database client sends while `work` runs: a round trip each on
 * PostgreSQL (a transaction's BEGIN and COMMIT included).
 */
export async function recordStatements(database: Database, work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  await interceptStatements(database, (statement) => void statements.push(statement), work);
  return statements;
}

/**
 * The first statement `work` sends (a transaction's BEGIN aside), its parameters inlined as literals:
 * a statement to EXPLAIN as the application sends it.
 */
export async function firstStatement(database: Database, work: () => Promise<unknown>): Promise<string> {
  let first: { text: string; params: readonly unknown[] } | undefined;
  await interceptStatements(
    database,
    (text, params) => {
      if (!first && !/^\s*begin\b/i.test(text)) first = { text, params };
    },
    work,
  );
  if (!first) throw new Error('the work sent no statement');
  const { text, params } = first;
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null) return 'null';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

/**
 * The plan of `statement` with sorting made as costly as the planner allows: a plan that still sorts
 * has no index laid out in the statement's order.
 */
export async function planWithoutSort(db: Db, statement: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    const result = await tx.execute(sql.raw(`explain ${statement}`));
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
  });
}
