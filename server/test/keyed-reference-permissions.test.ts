import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@scamtrail/domain/permissions';
import type { ErrorBody } from '@scamtrail/domain/errors';
import type { InjectOptions } from 'fastify';
import type { Access } from '../src/modules/auth/route-access';
import { multipartForm, pngBytes } from '../src/modules/evidence/evidence-test-fixtures';
import { buildTestApp, signedIn, type Client, type TestApp } from './helpers';
import { deviceSignedIn } from './device-sign-in';
import { fillPath, loadOperations, withoutRefs, type JsonSchema } from './openapi-operations';

/**
 * A body naming records needs their kind's view permission (`naming`, route-access.ts), decided before
 * anything else reads the body, an `Idempotency-Key` included: a caller refused a field is refused it
 * the same whether or not the request carries a key, and whether that key was used before. The user's
 * browser session and their device sign-in's narrowed token are one caller of the keys (the same
 * person), so a key the browser used came back to the token as 422 "used for another request", or
 * with the browser's answer, before the token's missing permission was checked. Every route that takes
 * a key and declares reference fields is probed, for each field, by a device sign-in holding all but
 * that field's permission.
 */

interface Probe {
  method: string;
  url: string;
  field: string;
  permission: Permission;
}

let t: TestApp;
let browser: Client;
let probes: Probe[];
/** A form's probe: its file parts, by the form's binary fields in the OpenAPI document. */
interface FormProbe extends Probe {
  fileFields: string[];
}
/**
 * The same for every operation the OpenAPI document says takes a multipart form, whatever its route
 * declares (such a route reads its form itself, so it must check the fields' records itself, before
 * its key answers: `formClaimsKey`): a multipart route added later is probed without a line for it.
 */
let formProbes: FormProbe[];
/** A device sign-in of the same administrator for each permission, holding every other one. */
const without = new Map<Permission, Client>();
/** An `Idempotency-Key` the browser used once, its answer stored. */
const usedKey = randomUUID();

