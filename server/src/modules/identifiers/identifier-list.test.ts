import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserPrincipal } from '../auth/principal';
import { EXACT_COUNT_CAP, listIdentifierRows } from './identifier-list.repository';
import { isQueryCanceled } from './query-canceled';
import { importIdentifiers } from './identifier-import.service';

let t: TestApp;
let admin: Client;
let originatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const a = await signedIn(t, 'admin');
  admin = a.client;
  originatorId = a.user.originatorId!;
  // Created one by one, so createdAt orders them: the last one is the newest.
  const bodies = [
    { type: 'email', data: { address: 'alpha@example.com' } },
    { type: 'email', data: { address: 'beta@example.com' } },
    { type: 'email', data: { address: 'ALPHA.beta@Example.org' } },
    { type: 'phone', data: { countryCode: '+44', number: '7911 123456' } },
    { type: 'other', data: { identifierType: 'Website', value: '100%_off.example' } },
    { type: 'other', data: { identifierType: 'Website', value: '100 off.example' } },
    { type: 'other', data: { identifierType: 'Path', value: 'C:\\scam\\kit' } },
  ];
  for (const body of bodies) {
    const res = await admin.post('/api/identifiers', body);
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});
afterAll(async () => {
  await t.close();
});

const list = async (query: string) => {
  const res = await admin.get(`/api/identifiers${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const displayValues = (body: { data: { displayValue: string }[] }) => body.data.map((i) => i.displayValue);

describe('listing identifiers', () => {
  it('lists newest first with 25 per page by default and an exact total', async () => {
    const body = await list('');
    expect(displayValues(body)[0]).toBe('Path: C:\\scam\\kit');
    expect(displayValues(body).at(-1)).toBe('alpha@example.com');
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, totalItems: 7, totalPages: 1 });
    expect(body.totalIsEstimate).toBe(false);
    expect(body.data[0]).toMatchObject({
      evidenceCount: 0,
      confidence: null,
      originator: { id: originatorId },
    });
  });

  it('pages with page and pageSize, without overlap', async () => {
    const first = await list('?page=1&pageSize=3');
    const second = await list('?page=2&pageSize=3');
    const third = await list('?page=3&pageSize=3');
    expect(first.pagination).toEqual({ page: 1, pageSize: 3, totalItems: 7, totalPages: 3 });
    const all = [...displayValues(first), ...displayValues(second), ...displayValues(third)];
    expect(new Set(all).size).toBe(7);
    expect((await list('?page=9&pageSize=3')).data).toEqual([]);
  });

  it('filters by type', async () => {
    const body = await list('?type=phone');
    expect(displayValues(body)).toEqual(['+44 7911 123456']);
    expect(body.pagination.totalItems).toBe(1);
  });

  it('searches display values case-insensitively, as a substring, with the type filter', async () => {
    expect(displayValues(await list('?search=alpha'))).toEqual([
      'ALPHA.beta@Example.org',
      'alpha@example.com',
    ]);
    expect(displayValues(await list('?search=BETA&type=email'))).toEqual([
      'ALPHA.beta@Example.org',
      'beta@example.com',
    ]);
    expect((await list('?search=alpha&type=phone')).data).toEqual([]);
  });

  it('takes % _ and \\ in the search literally', async () => {
    expect(displayValues(await list(`?search=${encodeURIComponent('100%')}`))).toEqual([
      'Website: 100%_off.example',
    ]);
    expect(displayValues(await list(`?search=${encodeURIComponent('%_')}`))).toEqual([
      'Website: 100%_off.example',
    ]);
    expect((await list(`?search=${encodeURIComponent('a_p')}`)).data).toEqual([]);
    expect(displayValues(await list(`?search=${encodeURIComponent('C:\\scam')}`))).toEqual([
      'Path: C:\\scam\\kit',
    ]);
  });

  it('treats a blank search as no filter', async () => {
    expect((await list('?search=%20%20')).pagination.totalItems).toBe(7);
  });

  it.each([
    ['?pageSize=101', 'pageSize'],
    ['?pageSize=0', 'pageSize'],
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?type=fax', 'type'],
    [`?search=${'x'.repeat(201)}`, 'search'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await admin.get(`/api/identifiers${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});

describe('totals beyond the exact-count cap', () => {
  it(`counts exactly up to ${EXACT_COUNT_CAP} and answers a flagged estimate beyond`, async () => {
    const items = Array.from({ length: EXACT_COUNT_CAP + 5 }, (_, i) => ({
      type: 'other',
      data: { identifierType: 'Bulk', value: `bulk-${i}` },
    }));
    const first = await importIdentifiers(t.database.db, items.slice(0, 5000), { originatorId });
    expect(first.summary.created).toBe(5000);
    await importIdentifiers(t.database.db, items.slice(5000), { originatorId });

    const exact = await list('?search=bulk-1000&pageSize=5');
    expect(exact.pagination).toMatchObject({ totalItems: 6, totalPages: 2 });
    expect(exact.totalIsEstimate).toBe(false);

    const body = await list('?type=other&pageSize=10');
    expect(body.totalIsEstimate).toBe(true);
    expect(body.pagination.totalItems).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(body.data).toHaveLength(10);
  });

  it('answers the flagged estimate when the count runs out of its time box', async () => {
    // The count is the only statement run in a transaction: cancel it as statement_timeout would.
    const canceled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const db = t.database.db;
    const timingOut = new Proxy(db, {
      get: (target, key) =>
        key === 'transaction'
          ? () => Promise.reject(new Error('Failed query', { cause: canceled }))
          : Reflect.get(target, key, target),
    }) as Db;
    const admin = { kind: 'user', role: 'admin', originatorId, permissions: ['*'] } as UserPrincipal;
    const page = await listIdentifierRows(
      timingOut,
      { search: 'bulk-1000' },
      { page: 1, pageSize: 5 },
      admin,
    );
    expect(page.rowCount).toBe(5);
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(5);

    const counted = await listIdentifierRows(
      db,
      { search: 'bulk-1000' },
      { page: 1, pageSize: 5 },
      admin,
      60_000,
    );
    expect(counted).toMatchObject({ total: 6, totalIsEstimate: false });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'on PostgreSQL, a statement past its time box is canceled and recognised as such',
    async () => {
      const attempt = t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('set local statement_timeout = 10'));
        await tx.execute(sql`select pg_sleep(1)`);
      });
      await expect(attempt).rejects.toSatisfy(isQueryCanceled);
    },
  );

  it('recognises a count cut short by its time box, through the wrapper of the failed query', () => {
    const canceled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    expect(isQueryCanceled(new Error('Failed query', { cause: canceled }))).toBe(true);
    expect(isQueryCanceled(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
  });
});
