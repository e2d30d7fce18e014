import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { countIdentifiers, insertCommunityMember } from './identifier-test-fixtures';

let t: TestApp;
let admin: Client;
let originatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const a = await signedIn(t, 'admin');
  admin = a.client;
  originatorId = a.user.originatorId!;
});
afterAll(async () => {
  await t.close();
});

const importJson = (items: unknown, extra: Record<string, unknown> = {}) =>
  admin.post('/api/identifiers/import', { items, ...extra });
const importCsv = (csv: string) =>
  admin.request({
    method: 'POST',
    url: '/api/identifiers/import',
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

function multipartBody(csv: string, fields: Record<string, string> = {}) {
  const boundary = '----scamtrail-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ids.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('importing identifiers as JSON', () => {
  it('answers per-row results: created, duplicate (stored or earlier in the batch) and invalid', async () => {
    const stored = (
      await admin.post('/api/identifiers', { type: 'email', data: { address: 'old@example.com' } })
    ).json();
    const res = await importJson([
      { type: 'email', data: { address: 'new@example.com' } },
      { type: 'email', data: { address: 'OLD@example.com' } },
      { type: 'phone', data: { countryCode: '+1', number: '(555) 123-4567' } },
      { type: 'phone', data: { countryCode: '1', number: '5551234567' } },
      { type: 'email', data: { address: 'not an email' } },
      { type: 'fax', data: {} },
      'not even an object',
      { type: 'email', data: { address: 'New@Example.com' } },
    ]);
    expect(res.statusCode).toBe(200);
    const { data, summary } = res.json();
    expect(summary).toEqual({ created: 2, duplicates: 3, invalid: 3 });
    expect(data[0]).toMatchObject({ row: 1, status: 'created' });
    expect(data[1]).toEqual({ row: 2, status: 'duplicate', existingId: stored.id });
    expect(data[2]).toMatchObject({ row: 3, status: 'created' });
    expect(data[3]).toEqual({ row: 4, status: 'duplicate', existingId: data[2].id });
    expect(data[4]).toEqual({
      row: 5,
      status: 'invalid',
      errors: [{ field: 'data.address', message: 'Please enter a valid email address' }],
    });
    expect(data[5]).toEqual({
      row: 6,
      status: 'invalid',
      errors: [{ field: 'type', message: 'Invalid identifier type' }],
    });
    expect(data[6]).toMatchObject({ row: 7, status: 'invalid' });
    expect(data[7]).toEqual({ row: 8, status: 'duplicate', existingId: data[0].id });

    const created = (await admin.get(`/api/identifiers/${data[2].id}`)).json();
    expect(created).toMatchObject({ displayValue: '+1 (555) 123-4567', originator: { id: originatorId } });
  });

  it('answers each row of a request written in several INSERTs as if it were written in one', async () => {
    // 750 rows: written in chunks of 100, 200, 400 and the rest, the next checked while one is written.
    const stored = (
      await admin.post('/api/identifiers', { type: 'email', data: { address: 'chunk-stored@example.com' } })
    ).json();
    const items: unknown[] = Array.from({ length: 750 }, (_, i) => ({
      type: 'email',
      data: { address: `chunk-${i}@example.com` },
    }));
    items[5] = { type: 'phone', data: { countryCode: '44', number: '7700 900123' } };
    items[150] = { type: 'email', data: { address: 'not an email' } };
    items[420] = { type: 'email', data: { address: 'Chunk-Stored@Example.com' } };
    items[600] = { type: 'phone', data: { countryCode: '+44', number: '07700900123' } };
    items[749] = { type: 'email', data: { address: ' CHUNK-0@example.com ' } };
    const res = await importJson(items);
    expect(res.statusCode).toBe(200);
    const { data, summary } = res.json();
    expect(summary).toEqual({ created: 746, duplicates: 3, invalid: 1 });
    expect(data.map((row: { row: number }) => row.row)).toEqual(items.map((_, i) => i + 1));
    expect(data[150]).toMatchObject({ row: 151, status: 'invalid' });
    expect(data[420]).toEqual({ row: 421, status: 'duplicate', existingId: stored.id });
    expect(data[600]).toEqual({ row: 601, status: 'duplicate', existingId: data[5].id });
    expect(data[749]).toEqual({ row: 750, status: 'duplicate', existingId: data[0].id });
    const ids = data
      .filter((row: { status: string }) => row.status === 'created')
      .map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(746);
    const last = (await admin.get(`/api/identifiers/${data[748].id}`)).json();
    expect(last).toMatchObject({ displayValue: 'chunk-748@example.com', originator: { id: originatorId } });
  });

  it('records rows entered on behalf of a community member, the caller as proxy, and refuses an unknown one', async () => {
    const proxyId = await insertCommunityMember(t.database.db, 5);
    const res = await importJson([{ type: 'email', data: { address: 'via-proxy@example.com' } }], {
      onBehalfOfOriginatorId: proxyId,
    });
    const { id } = res.json().data[0];
    const stored = (await admin.get(`/api/identifiers/${id}`)).json();
    expect(stored.originator.id).toBe(proxyId);
    expect(stored.originator.proxy.id).toBe(originatorId);

    const before = await countIdentifiers(t.database.db);
    const bad = await importJson([{ type: 'email', data: { address: 'nobody@example.com' } }], {
      onBehalfOfOriginatorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('onBehalfOfOriginatorId');
    expect(await countIdentifiers(t.database.db)).toBe(before);
  });

  it.each([
    [{ items: [] }, 'items'],
    [{ items: 'x' }, 'items'],
    [{}, 'items'],
    [{ items: Array.from({ length: 5001 }, () => ({})) }, 'items'],
  ])('refuses %# naming the field, saving nothing', async (body, field) => {
    const before = await countIdentifiers(t.database.db);
    const res = await admin.post('/api/identifiers/import', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await countIdentifiers(t.database.db)).toBe(before);
  });
});

describe('importing identifiers as CSV', () => {
  it('reads a text/csv body with quoted fields, commas, quotes, line breaks and CRLF', async () => {
    const csv =
      'type,address,countryCode,number,identifierType,value,description\r\n' +
      'email,csv-one@example.com,,,,,\r\n' +
      'phone,,+44,"7911 123456",,,\r\n' +
      'other,,,,Website,"scam, ""quoted"" site","line one\r\nline two"\r\n' +
      'email,,,,,,\r\n';
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    const { data, summary } = res.json();
    expect(summary).toEqual({ created: 3, duplicates: 0, invalid: 1 });
    expect(data[3]).toEqual({
      row: 4,
      status: 'invalid',
      errors: [{ field: 'data.address', message: 'Email Address is required' }],
    });
    const other = (await admin.get(`/api/identifiers/${data[2].id}`)).json();
    expect(other.data).toEqual({
      identifierType: 'Website',
      value: 'scam, "quoted" site',
      description: 'line one\r\nline two',
    });
    expect(other.displayValue).toBe('Website: scam, "quoted" site');
  });

  it('reads a multipart upload with an on-behalf-of field', async () => {
    const proxyId = await insertCommunityMember(t.database.db, 0);
    const { payload, contentType } = multipartBody('type,address\nemail,upload@example.com\n', {
      onBehalfOfOriginatorId: proxyId,
    });
    const res = await admin.request({
      method: 'POST',
      url: '/api/identifiers/import',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const [row] = res.json().data;
    expect(row.status).toBe('created');
    expect((await admin.get(`/api/identifiers/${row.id}`)).json().originator.id).toBe(proxyId);
  });

  it("reports a cell in a column the type does not have as that row's error", async () => {
    const res = await importCsv('type,address,number\nemail,x@example.com,123\n');
    expect(res.json().data[0]).toEqual({
      row: 1,
      status: 'invalid',
      errors: [{ field: 'data.number', message: 'Unknown field "number"' }],
    });
  });

  it.each([
    ['no type column', 'address\nx@example.com\n', 'The CSV needs a header row with a "type" column'],
    ['an unclosed quote', 'type,address\nemail,"x@example.com\n', 'A quoted field is not closed (line 2)'],
    ['only a header', 'type,address\n', 'The CSV has no rows after its header'],
    ['too many cells', 'type,address\nemail,a@b.co,extra\n', 'Row 1 has 3 fields but the header has 2'],
    [
      'a repeated column',
      'type,address,address\nemail,a@b.co,b@c.de\n',
      'The column "address" appears twice',
    ],
  ])('refuses a CSV with %s, saving nothing', async (_name, csv, message) => {
    const before = await countIdentifiers(t.database.db);
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([{ field: 'body', message }]);
    expect(await countIdentifiers(t.database.db)).toBe(before);
  });

  it('refuses a multipart request without a file', async () => {
    const boundary = 'b0undary';
    const res = await admin.request({
      method: 'POST',
      url: '/api/identifiers/import',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('file');
  });
});