beforeAll(async () => {
  t = await buildTestApp();
  browser = (await signedIn(t, 'admin')).client;
  probes = t.routes.flatMap((route) => {
    const rule = route.config?.access as Access | undefined;
    const method = [route.method].flat()[0];
    if (!route.config?.idempotent || rule?.kind !== 'principal' || !rule.references) return [];
    const url = route.url.replace(/:(\w+)/g, () => randomUUID());
    return Object.entries(rule.references).map(([field, permission]) => ({ method, url, field, permission }));
  });
  const document = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
    >;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const paths = withoutRefs(document.paths, document.components?.schemas ?? {});
  formProbes = (await loadOperations(t.app))
    .filter((op) => op.bodyTypes?.includes('multipart/form-data'))
    .flatMap((op) => {
      const form = paths[op.path][op.method.toLowerCase()].requestBody!.content['multipart/form-data'].schema;
      const fileFields = Object.entries(form.properties ?? {})
        .filter(([, property]) => property.format === 'binary')
        .map(([name]) => name);
      const routeUrl = op.path.replace(/\{(\w+)\}/g, ':$1');
      const route = t.routes.find((r) => r.url === routeUrl && [r.method].flat().includes(op.method));
      if (!route) throw new Error(`${op.key}: no route`);
      const rule = route.config?.access as Access | undefined;
      if (rule?.kind !== 'principal' || !rule.references) return [];
      const url = fillPath(op);
      return Object.entries(rule.references).map(([field, permission]) => ({
        method: op.method,
        url,
        field,
        permission,
        fileFields,
      }));
    });
  for (const permission of new Set([...probes, ...formProbes].map((p) => p.permission))) {
    const scope = PERMISSIONS.filter((p) => p !== permission);
    without.set(permission, await deviceSignedIn(t, browser, scope));
  }
  const stored = await browser.request({
    method: 'POST',
    url: '/api/tags',
    payload: { name: `keyed-${usedKey.slice(0, 8)}` },
    headers: { 'idempotency-key': usedKey },
  });
  if (stored.statusCode !== 201) throw new Error(`tag: ${stored.statusCode} ${stored.body}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a browser's keyed answer and the same person's narrowed token", () => {
  it('is not replayed to the token, which may not name what the request names', async () => {
    const key = randomUUID();
    const tag = await browser.post('/api/tags', { name: `replayed-${key.slice(0, 8)}` });
    const request = {
      method: 'POST' as const,
      url: '/api/cases',
      payload: { title: 'A case with a tag', tagIds: [(tag.json() as { id: string }).id] },
      headers: { 'idempotency-key': key },
    };
    expect((await browser.request(request)).statusCode).toBe(201);
    const res = await without.get('tag.view')!.request(request);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.statusCode).toBe(403);
    expect((res.json() as ErrorBody).error.details?.fields).toEqual([
      expect.objectContaining({ field: 'tagIds' }),
    ]);
    expect(res.body).not.toContain('replayed-');
  });
});

describe('a body naming records without their view permission', () => {
  it('routes that take a key declare reference fields', () => {
    expect(probes.length).toBeGreaterThan(5);
  });

  it('is refused naming the field, with a fresh key or one used before', async () => {
    const failures: string[] = [];
    for (const probe of probes) {
      const caller = without.get(probe.permission)!;
      for (const [label, key] of [
        ['no key', undefined],
        ['a fresh key', randomUUID()],
        ['a key used before', usedKey],
      ] as const) {
        const res = await caller.request({
          method: probe.method as 'POST',
          url: probe.url,
          payload: { [probe.field]: randomUUID() },
          headers: key ? { 'idempotency-key': key } : {},
        });
        const fields = res.statusCode === 403 ? ((res.json() as ErrorBody).error.details?.fields ?? []) : [];
        if (!fields.some((f) => f.field === probe.field)) {
          failures.push(
            `${probe.method} ${probe.url} ${probe.field} (${label}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('a multipart form naming records without their view permission', () => {
  it('every operation taking a multipart form is probed for each reference field its route declares', () => {
    expect(formProbes.map((p) => `${p.method} ${p.url} ${p.field}`)).toEqual(
      expect.arrayContaining([
        'POST /api/evidence caseId',
        'POST /api/evidence tagIds',
        'POST /api/evidence onBehalfOfOriginatorId',
        'POST /api/identifiers/import onBehalfOfOriginatorId',
      ]),
    );
    expect(formProbes.every((p) => p.fileFields.length > 0)).toBe(true);
  });

  // The form's fields are read with its file, in the route, after the application's check of a body's
  // named records saw no body: the import of a form naming an originator was never checked (400 "not
  // found", or done on their behalf), and the evidence route's key, claimed before the fields, answered
  // 422 for a key the caller had used for another request before the 403 naming the field.
  it('is refused naming the field, with a fresh key or one the caller used before', async () => {
    const failures: string[] = [];
    /** The caller's own written evidence, kept with its key: probes must leave that answer as it was. */
    const used = new Map<Client, { key: string; request: InjectOptions }>();
    for (const probe of formProbes) {
      const caller = without.get(probe.permission)!;
      if (!used.has(caller)) {
        const key = randomUUID();
        const request: InjectOptions = {
          method: 'POST',
          url: '/api/evidence',
          payload: { title: 'Kept with its key', body: `written ${key}` },
          headers: { 'idempotency-key': key },
        };
        const first = await caller.request(request);
        if (first.statusCode !== 201) throw new Error(`written evidence: ${first.statusCode} ${first.body}`);
        used.set(caller, { key, request });
      }
      for (const [label, key] of [
        ['no key', undefined],
        ['a fresh key', randomUUID()],
        ['a key the caller used before', used.get(caller)!.key],
      ] as const) {
        // A file the evidence route accepts; a route checks the form's fields before what its file holds.
        const form = multipartForm(
          { [probe.field]: randomUUID() },
          probe.fileFields.map((field) => ({
            field,
            name: 'shot.png',
            bytes: pngBytes(),
            type: 'image/png',
          })),
        );
        const res = await caller.request({
          method: probe.method as 'POST',
          url: probe.url,
          payload: form.payload,
          headers: { ...form.headers, ...(key ? { 'idempotency-key': key } : {}) },
        });
        const fields = res.statusCode === 403 ? ((res.json() as ErrorBody).error.details?.fields ?? []) : [];
        if (!fields.some((f) => f.field === probe.field)) {
          failures.push(
            `${probe.method} ${probe.url} ${probe.field} (${label}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    for (const [caller, { request }] of used) {
      const again = await caller.request(request);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
  }, 120_000);
});
