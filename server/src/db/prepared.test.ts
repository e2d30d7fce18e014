import { DrizzleQueryError, sql } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database, DbOrTx } from './client';
import { preparedAcrossTransactions, preparedPerDatabase } from './prepared';
import { cases } from './schema/index';

/** Drizzle's own `execute`, which the prepared helpers replace on node-postgres (issue 38). */
const drizzleExecute = (query: object, values: Record<string, unknown>) =>
  (NodePgPreparedQuery.prototype.execute as (v: Record<string, unknown>) => Promise<unknown>).call(
    query,
    values,
  );

describe('prepared queries', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const mapped = preparedPerDatabase((db: DbOrTx) =>
    db
      .select({ n: sql<number>`${sql.placeholder('n')}::int + 1`.mapWith(Number), at: sql`now()` })
      .from(sql`(values (1), (2)) as v(x)`)
      .prepare('prepared_test_mapped'),
  );
  // A statement without returned fields (as the event insert): its whole result, rows unmapped.
  const raw = preparedAcrossTransactions((db: DbOrTx) =>
    db
      .update(cases)
      .set({ title: sql`${cases.title}` })
      .where(sql`${cases.id} = ${sql.placeholder('id')}::uuid`)
      .prepare('prepared_test_raw'),
  );
  const failing = preparedPerDatabase((db: DbOrTx) =>
    db
      .select({ id: cases.id })
      .from(cases)
      .where(sql`${cases.id} = ${sql.placeholder('id')}::uuid`)
      .prepare('prepared_test_failing'),
  );

  it('answers the rows Drizzle maps, in and out of a transaction', async () => {
    const outside = await mapped(database.db).execute({ n: 41 });
    expect(outside.map((row) => row.n)).toEqual([42, 42]);
    if (database.kind === 'postgres') {
      expect(Object.prototype.hasOwnProperty.call(mapped(database.db), 'execute')).toBe(true);
      const byDrizzle = (await drizzleExecute(mapped(database.db), { n: 41 })) as typeof outside;
      expect(outside.map((row) => Object.keys(row))).toEqual(byDrizzle.map((row) => Object.keys(row)));
      expect(typeof outside[0].at).toBe(typeof byDrizzle[0].at);
    }
    const inside = await database.db.transaction((tx) => mapped(tx).execute({ n: 1 }));
    expect(inside.map((row) => row.n)).toEqual([2, 2]);
  });

  it('fails as Drizzle fails: a DrizzleQueryError with the driver error as its cause', async () => {
    const err = await failing(database.db)
      .execute({ id: 'not a uuid' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(DrizzleQueryError);
    expect((err as DrizzleQueryError).cause).toMatchObject({ code: '22P02' });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'answers the whole result of a statement without fields',
    async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      const inTx = await database.db.transaction(async (tx) => {
        const query = raw(tx) as unknown as {
          execute(v: object): Promise<{ rows: unknown[]; rowCount: number }>;
        };
        return { lean: await query.execute({ id }), byDrizzle: await drizzleExecute(query, { id }) };
      });
      expect(inTx.lean).toMatchObject({ rows: [], rowCount: 0, command: 'UPDATE' });
      expect(inTx.lean).toMatchObject(inTx.byDrizzle as object);
    },
  );
});
