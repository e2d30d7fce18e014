import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_QUEUE_COUNT_CAP, reviewQueueQuerySchema } from '@scamtrail/domain/identifiers/api';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { reviewQueuePageQuery } from './identifier-review.repository';

/**
 * The queue at a size where reading it wrongly would show: more identifiers awaiting review than its
 * count goes to, read off its index in order. Plans and answers are asserted, not timings.
 */

const ROWS = REVIEW_QUEUE_COUNT_CAP + 2_000;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  // One e-mail in five, the rest phones; the oldest first by number.
  await t.database.db.execute(sql`insert into identifiers
      (type, data, display_value, normalized_key, originator_id, created_at)
    select case when g % 5 = 0 then 'email' else 'phone' end, '{}'::jsonb, 'queued ' || g, 'queued' || g,
      ${signed.user.originatorId}::uuid, timestamptz '2024-01-01' + g * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
  await t.database.db.execute(sql`analyze identifiers`);
});
afterAll(async () => {
  await t.close();
});

async function plan(query: Record<string, string>): Promise<string> {
  const page = reviewQueuePageQuery(t.database.db, reviewQueueQuerySchema.parse(query));
  const result = (await t.database.db.execute(sql`explain ${page}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('a long queue', () => {
  it('counts up to its cap and says so, and still pages in order', async () => {
    const res = await admin.get('/api/identifiers/review-queue?pageSize=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalIsCapped).toBe(true);
    expect(body.pagination).toMatchObject({ totalItems: REVIEW_QUEUE_COUNT_CAP, totalPages: 5_000 });
    expect(body.data.map((item: { displayValue: string }) => item.displayValue)).toEqual([
      'queued 1',
      'queued 2',
    ]);

    const emails = (
      await admin.get('/api/identifiers/review-queue?type=email&sort=newest&pageSize=1')
    ).json();
    expect(emails.totalIsCapped).toBe(false);
    expect(emails.pagination.totalItems).toBe(ROWS / 5);
    expect(emails.data[0].displayValue).toBe(`queued ${ROWS}`);
  });

  it('reads a page in order off the status index, with a type off the status and type index', async () => {
    const oldest = await plan({});
    expect(oldest).toContain('identifiers_review_idx');
    expect(oldest).not.toMatch(/\bSort\b/);
    const newest = await plan({ sort: 'newest', page: '3' });
    expect(newest).toContain('identifiers_review_idx');
    expect(newest).not.toMatch(/\bSort\b/);
    const ofType = await plan({ type: 'email' });
    expect(ofType).toContain('identifiers_review_type_idx');
    expect(ofType).not.toMatch(/\bSort\b/);
  });
});
