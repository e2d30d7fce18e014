import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from './helpers';
import {
  fillPath,
  hiddenOperations,
  isCheckedPerItem,
  loadOperations,
  registeredOperationKeys,
  sampleBody,
  stringSlots,
  withValueAt,
  type JsonSchema,
  type Operation,
} from './openapi-operations';
import {
  loadMultipartOperations,
  malformedForms,
  oddFileNames,
  wellFormedForm,
  type MultipartOperation,
} from './openapi-multipart';

/**
 * Every operation of the OpenAPI document, called by an administrator (who may call them all, so
 * validation is what answers) with what an attacker or a broken client sends: null characters, lone
 * surrogates, megabyte strings, wrong types, deep nesting, bad ids and page values. Each must answer a
 * 4xx in the error shape, name the field where one is to blame, and write nothing.
 */

const NUL = 'a\u0000b';
const LONE_SURROGATE = 't\ud800';
const ONE_MEGABYTE = 'x'.repeat(1_000_000);

/** Bad values for a string field, with whether the 400 must name that field. */
const BAD_STRINGS: { label: string; value: unknown; namesField: boolean }[] = [
  { label: 'a null character', value: NUL, namesField: true },
  { label: 'a lone surrogate', value: LONE_SURROGATE, namesField: true },
  { label: 'a 1 MB string', value: ONE_MEGABYTE, namesField: true },
  { label: 'a number', value: 42, namesField: true },
  { label: 'an object', value: { $ne: null }, namesField: true },
];

/**
 * Well-formed dates and times PostgreSQL cannot store: year 0, an offset that takes year 1 back into
 * it, one that takes year 9999 past its end (year 10000 in UTC).
 */
const OUT_OF_RANGE_DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59-14:00',
];

