import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseListQuery } from '@scamtrail/domain/cases';
import { buildTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { firstStatement, planWithoutSort } from '../../../test/statement-log';
import type { Db } from '../../db/client';
import type { KeysetPosition } from '../../db/keyset';
import { csvLines, type CsvColumn, type CsvPage } from '../../plugins/csv-export';
import type { Principal } from '../auth/principal';
import { insertGroup } from '../identifiers/identifier-test-fixtures';
import { caseCsvPage } from '../cases/case-list-csv';
import { evidenceCsvPage } from '../evidence/evidence-list-csv';
import { identifierCsvPage, reviewQueueCsvPage } from '../identifiers/identifier-list-csv';
import { journalSearchCsvPage } from '../journal-entries/journal-search-csv';

/**
 * Each list's CSV download reads by keyset while rows come and go: between two pages, rows ahead of
 * the read position are deleted (the one right after it among them, which offset paging would have
 * skipped a row for), rows already written are deleted, and rows are added before and after it. Every
 * row that exists for the whole download is written exactly once, in the list's order, and nothing of
 * a case the reader may not see, or outside the filter, is written. On the real database (PGlite, or
 * PostgreSQL with TEST_DB=postgres), through the plugin's own page loop (`csvLines`).
 */

const PAGE = 100;
const ROWS = 350;

let t: TestApp;
let db: Db;
let originatorId: string;
let reader: Principal;
let visibleCaseId: string;
let hiddenCaseId: string;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  const admin = await signedIn(t, 'admin');
  const investigator = await signedIn(t, 'investigator');
  originatorId = admin.user.originatorId;
  reader = {
    kind: 'user',
    userId: investigator.user.id,
    sessionId: 'test',
    originatorId: investigator.user.originatorId,
    role: 'investigator',
    email: investigator.user.email,
    firstName: 'In',
    lastName: 'Vestigator',
    permissions: ['case.view', 'evidence.view', 'journal_entry.view', 'identifier.view'],
  };
  const hiddenGroup = await insertGroup(db, [admin.user.id]);
  const ids = await db.execute(sql`insert into cases (title, originator_id, group_id)
    values ('keyset visible', ${originatorId}, null), ('keyset hidden', ${originatorId}, ${hiddenGroup})
    returning id`);
  [visibleCaseId, hiddenCaseId] = (ids as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows.map((row) => row.id);

/**
 * A list under test: its read, and how rows of it are added and deleted. Rows are added seven to a
 * time (`from`, `from + 1`... seconds), so pages end among rows of one sort key and the id decides.
 */
interface LiveList {
  read: (after: KeysetPosition | undefined, limit: number) => Promise<CsvPage>;
  /** Adds `n` rows the reader sees, seven at each second from `from`; returns their ids. */
  add: (n: number, from: number) => Promise<string[]>;
  /** Adds rows the reader must never see (another case's, or outside the filter). */
  addUnseen: (n: number, from: number) => Promise<void>;
  remove: (ids: readonly string[]) => Promise<void>;
}

const at = (second: number) => sql`timestamptz '2025-01-01' + ${second} * interval '1 second'`;

const identifierRows = (type: string, n: number, from: number, status = 'pending') => {
  seq += 1;
  const prefix = `k${seq}-`;
  return db.execute(sql`insert into identifiers
      (type, data, display_value, normalized_key, originator_id, created_at, review_status)
    select ${type}, jsonb_build_object('address', ${prefix} || g || '@example.com'),
      ${prefix} || g || '@example.com', ${prefix} || g || '@example.com', ${originatorId}::uuid,
      ${at(from)} + (g / 7) * interval '1 second', ${status}
    from generate_series(0, ${n - 1}) g returning id`);
};

const deleteFrom = (table: string) => async (ids: readonly string[]) => {
  await db.execute(sql`delete from ${sql.identifier(table)} where id = any(${sql.param([...ids])}::uuid[])`);
};

const lists: Record<string, () => LiveList> = {
  identifiers: () => ({
    read: (after, limit) => identifierCsvPage(db, { type: 'bank_account' }, reader, after, limit),
    add: async (n, from) => rowsOf(await identifierRows('bank_account', n, from)),
    addUnseen: async (n, from) => void (await identifierRows('crypto_wallet', n, from)),
    remove: deleteFrom('identifiers'),
  }),
  'identifiers seen in the most cases': () => ({
    read: (after, limit) =>
      identifierCsvPage(db, { type: 'other', sort: 'most_cases' }, reader, after, limit),
    add: async (n, from) => rowsOf(await identifierRows('other', n, from)),
    addUnseen: async (n, from) => void (await identifierRows('phone', n, from)),
    remove: deleteFrom('identifiers'),
  }),
  'validation queue': () => ({
    read: (after, limit) =>
      reviewQueueCsvPage(
        db,
        { status: 'pending', type: 'social_media', sort: 'oldest', page: 1, pageSize: 25 },
        reader,
        after,
        limit,
      ),
    add: async (n, from) => rowsOf(await identifierRows('social_media', n, from)),
    addUnseen: async (n, from) => void (await identifierRows('social_media', n, from, 'confirmed')),
    remove: deleteFrom('identifiers'),
  }),
  ...Object.fromEntries(
    (['desc', 'asc'] as const).map((direction) => [
      `cases by last activity, ${direction}`,
      (): LiveList => {
        seq += 1;
        const title = `keyset ${direction} ${seq}`;
        const insert = (n: number, from: number, group: string | null) =>
          db.execute(sql`insert into cases (title, originator_id, group_id, last_activity_at)
            select ${title} || ' ' || g, ${originatorId}::uuid, ${group}::uuid, ${at(from)} + (g / 7) * interval '1 second'
            from generate_series(0, ${n - 1}) g returning id`);
        const query = { search: title, sort: 'updatedAt', direction, page: 1, pageSize: 25 } as CaseListQuery;
        return {
          read: (after, limit) => caseCsvPage(db, query, reader, after, limit),
          add: async (n, from) => rowsOf(await insert(n, from, null)),
          addUnseen: async (n, from) => {
            const [groupId] = rowsOf(
              await db.execute(sql`select group_id as id from cases where id = ${hiddenCaseId}`),
            );
            await insert(n, from, groupId);
          },
          remove: deleteFrom('cases'),
        };
      },
    ]),
  ),
  evidence: () => {
    const insert = (n: number, from: number, caseId: string) =>
      db.execute(sql`insert into evidence (title, kind, case_id, originator_id, created_at)
        select 'keyset evidence ' || g, 'written', ${caseId}::uuid, ${originatorId}::uuid,
          ${at(from)} + (g / 7) * interval '1 second'
        from generate_series(0, ${n - 1}) g returning id`);
    return {
      read: (after, limit) =>
        evidenceCsvPage(db, { caseId: undefined, page: 1, pageSize: 25 }, reader, after, limit),
      add: async (n, from) => rowsOf(await insert(n, from, visibleCaseId)),
      addUnseen: async (n, from) => void (await insert(n, from, hiddenCaseId)),
      remove: deleteFrom('evidence'),
    };
  },
  'journal search': () => {
    const insert = (n: number, from: number, caseId: string, description: string) =>
      db.execute(sql`insert into journal_entries (type, description, case_id, originator_id, performed_at)
        select 'note', ${description} || ' ' || g, ${caseId}::uuid, ${originatorId}::uuid,
          ${at(from)} + (g / 7) * interval '1 second'
        from generate_series(0, ${n - 1}) g returning id`);
    return {
      read: (after, limit) =>
        journalSearchCsvPage(db, { search: 'keyset needle', page: 1, pageSize: 25 }, reader, after, limit),
      add: async (n, from) => rowsOf(await insert(n, from, visibleCaseId, 'a keyset needle')),
      addUnseen: async (n, from) => {
        await insert(n, from, hiddenCaseId, 'a keyset needle');
        await insert(n, from, visibleCaseId, 'a haystack');
      },
      remove: deleteFrom('journal_entries'),
    };
  },
};

const columns: CsvColumn<{ id: string }>[] = [{ header: 'id', cell: (item) => item.id }];

/** The ids the download writes, running `between` before each page after the first. */
async function download(list: LiveList, between: (written: readonly string[]) => Promise<void>) {
  const written: string[] = [];
  const first = await list.read(undefined, PAGE);
  const lines = csvLines(
    first,
    async (after) => {
      await between(written);
      return list.read(after, PAGE);
    },
    columns as CsvColumn<unknown>[],
  );
  let header = true;
  for await (const chunk of lines) {
    for (const line of chunk.split('\r\n').filter(Boolean)) {
      if (header) header = false;
      else written.push(line);
    }
  }
  return written;
}

describe.each(Object.keys(lists))('the CSV download of %s, read by keyset', (name) => {
  it('writes every row that exists throughout exactly once while rows are deleted and added', async () => {
    const list = lists[name]();
    await list.add(ROWS, 0);
    await list.addUnseen(40, 0);
    const whole = await list.read(undefined, 10_000);
    const initial = whole.data.map((item) => (item as { id: string }).id);
    expect(initial).toHaveLength(ROWS);

    const deleted = new Set<string>();
    const deletedAhead = new Set<string>();
    const added: string[] = [];
    let pages = 0;
    const written = await download(list, async (sofar) => {
      pages += 1;
      const seen = new Set(sofar);
      const ahead = initial.filter((id) => !seen.has(id) && !deleted.has(id));
      // The row right after the read position, and two further on; two rows already written.
      const goneAhead = [ahead[0], ahead[7], ahead[30]].filter((id): id is string => id !== undefined);
      const gone = [...goneAhead, sofar[0], sofar.at(-1)!].filter((id) => !deleted.has(id));
      await list.remove(gone);
      gone.forEach((id) => deleted.add(id));
      goneAhead.forEach((id) => deletedAhead.add(id));
      // Rows before the first and after the last (by time), and among the others.
      added.push(...(await list.add(3, -10_000 * pages)), ...(await list.add(3, 10_000 * pages)));
      added.push(...(await list.add(2, 100 + pages)));
      await list.addUnseen(2, 200 + pages);
    });

    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(written).size).toBe(written.length);
    const survivors = initial.filter((id) => !deleted.has(id));
    // Every survivor once, in the list's order; rows added meanwhile only where they were added.
    expect(written.filter((id) => survivors.includes(id))).toEqual(survivors);
    const known = new Set([...initial, ...added]);
    expect(written.filter((id) => !known.has(id))).toEqual([]);
    // A row deleted ahead of the read position is not written.
    expect(deletedAhead.size).toBeGreaterThanOrEqual(6);
    expect(written.filter((id) => deletedAhead.has(id))).toEqual([]);
  });
});

describe('the keyset reads of the default orders', () => {
  it.each(['identifiers', 'validation queue', 'cases by last activity, desc', 'evidence', 'journal search'])(
    '%s: a page after a position is read off an index in order, no sort',
    async (name) => {
      const list = lists[name]();
      await list.add(ROWS, 0);
      await db.execute(sql`analyze`);
      const first = await list.read(undefined, PAGE);
      const statement = await firstStatement(t.database, () => list.read(first.next, PAGE));
      const plan = await planWithoutSort(db, statement);
      expect(plan, plan).toMatch(/Index (Only )?Scan/);
      expect(plan, plan).not.toMatch(/Sort/);
    },
  );
});
