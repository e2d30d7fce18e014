import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { identifiers } from '../../server/src/db/schema/index';
import { containsPattern } from '../../server/src/lib/search';
import { isQueryCanceled } from '../../server/src/modules/identifiers/query-canceled';
import type { BenchDatabase, Statement } from './bench-database';
import type { ScenarioResult } from './report';
import { summarise, timed } from './stats';

export interface Scenario {
  name: string;
  type?: string;
  search?: string;
}

function queryString(s: Scenario): string {
  const params = new URLSearchParams();
  if (s.type) params.set('type', s.type);
  if (s.search) params.set('search', s.search);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The exact number of matches, counted once (the API stops counting at the cap). */
async function countMatches(db: Db, s: Scenario): Promise<number> {
  const where = sql.join(
    [
      sql`true`,
      ...(s.type ? [sql`${identifiers.type} = ${s.type}`] : []),
      ...(s.search ? [sql`${identifiers.displayValue} ilike ${containsPattern(s.search)}`] : []),
    ],
    sql` and `,
  );
  const result = await db.execute(sql`select count(*)::int as n from ${identifiers} where ${where}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

function ignoreCanceled(err: unknown) {
  if (!isQueryCanceled(err)) throw err;
}

/** The page, the estimate and the time-boxed count (with its begin, set local and commit or rollback). */
const isListStatement = (s: Statement) =>
  /^(explain|begin|commit|rollback|set local)/.test(s.text) || s.text.includes('from "identifiers"');

/**
 * Times `GET /api/identifiers` through app.inject and, interleaved so both see the same machine load,
 * the statements the request ran, replayed directly on one connection.
 */
export async function measureScenario(
  app: FastifyInstance,
  bench: BenchDatabase,
  cookie: string,
  scenario: Scenario,
  samples: number,
): Promise<ScenarioResult> {
  const url = `/api/identifiers${queryString(scenario)}`;
  const request = async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  for (let i = 0; i < 10; i += 1) await request();
  bench.record = [];
  const body = (await request()).json();
  const statements = bench.record;
  bench.record = null;
  const listStatements = statements.filter(isListStatement);
  // The count may run out of its time box, as it can in the app; that is part of the same work.
  const replay = async (list: Statement[]) => {
    for (const statement of list) await bench.runDirect(statement).catch(ignoreCanceled);
  };
  for (let i = 0; i < 10; i += 1) await replay(statements);

  const app_: number[] = [];
  const all: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    app_.push(await timed(request));
    all.push(await timed(() => replay(statements)));
    list.push(await timed(() => replay(listStatements)));
  }
  return {
    name: scenario.name,
    query: queryString(scenario),
    matches: await countMatches(bench.database.db, scenario),
    totalItems: body.pagination.totalItems,
    totalIsEstimate: body.totalIsEstimate,
    app: summarise(app_),
    directAll: summarise(all),
    directList: summarise(list),
  };
}