/** Whole bodies that are wrong before any field is looked at. */
const BAD_BODIES: { label: string; payload: string }[] = [
  { label: 'a JSON string', payload: '"just text"' },
  { label: 'JSON null', payload: 'null' },
  { label: 'an array', payload: '[1, 2]' },
  { label: '10,000 nested arrays', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
  { label: 'an object nested 2,000 deep', payload: `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}` },
];

/** Raw path segments for an id: not a UUID, a null byte, bad UTF-8, far too long. */
const BAD_IDS = ['not-a-uuid', '%00', '%ED%A0%80', '1%27%20OR%201%3D1', 'A'.repeat(300)];

/** Raw query values by the parameter's type. */
function badQueryValues(schema: JsonSchema): string[] {
  // A lone surrogate has no UTF-8 form, so it cannot be sent in a query; broken UTF-8 decodes to U+FFFD.
  const common = ['%00', 'x%00y', 'y'.repeat(10_000)];
  const type = [schema.type ?? []].flat()[0];
  if (type === 'integer' || type === 'number') {
    // Past the bounds the schema declares (0 may be a good value: `wait=0`).
    const bounds =
      schema.minimum === undefined ? ['0', '-1'] : [String(schema.minimum - 1), String(schema.minimum - 2)];
    if (schema.maximum !== undefined) bounds.push(String(schema.maximum + 1));
    return [...common, ...bounds, 'abc', '1e400', '99999999999999999999999', '1.5'];
  }
  if (schema.enum) return [...common, 'not-a-choice'];
  if (schema.format === 'date-time') {
    const outOfRange = OUT_OF_RANGE_DATE_TIMES.map(encodeURIComponent);
    return [...common, 'yesterday', '2025-13-45T99:00:00Z', '1', '2025', ...outOfRange];
  }
  return common;
}

let t: TestApp;
let admin: Client;
let operations: Operation[];
let multipartOperations: MultipartOperation[];
let tables: string[];
/** The app's DATA_DIR: a refused upload must leave no file in it. */
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'scamtrail-bad-input-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  admin = (await signedIn(t, 'admin')).client;
  // The routes hidden from the document too (TAXII's): openapi-authorization.test.ts checks that
  // these are all the app's routes.
  operations = [...(await loadOperations(t.app)), ...hiddenOperations()];
  multipartOperations = await loadMultipartOperations(t.app);
  const result = await t.database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  tables = (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file under DATA_DIR (staged uploads and stored evidence). */
async function dataFiles(): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Rows per table, to show that refused requests wrote nothing: one statement counting every table (a
 * statement per table, twice per operation, was most of this file's time).
 */
async function rowCounts(): Promise<Record<string, number>> {
  const counts = sql.join(
    tables.map(
      (table) => sql`(select count(*)::int from ${sql.identifier(table)}) as ${sql.identifier(table)}`,
    ),
    sql`, `,
  );
  const res = await t.database.db.execute(sql`select ${counts}`);
  return (res as unknown as { rows: Record<string, number>[] }).rows[0];
}

interface Probe {
  label: string;
  options: InjectOptions;
  /** The field a 400 must name, when one is to blame. */
  field?: string;
  /**
   * The answer must be that 400, whatever else the request names: a bad query parameter is refused
   * before the record is looked up, so a 404 for an id that names nothing does not hide a check
   * the route lacks.
   */
  strict?: boolean;
}

function probesFor(op: Operation): Probe[] {
  const method = op.method as InjectOptions['method'];
  const probes: Probe[] = [];
  const sample = sampleBody(op);
  const takesBody = op.body !== undefined;

  for (const name of op.pathParams) {
    for (const bad of BAD_IDS) {
      // Raw segments, not encoded again; the other parameters well-formed.
      const url = op.path.replace(/\{(\w+)\}/g, (_, param: string) =>
        param === name ? bad : (op.pathSamples?.[param]?.() ?? crypto.randomUUID()),
      );
      probes.push({
        label: `${name} = ${bad.slice(0, 20)}`,
        options: { method, url, ...(takesBody ? { payload: sample as object } : {}) },
        field: name,
      });
    }
  }

  for (const { name, schema } of op.query) {
    for (const bad of badQueryValues(schema)) {
      probes.push({
        label: `?${name}=${bad.slice(0, 20)}`,
        options: { method, url: `${fillPath(op)}?${name}=${bad}` },
        field: name,
        strict: true,
      });
    }
  }

  if (takesBody) {
    for (const slot of stringSlots(op.body, sample).filter((slot) => !isCheckedPerItem(op, slot))) {
      for (const bad of BAD_STRINGS) {
        probes.push({
          label: `${slot.path.join('.')} = ${bad.label}`,
          options: {
            method,
            url: fillPath(op),
            payload: withValueAt(sample, slot.path, bad.value) as object,
          },
          field: bad.namesField ? slot.path.join('.') : undefined,
        });
      }
      if (slot.format !== 'date-time') continue;
      for (const bad of OUT_OF_RANGE_DATE_TIMES) {
        probes.push({
          label: `${slot.path.join('.')} = ${bad}`,
          options: { method, url: fillPath(op), payload: withValueAt(sample, slot.path, bad) as object },
          field: slot.path.join('.'),
        });
      }
    }
    for (const bad of BAD_BODIES) {
      probes.push({
        label: `body = ${bad.label}`,
        options: {
          method,
          url: fillPath(op),
          headers: { 'content-type': 'application/json' },
          payload: bad.payload,
        },
      });
    }
  }
  return probes;
}

function check(res: LightMyRequestResponse, probe: Probe): string | null {
  const where = `${probe.label}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || res.statusCode >= 500) return `expected a 4xx, got ${where}`;
  let body: { error?: { code?: unknown; message?: unknown; details?: { fields?: { field: string }[] } } };
  try {
    body = res.json();
  } catch {
    return `not JSON: ${where}`;
  }
  // TAXII's routes answer TAXII 2.1's error message (§3.6.1): the code as error_code, the message as
  // description, the fields in details, in its own media type; the router's refusals of a path under
  // /taxii2/ it cannot route (malformed, a parameter too long) too.
  if (String(probe.options.url ?? '').startsWith('/taxii2')) {
    if (res.headers['content-type'] !== 'application/taxii+json;version=2.1') {
      return `not TAXII's media type: ${where}`;
    }
    const taxii = body as {
      error_code?: unknown;
      description?: unknown;
      details?: { fields?: { field: string }[] };
    };
    body = { error: { code: taxii.error_code, message: taxii.description, details: taxii.details } };
  }
  if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') {
    return `not the error shape: ${where}`;
  }
  if (probe.strict && (res.statusCode !== 400 || body.error.code !== 'VALIDATION_FAILED')) {
    return `expected a 400 VALIDATION_FAILED naming ${probe.field}, got ${where}`;
  }
  if (probe.field && res.statusCode === 400 && body.error.code === 'VALIDATION_FAILED') {
    const named = body.error.details?.fields?.map((f) => f.field) ?? [];
    const namesIt = named.some((f) => f === probe.field || f.startsWith(`${probe.field}.`));
    if (!namesIt) return `does not name ${probe.field}: ${where}`;
  }
  return null;
}

