import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';

/**
 * 100,000 identifiers download as one CSV streamed page by page: the server's heap grows by a page's
 * worth, not by the list's. The body is read over a real socket and counted, never kept, so the
 * measure is the server's (a list built in memory would hold 100,000 items, well over 100 MB of heap).
 * On either database (PGlite, or PostgreSQL with TEST_DB=postgres).
 */

const ROWS = 100_000;
/** What the server may add to its heap while streaming: a few pages and the socket's buffers. */
const HEAP_GROWTH_LIMIT = 48 * 1024 * 1024;
/** What it may still hold after a collection: the page being written. */
const RETAINED_LIMIT = 16 * 1024 * 1024;
/** Lines between two collections while streaming. */
const GC_EVERY = 5_000;

/**
 * The collector, called at will: without it, heapUsed counts garbage the collector has not yet
 * reached (on PostgreSQL, whose driver parses every page into new objects, 85 to 115 MB above the
 * start; 27 MB at most with a collection every 10,000 lines, and 2 MB held after each).
 */
function collector(): () => void {
  if (globalThis.gc) return globalThis.gc;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

let t: TestApp;
let admin: Client;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  // Without their TAXII versions (migration 0033's trigger, a second 100,000 rows and their indexes):
  // the list reads none, and writing them was half the seeding.
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table identifiers disable trigger identifier_versions_on_insert`);
    await tx.execute(sql`insert into identifiers
        (type, data, display_value, normalized_key, originator_id, created_at)
      select 'email', jsonb_build_object('address', 'user' || g || '@example.com', 'notes', '=cmd' || g),
        'user' || g || '@example.com', 'user' || g || '@example.com', ${signed.user.originatorId}::uuid,
        timestamptz '2024-01-01' + g * interval '1 second'
      from generate_series(1, ${ROWS}) g`);
    await tx.execute(sql`alter table identifiers enable trigger identifier_versions_on_insert`);
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

it('streams 100,000 identifiers as CSV in bounded memory', async () => {
  const gc = collector();
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let retained = before;
  let lines = 0;
  let bytes = 0;
  let escaped = 0;
  let tail = '';
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      `${origin}/api/identifiers?format=csv`,
      { headers: { cookie: admin.cookie, origin: 'http://localhost:3000' } },
      (res) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          bytes += chunk.length;
          const text = tail + chunk;
          const parts = text.split('\r\n');
          tail = parts.pop()!;
          lines += parts.length;
          for (const part of parts) if (part.includes(",'=cmd")) escaped += 1;
          peak = Math.max(peak, process.memoryUsage().heapUsed);
          if (Math.floor(lines / GC_EVERY) > Math.floor((lines - parts.length) / GC_EVERY)) {
            gc();
            retained = Math.max(retained, process.memoryUsage().heapUsed);
          }
        });
        res.on('end', resolve);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
  expect(tail).toBe('');
  // The header and one line per identifier, every note escaped.
  expect(lines).toBe(ROWS + 1);
  expect(escaped).toBe(ROWS);
  expect(bytes).toBeGreaterThan(10_000_000);
  expect(peak - before).toBeLessThan(HEAP_GROWTH_LIMIT);
  // Twenty collections along the way: what the server holds, not what it has yet to collect.
  expect(retained - before).toBeLessThan(RETAINED_LIMIT);
}, 300_000);
