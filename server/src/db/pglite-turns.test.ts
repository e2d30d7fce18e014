import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.ping();
});
afterAll(async () => {
  await database.close();
});

it.runIf(process.env.TEST_DB !== 'postgres')(
  'PGlite lets the event loop turn before each query, so sockets are read between the queries of a request',
  async () => {
    const order: string[] = [];
    await database.ping();
    // Stands for a socket that became readable during the first query.
    setImmediate(() => order.push('event loop'));
    await database.ping();
    order.push('second query');
    expect(order).toEqual(['event loop', 'second query']);
  },
);