describe('bad input to every operation answers a 4xx in the error shape and writes nothing', () => {
  it('covers the document', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('covers every route the app registers, hidden from the document or not', () => {
    expect(registeredOperationKeys(t.routes)).toEqual(operations.map((op) => op.key).sort());
  });

  // The list comes from the running app's OpenAPI document, so new routes are covered as they come.
  it('every operation', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    // Nothing runs between two operations: the counts after one are those before the next.
    let before = await rowCounts();
    for (const op of operations) {
      // Signing out would end the administrator's session mid-test; it takes no input that matters.
      if (op.key === 'POST /api/auth/logout') continue;
      for (const probe of probesFor(op)) {
        const res = await admin.request(probe.options);
        const problem = check(res, probe);
        if (problem) failures.push(`${op.key} ${problem}`);
      }
      const after = await rowCounts();
      const written = tables.filter((table) => after[table] !== before[table]);
      if (written.length) failures.push(`${op.key} wrote rows to ${written.join(', ')}`);
      before = after;
    }
    expect(failures).toEqual([]);
  });
});

describe('a malformed multipart body to every operation that takes one answers 400 and keeps nothing', () => {
  it('finds the upload routes in the document', () => {
    expect(multipartOperations.map((op) => op.key)).toEqual(
      expect.arrayContaining(['POST /api/evidence', 'POST /api/identifiers/import']),
    );
  });

  // A malformed form used to reach the generic 500 (busboy's errors carry no code); each one must be
  // the client's 400, and a file staged before the body broke off must be gone.
  it('every multipart operation', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const op of multipartOperations) {
      const before = { rows: await rowCounts(), files: await dataFiles() };
      for (const form of malformedForms(op)) {
        const probe: Probe = { label: form.label, options: {}, field: form.field };
        const res = await admin.request({
          method: op.method as InjectOptions['method'],
          url: op.url,
          headers: form.headers,
          payload: form.payload,
        });
        const problem =
          res.statusCode === 400
            ? check(res, probe)
            : `expected 400: ${form.label}: ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (problem) failures.push(`${op.key} ${problem}`);
      }
      const after = { rows: await rowCounts(), files: await dataFiles() };
      const written = tables.filter((table) => after.rows[table] !== before.rows[table]);
      if (written.length) failures.push(`${op.key} wrote rows to ${written.join(', ')}`);
      if (after.files.join() !== before.files.join()) {
        failures.push(
          `${op.key} left files: ${after.files.filter((f) => !before.files.includes(f)).join(', ')}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  // A part without Content-Disposition over 16 KiB stalls @fastify/busboy 3.2.6 for good; every route
  // reads its form through readMultipartForm, which gives up a stalled form with 408
  // (lib/multipart-form.test.ts, with a window short enough to test).
});

/** How a client may encode a body: the codings it names, and one nobody knows over plain bytes. */
const BODY_CODINGS: { coding: string; encode(bytes: Buffer): Buffer }[] = [
  { coding: 'gzip', encode: (bytes) => gzipSync(bytes) },
  { coding: 'br', encode: (bytes) => brotliCompressSync(bytes) },
  { coding: 'x-unknown', encode: (bytes) => bytes },
];

/** A well-formed body of the media type for the operation, with the Content-Type it goes with. */
function bodyOfType(op: Operation, type: string): { headers: Record<string, string>; payload: Buffer } {
  if (type === 'multipart/form-data') {
    const form = multipartOperations.find((m) => m.key === op.key);
    if (!form) throw new Error(`${op.key}: no multipart operation`);
    return wellFormedForm(form);
  }
  const text =
    type === 'application/json'
      ? JSON.stringify(sampleBody(op) ?? {})
      : type === 'text/csv'
        ? 'type,address\nemail,encoded@example.com\n'
        : 'client_id=scamtrail-cli';
  return { headers: { 'content-type': type }, payload: Buffer.from(text) };
}

describe('a body sent with a Content-Encoding to every operation that takes one answers 415 naming it', () => {
  it('finds the operations and their media types in the document', () => {
    const types = new Set(operations.flatMap((op) => op.bodyTypes ?? []));
    expect([...types]).toEqual(
      expect.arrayContaining(['application/json', 'multipart/form-data', 'text/csv']),
    );
  });

  // The server decodes no request body: an encoded one was read as if it were plain (a 400 about its
  // JSON, a CSV's compressed bytes read as rows). Refused before it is read, so nothing is staged or
  // written and an Idempotency-Key is not claimed (its table is among those counted).
  it('every operation, in every media type it takes', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let before = { rows: await rowCounts(), files: await dataFiles() };
    for (const op of operations) {
      if (op.key === 'POST /api/auth/logout') continue;
      for (const type of op.bodyTypes ?? []) {
        for (const { coding, encode } of BODY_CODINGS) {
          const body = bodyOfType(op, type);
          const res = await admin.request({
            method: op.method as InjectOptions['method'],
            url: fillPath(op),
            headers: {
              ...body.headers,
              'content-encoding': coding,
              'idempotency-key': crypto.randomUUID(),
            },
            payload: encode(body.payload),
          });
          const where = `${op.key} ${type} ${coding}: ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode !== 415) {
            failures.push(`expected 415: ${where}`);
            continue;
          }
          const answer = res.json() as { error?: unknown };
          // OAuth's form routes answer in RFC 6749's shape, which names no field.
          if (typeof answer.error === 'string') {
            if (answer.error !== 'invalid_request') failures.push(`not OAuth's invalid_request: ${where}`);
            continue;
          }
          const problem = check(res, { label: `${type} ${coding}`, options: { url: fillPath(op) } });
          const fields = (answer.error as { details?: { fields?: { field: string }[] } }).details?.fields;
          if (problem) failures.push(`${op.key} ${problem}`);
          else if (!fields?.some((f) => f.field === 'Content-Encoding')) {
            failures.push(`does not name Content-Encoding: ${where}`);
          }
        }
      }
      const after = { rows: await rowCounts(), files: await dataFiles() };
      const written = tables.filter((table) => after.rows[table] !== before.rows[table]);
      if (written.length) failures.push(`${op.key} wrote rows to ${written.join(', ')}`);
      if (after.files.join() !== before.files.join()) failures.push(`${op.key} left files`);
      before = after;
    }
    expect(failures).toEqual([]);
  });
});

/** What a stored file name must not hold: the replacement of an unpaired surrogate, controls, bidi marks. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE_IN_NAMES = /[\uFFFD\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('a file name a client sends reaches the database only as text the text schema accepts', () => {
  // A name cut to its length with a plain slice kept half an emoji: a 500, or a U+FFFD stored.
  it('every operation that takes a file', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const op of multipartOperations) {
      for (const form of oddFileNames(op)) {
        const res = await admin.request({
          method: op.method as InjectOptions['method'],
          url: op.url,
          headers: form.headers,
          payload: form.payload,
        });
        const where = `${op.key} ${form.label}: ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) failures.push(where);
        else if (res.statusCode < 300 && UNSTORABLE_IN_NAMES.test(res.body)) {
          failures.push(`answers text it should not have stored: ${where}`);
        } else if (res.statusCode >= 400) {
          const problem = check(res, { label: form.label, options: {}, field: op.fileField });
          if (problem) failures.push(`${op.key} ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from evidence
          where file_name ~ '[\\uFFFD\\u0001-\\u001f\\u202a-\\u202e]' or title ~ '[\\uFFFD]'`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
