import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentifierListItem } from '@scamtrail/domain/identifiers/api';
import { permissionsForRole } from '@scamtrail/domain/permissions';
import { buildTestApp, clientWithHeaders, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { recordStatements } from '../../../test/statement-log';
import type { DbOrTx } from '../../db/client';
import { identifiers, tags } from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { findTagsForIdentifiers } from '../tags/tags.repository';
import {
  filterCondition,
  readEstimate,
  readItems,
  readPage,
  type IdentifierListFilter,
} from './identifier-list-queries';
import { findIdentifierRows } from './identifiers.repository';
import { fillSearchTexts } from './identifier-search-text';
import { findOriginatorSummaries } from '../originators/originators.repository';
import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { randomUUID } from 'node:crypto';
import {
  insertAutomationKey,
  insertCase,
  insertCommunityMember,
  insertEvidence,
  insertGroup,
} from './identifier-test-fixtures';

/**
 * What an authenticated list request costs the database, counted statement by statement (each a
 * round trip on PostgreSQL): the session (or API key) in one, and the page with its originators,
 * proxies, tags and the planner's estimate of the total in one, whatever the page size. A search
 * asks for its estimate first, since it picks the page's plan: one more. A full page of a small
 * enough result adds its time-boxed count (a transaction of four statements).
 */

const ROWS = 60;
let t: TestApp;
let user: Client;
let automation: Client;
let principal: Principal;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  user = signed.client;
  const db = t.database.db;
  const originatorId = signed.user.originatorId;
  const proxyId = await insertCommunityMember(db, 3);
  // Even rows are e-mails reported on behalf of a community member, odd rows phones; every third
  // row has a confidence.
  await db.execute(sql`insert into identifiers
      (type, data, display_value, normalized_key, originator_id, proxy_originator_id, confidence, created_at)
    select case when g % 2 = 0 then 'email' else 'phone' end, jsonb_build_object('value', 'v' || g),
      'user' || g || '@gmail.example', 'key' || g, ${originatorId}::uuid,
      case when g % 2 = 0 then ${proxyId}::uuid end, case when g % 3 = 0 then g / 61.0 end,
      timestamptz '2024-01-01' + g * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
  // Inserted directly: their search texts are written as start-up writes those of older rows.
  await fillSearchTexts(db);
  await db.execute(sql`insert into tags (name, color) values ('mule', 'red'), ('Bot', 'not-a-colour')`);
  await db.execute(sql`insert into identifier_tags (identifier_id, tag_id)
    select i.id, tg.id from identifiers i, tags tg where i.display_value like '%1%' or tg.name = 'Bot'`);
  // Evidence: one item in a case the user may see for every fifth row, and one for every seventh in a
  // case of a group the user is not in (never counted for them).
  const open = await insertCase(db, originatorId);
  const hidden = await insertCase(db, originatorId, await insertGroup(db));
  const rowIds = await db.execute(sql`select id, display_value from identifiers`);
  for (const { id, display_value } of (rowIds as unknown as { rows: { id: string; display_value: string }[] })
    .rows) {
    const g = Number(display_value.slice('user'.length, display_value.indexOf('@')));
    if (g % 5 === 0) await insertEvidence(db, { identifierId: id, originatorId, caseId: open.id });
    if (g % 7 === 0) await insertEvidence(db, { identifierId: id, originatorId, caseId: hidden.id });
  }
  const key = (await insertAutomationKey(db, ['identifier.view'])).key;
  automation = clientWithHeaders(t.app, { authorization: `Bearer ${key}` });
  principal = {
    kind: 'user',
    userId: signed.user.id,
    sessionId: '',
    originatorId,
    role: 'investigator',
    email: signed.user.email,
    firstName: signed.user.firstName,
    lastName: signed.user.lastName,
    permissions: permissionsForRole('investigator'),
  };
  // A search reads the table's size for its plan once a minute; that read is not per request.
  expect((await user.get('/api/identifiers?search=gmail')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function listStatements(client: Client, query: string) {
  let body: { data: IdentifierListItem[]; pagination: { totalItems: number } } | undefined;
  const statements = await recordStatements(t.database, async () => {
    const res = await client.get(`/api/identifiers${query}`);
    expect(res.statusCode).toBe(200);
    body = res.json();
  });
  return { statements, body: body! };
}

const KINDS = [
  { name: 'no filter', filter: '', matches: ROWS, statements: 2 },
  { name: 'a type filter', filter: '&type=email', matches: ROWS / 2, statements: 2 },
  { name: 'a substring search', filter: '&search=gmail', matches: ROWS, statements: 3 },
];

describe('an authenticated identifier list request', () => {
  it.each(KINDS)('with $name costs $statements statements when the page shows the total', async (kind) => {
    for (const client of [user, automation]) {
      const { statements, body } = await listStatements(client, `?page=1&pageSize=100${kind.filter}`);
      expect(body.data).toHaveLength(kind.matches);
      expect(statements, statements.join('\n')).toHaveLength(kind.statements);
    }
  });

  it.each(KINDS)('with $name adds only its time-boxed count when the page is full', async (kind) => {
    const { statements, body } = await listStatements(user, `?page=1&pageSize=25${kind.filter}`);
    expect(body.data).toHaveLength(25);
    expect(body.pagination.totalItems).toBe(kind.matches);
    expect(statements, statements.join('\n')).toHaveLength(kind.statements + 4);
  });

  it('costs the same whatever the page size: no statement takes a parameter per row', async () => {
    // Sizes without statements of their own (see `fixedWindow`): the same statements, whatever the size.
    const small = await listStatements(user, '?page=1&pageSize=5');
    const large = await listStatements(user, '?page=1&pageSize=99');
    expect(large.statements).toHaveLength(2);
    expect(small.statements).toHaveLength(2 + 4);
    expect(large.statements.filter((s) => !small.statements.includes(s))).toEqual([]);
  });

  it("writes the first pages' LIMIT and OFFSET into their statements, and binds a later page's", async () => {
    const pageOf = async (query: string) => {
      const { statements } = await listStatements(user, query);
      return statements.find((s) => s.includes(`from "identifiers"`))!;
    };
    expect(await pageOf('?page=2&pageSize=25')).toMatch(/limit 25 offset 25\b/);
    expect(await pageOf('?page=1&pageSize=100')).toMatch(/limit 100 offset 0\b/);
    const later = await pageOf('?page=4&pageSize=25');
    expect(later).toMatch(/limit \$\d+ offset \$\d+/);
    expect(await pageOf('?page=9&pageSize=10')).toBe(later);
  });

  it('writes each item as the rows hold it: type label, confidence, originator, proxy, visible evidence and tags', async () => {
    const { body } = await listStatements(user, '?page=1&pageSize=100');
    expect(JSON.stringify(body.data)).toBe(JSON.stringify(await expectedItems(body.data.map((i) => i.id))));
    expect(body.data[0].originator?.proxy).not.toBeNull();
    expect(body.data[1].originator?.proxy).toBeNull();
    expect(body.data.filter((item) => item.confidence !== null)).toHaveLength(ROWS / 3);
    expect(new Set(body.data.map((item) => item.typeLabel))).toEqual(new Set(['Email', 'Phone']));
    expect(body.data.some((item) => item.tags.length === 2)).toBe(true);
    expect(body.data.filter((item) => (item.evidenceCount ?? 0) > 0)).toHaveLength(ROWS / 5);
  });

  it('answers an identifier by id, when created, changed or looked up, as its list page writes it', async () => {
    const { body } = await listStatements(user, '?page=1&pageSize=10');
    const ids = body.data.map((item) => item.id);
    // Out of order, with a missing id: newest first, the missing one left out.
    const byIds = await readItems(t.database.db, [...ids].reverse().concat(randomUUID()), principal);
    expect(JSON.stringify(byIds)).toBe(JSON.stringify(body.data));
    const withEvidence = body.data.find((item) => (item.evidenceCount ?? 0) > 0)!;
    const detail = await user.get(`/api/identifiers/${withEvidence.id}`);
    expect(detail.statusCode).toBe(200);
    const { id, type, typeLabel, data, displayValue, confidence, originator, tags } = detail.json();
    expect({ id, type, typeLabel, data, displayValue, confidence, originator, tags }).toEqual({
      id: withEvidence.id,
      type: withEvidence.type,
      typeLabel: withEvidence.typeLabel,
      data: withEvidence.data,
      displayValue: withEvidence.displayValue,
      confidence: withEvidence.confidence,
      originator: withEvidence.originator,
      tags: withEvidence.tags,
    });
    const created = await user.post('/api/identifiers', {
      type: 'email',
      data: { address: 'new@round.example' },
    });
    expect(created.statusCode).toBe(201);
    const listedAs = async (search: string) => {
      const [{ tags: _tags, ...item }] = (await listStatements(user, `?page=1&pageSize=10&search=${search}`))
        .body.data;
      return item;
    };
    expect(created.json()).toEqual(await listedAs('new@round'));
    const changed = await user.put(`/api/identifiers/${created.json().id}`, {
      data: { address: 'changed@round.example' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(await listedAs('changed@round'));
  });
});

/**
 * The items the list must answer, built here from the rows, one lookup at a time, in JavaScript:
 * an oracle apart from the statement that writes them.
 */
async function expectedItems(ids: string[]) {
  const db = t.database.db;
  const rows = new Map((await findIdentifierRows(db, ids)).map((row) => [row.id, row]));
  const originators = await findOriginatorSummaries(
    db,
    [...rows.values()].flatMap((row) => [row.originatorId, row.proxyOriginatorId]),
  );
  const tagsOf = await findTagsForIdentifiers(db, ids);
  return ids.map((id) => {
    const row = rows.get(id)!;
    const originator = originators.get(row.originatorId)!;
    const g = Number(row.displayValue.slice('user'.length, row.displayValue.indexOf('@')));
    return {
      id,
      type: row.type,
      typeLabel: getIdentifierTypeLabel(row.type),
      data: row.data,
      displayValue: row.displayValue,
      confidence: row.confidence === null ? null : { score: row.confidence },
      // One visible evidence item for every fifth row; those in the hidden group's case never count.
      evidenceCount: g % 5 === 0 ? 1 : 0,
      originator: {
        ...originator,
        proxy: row.proxyOriginatorId ? originators.get(row.proxyOriginatorId)! : null,
      },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      tags: tagsOf.get(id),
    };
  });
}

describe("the page statement's estimate of the total", () => {
  const page = { page: 1, pageSize: 5 };

  it.each<[string, () => Promise<IdentifierListFilter>]>([
    ['no filter', async () => ({})],
    ['a type filter', async () => ({ type: 'phone' })],
    ['a substring search', async () => ({ search: 'gmail' })],
    ['a type and a search with LIKE signs', async () => ({ type: 'email', search: '1%_' })],
    [
      'a tag',
      async () => {
        const [{ id }] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.name, 'mule'));
        return { tag: id };
      },
    ],
  ])('with %s is the one EXPLAIN gives for the same filter', async (_, filterOf) => {
    const db = t.database.db;
    const filter = await filterOf();
    // Fresh statistics, so the estimates are not all the planner's defaults.
    await db.execute(sql`analyze identifiers`);
    const explained = await explainRows(db, filter);
    const found = await readPage(db, filter, page, principal, 'index', true);
    expect(found.estimate).toBe(explained);
    expect(await readEstimate(db, filter)).toBe(explained);
    expect((await readPage(db, filter, page, principal, 'index', false)).estimate).toBeNull();
  });
});

/** The planner's row estimate for the list's filter, from an EXPLAIN run here. */
async function explainRows(db: DbOrTx, filter: IdentifierListFilter): Promise<number> {
  const query = db
    .select({ one: sql`1` })
    .from(identifiers)
    .where(filterCondition(filter));
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(result.rows[0])[0];
  // node-postgres parses the json column; PGlite may hand it over as text.
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0].Plan['Plan Rows']);
}
