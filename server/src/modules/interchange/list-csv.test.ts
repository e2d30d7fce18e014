import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@scamtrail/domain/csv';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  insertCase,
  insertEvidence,
  insertGroup,
  insertJournalEntry,
} from '../identifiers/identifier-test-fixtures';
import { csvCell } from '../../plugins/csv-export';

/**
 * Every list downloads as CSV: the columns, the list's filter, the rows the caller may not see left
 * out, and cells a spreadsheet would read as formulas escaped.
 */

let t: TestApp;
let admin: Client;
let investigator: Client;
let viewer: Client;
let visibleCase: { id: string; title: string };
let hiddenCase: { id: string; title: string };

const FORMULA = '=HYPERLINK("http://evil.example","x")';

async function csvOf(client: Client, url: string, how: 'accept' | 'query' = 'query') {
  const res =
    how === 'accept'
      ? await client.request({ method: 'GET', url, headers: { accept: 'text/csv' } })
      : await client.get(`${url}${url.includes('?') ? '&' : '?'}format=csv`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d\d-\d\d\.csv"$/);
  const [header, ...rows] = parseCsv(res.body);
  return { header, rows, column: (name: string) => rows.map((row) => row[header.indexOf(name)]) };
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const signedAdmin = await signedIn(t, 'admin');
  admin = signedAdmin.client;
  const signedInvestigator = await signedIn(t, 'investigator');
  investigator = signedInvestigator.client;
  viewer = (await signedIn(t, 'viewer')).client;
  const originatorId = signedAdmin.user.originatorId;

  visibleCase = await insertCase(db, originatorId);
  // A case of a group the investigator is not in: theirs to never see.
  hiddenCase = await insertCase(db, originatorId, await insertGroup(db, [signedAdmin.user.id]));
  await db.execute(sql`update cases set title = ${FORMULA} where id = ${visibleCase.id}`);
  visibleCase.title = FORMULA;

  const created = await admin.post('/api/identifiers/import', {
    items: [
      { type: 'email', data: { address: 'mule@example.com', notes: '+1 call me' } },
      { type: 'other', data: { identifierType: 'Website', value: '-2+3', notes: '@SUM(A1:A2)' } },
      { type: 'phone', data: { countryCode: '+44', number: '7700 900123', notes: 'tab\there' } },
    ],
  });
  expect(created.statusCode).toBe(200);
  const [email, other] = created.json().data.map((row: { id: string }) => row.id);
  // Evidence and journal entries naming the e-mail: one each in a visible and a hidden case.
  for (const caseId of [visibleCase.id, hiddenCase.id]) {
    await insertEvidence(db, { identifierId: email, originatorId, caseId });
    await insertJournalEntry(db, { identifierId: email, originatorId, caseId });
  }
  await insertEvidence(db, { identifierId: other, originatorId, caseId: visibleCase.id });
  await db.execute(sql`update evidence set title = ${'\rCR first'} where case_id = ${visibleCase.id}`);
});
afterAll(async () => {
  await t.close();
});

describe('CSV cells', () => {
  it('escapes what a spreadsheet reads as a formula, as OWASP says', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@A1')).toBe("'@A1");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
  });
});

describe('list downloads', () => {
  it('identifiers: the columns, the type filter, escaped cells, evidence counted as the caller sees it', async () => {
    const all = await csvOf(investigator, '/api/identifiers', 'accept');
    expect(all.header.slice(0, 9)).toEqual([
      'id',
      'type',
      'displayValue',
      'confidence',
      'evidenceCount',
      'tags',
      'originator',
      'createdAt',
      'updatedAt',
    ]);
    expect(all.header).toContain('notes');
    expect(all.rows).toHaveLength(3);
    expect(all.column('notes').sort()).toEqual(["'+1 call me", "'@SUM(A1:A2)", 'tab\there'].sort());
    expect(all.column('value')).toContain("'-2+3");
    const emailRow = all.rows.find((row) => row[all.header.indexOf('type')] === 'email')!;
    // The hidden case's evidence is not counted for the investigator, as in the JSON list.
    expect(emailRow[all.header.indexOf('evidenceCount')]).toBe('1');
    const forAdmin = await csvOf(admin, '/api/identifiers?type=email');
    expect(forAdmin.rows).toHaveLength(1);
    expect(forAdmin.column('evidenceCount')).toEqual(['2']);
    expect(forAdmin.column('address')).toEqual(['mule@example.com']);
  });

  it('cases: only the cases the caller may see, filtered, title escaped', async () => {
    const seen = await csvOf(investigator, '/api/cases');
    expect(seen.header.slice(0, 4)).toEqual(['id', 'number', 'title', 'status']);
    expect(seen.column('id')).toEqual([visibleCase.id]);
    expect(seen.column('title')).toEqual([`'${FORMULA}`]);
    expect((await csvOf(admin, '/api/cases')).rows).toHaveLength(2);
    expect((await csvOf(admin, '/api/cases?status=closed')).rows).toHaveLength(0);
  });

  it('evidence: the hidden case’s evidence is absent, the case filter honoured', async () => {
    const seen = await csvOf(investigator, '/api/evidence', 'accept');
    expect(seen.header.slice(0, 4)).toEqual(['id', 'kind', 'title', 'caseNumber']);
    expect(seen.rows).toHaveLength(2);
    expect(new Set(seen.column('caseTitle'))).toEqual(new Set([`'${FORMULA}`]));
    expect(seen.column('title')).toEqual(["'\rCR first", "'\rCR first"]);
    expect((await csvOf(admin, `/api/evidence?caseId=${hiddenCase.id}`)).rows).toHaveLength(1);
  });

  it('journal search: the search filter honoured, the hidden case’s entries absent', async () => {
    const seen = await csvOf(investigator, '/api/journal-entries?search=Entry');
    expect(seen.header).toEqual([
      'id',
      'type',
      'performedAt',
      'caseNumber',
      'caseTitle',
      'originator',
      'excerpt',
    ]);
    expect(seen.rows).toHaveLength(1);
    expect(seen.column('caseTitle')).toEqual([`'${FORMULA}`]);
    expect((await csvOf(admin, '/api/journal-entries?search=Entry')).rows).toHaveLength(2);
    expect((await csvOf(admin, '/api/journal-entries?search=nothing-like-this')).rows).toHaveLength(0);
  });

  it('the validation queue: its status and type filters, with the review columns', async () => {
    const pending = await csvOf(viewer, '/api/identifiers/review-queue?type=phone');
    expect(pending.header).toEqual(expect.arrayContaining(['reviewStatus', 'reviewedBy', 'reviewNote']));
    expect(pending.rows).toHaveLength(1);
    expect(pending.column('reviewStatus')).toEqual(['pending']);
    expect((await csvOf(viewer, '/api/identifiers/review-queue?status=confirmed')).rows).toHaveLength(0);
  });

  it('is refused as the JSON list is: anonymous 401, a bad filter 400 naming it, a JSON answer by default', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cases?format=csv' })).statusCode).toBe(401);
    const bad = await admin.get('/api/identifiers?format=csv&type=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('type');
    expect((await admin.get('/api/identifiers?format=xml')).statusCode).toBe(400);
    const json = await admin.get('/api/identifiers');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const preferred = await admin.request({
      method: 'GET',
      url: '/api/identifiers',
      headers: { accept: 'application/json, text/csv;q=0.5' },
    });
    expect(preferred.headers['content-type']).toMatch(/^application\/json/);
  });
});
