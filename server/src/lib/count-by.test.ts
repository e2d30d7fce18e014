import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database } from '../db/client';
import { cases, groups, originators } from '../db/schema/index';
import { countByColumn } from './count-by';

/** PostgreSQL refuses a statement with more than 65,535 bind parameters. */
const MORE_IDS_THAN_BIND_PARAMETERS = 70_000;

describe('countByColumn', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts per id and answers 0 for ids with no rows, in one statement whatever the number of ids', async () => {
    const { db } = database;
    const [originator] = await db
      .insert(originators)
      .values({ type: 'automation', systemName: 'Counter' })
      .returning({ id: originators.id });
    const [busy, quiet] = await db
      .insert(groups)
      .values([{ name: 'Busy group' }, { name: 'Quiet group' }])
      .returning({ id: groups.id });
    await db
      .insert(cases)
      .values(
        [1, 2, 3].map((n) => ({ title: `Case ${n}`, groupId: busy!.id, originatorId: originator!.id })),
      );
    const ids = [
      busy!.id,
      quiet!.id,
      ...Array.from({ length: MORE_IDS_THAN_BIND_PARAMETERS }, () => randomUUID()),
    ];

    const counts = await countByColumn(db, cases, cases.groupId, ids);

    expect(counts.size).toBe(ids.length);
    expect(counts.get(busy!.id)).toBe(3);
    expect(counts.get(quiet!.id)).toBe(0);
    expect(counts.get(ids[ids.length - 1]!)).toBe(0);
  });
});
