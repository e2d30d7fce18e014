import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsForRole, type Permission } from '@scamtrail/domain/permissions';
import { buildEvidenceApp, type EvidenceTestApp } from '../src/modules/evidence/evidence-test-fixtures';
import { signedIn, type Client } from './helpers';
import { loadOperations, sampleBody, type JsonSchema, type Operation } from './openapi-operations';
import { automationWithKey } from './originator-helpers';
import { seedLeakScan, type IdKind, type LeakSeed } from './leak-scan-seed';
import { pathParamKind } from './leak-scan-requests';
import { deviceSignedIn } from './device-sign-in';

/**
 * A record the caller may not see answers exactly as one that does not exist, on every operation of
 * the OpenAPI document, reads and writes alike, whoever asks: same status, same body once the id is
 * left out, whether the id is in the path or in the body, and whatever If-Match or If-None-Match says.
 * A 403 where a missing record is 404, a 409 or 412 that only a real record earns, or a message naming
 * what the record holds would each tell a reader outside the group that it exists. The hidden records
 * are the leak scan's (a case of a group, its entry, evidence and task); a route added later is
 * compared without a line written for it.
 */

/** The kinds of record a group hides: those of its cases. */
const HIDDEN_KINDS: IdKind[] = ['case', 'entry', 'evidence', 'task'];

/** Body fields that name a hidden kind of record, by name (one id, or a list of them). */
const BODY_KIND: Record<string, IdKind> = {
  caseId: 'case',
  linkedCaseId: 'case',
  duplicateOfId: 'case',
  ids: 'case',
  journalEntryId: 'entry',
  evidence: 'evidence',
  evidenceId: 'evidence',
  evidenceIds: 'evidence',
  taskId: 'task',
};

/**
 * Body fields that name records no group hides (people, tags, groups, identifiers, originators, the
 * caller's own keys and streams): every field of a body that names a record is in one list or the
 * other, so a field added later that names a case's record cannot go unprobed.
 */
const BODY_NOT_HIDDEN = new Set([
  'assigneeId',
  'assigneeIds',
  'addAssigneeIds',
  'removeAssigneeIds',
  'tagId',
  'tagIds',
  'addTagIds',
  'removeTagIds',
  'groupId',
  'groupIds',
  'userId',
  'userIds',
  'identifierId',
  'identifierIds',
  'onBehalfOfOriginatorId',
  'originatorId',
  // The caller's own dossier export, found by its user as well as its case.
  'exportId',
  // A STIX bundle's own identifier, not a record of this server.
  'id',
]);

/** Whether a body field names a record: an id by its name or its format, or a list of them. */
const namesRecord = (field: string, schema: JsonSchema) =>
  /(^id|Id|Ids)$/.test(field) || schema.format === 'uuid' || schema.items?.format === 'uuid';

/** Conditional headers each request is also sent with: a tag the record never had. */
const CONDITIONS: Record<string, Record<string, string>> = {
  plain: {},
  'If-Match': { 'if-match': '"1"' },
  'If-None-Match': { 'if-none-match': '"1"' },
};

interface Reader {
  name: string;
  client: Client;
}

let t: EvidenceTestApp;
let seed: LeakSeed;
let operations: Operation[];
let readers: Reader[];

beforeAll(async () => {
  t = await buildEvidenceApp();
  const [seeder, viewer, investigator] = await Promise.all([
    signedIn(t, 'admin'),
    signedIn(t, 'viewer'),
    signedIn(t, 'investigator'),
  ]);
  // Everything an investigator may do, as a key and as a device sign-in: writes reach the records.
  const scopes = permissionsForRole('investigator') as Permission[];
  const { caller: key } = await automationWithKey(t, seeder.client, scopes);
  seed = await seedLeakScan(
    t,
    { client: seeder.client, userId: seeder.user.id, originatorId: seeder.user.originatorId },
    [viewer.user.id, investigator.user.id],
  );
  readers = [
    { name: 'viewer', client: viewer.client },
    { name: 'investigator outside the group', client: investigator.client },
    { name: "an investigator's API key", client: key },
    { name: "an investigator's device sign-in", client: await deviceSignedIn(t, investigator.client) },
  ];
  operations = await loadOperations(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const isArray = (schema: JsonSchema) =>
  [schema.type].flat().includes('array') ||
  !!schema.anyOf?.some((branch) => [branch.type].flat().includes('array'));

interface Probe {
  label: string;
  /** The request naming `id` where the record goes. */
  request: (id: string) => InjectOptions;
  kind: IdKind;
}

/** Every request of the operation that names a record of a hidden kind, in its path or its body. */
function probesOf(op: Operation): Probe[] {
  const method = op.method as InjectOptions['method'];
  const visibleFor = (name: string) => seed.visible[pathParamKind(op, name)!]?.[0] ?? randomUUID();
  const probes: Probe[] = [];
  for (const name of op.pathParams) {
    const kind = pathParamKind(op, name);
    if (!kind || !HIDDEN_KINDS.includes(kind)) continue;
    const body = op.method === 'GET' ? undefined : (sampleBody(op) ?? {});
    probes.push({
      label: `{${name}}`,
      kind,
      request: (id) => ({
        method,
        url: op.path.replace(/\{(\w+)\}/g, (_, n: string) => (n === name ? id : visibleFor(n))),
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      }),
    });
  }
  for (const [field, schema] of Object.entries(op.body?.properties ?? {})) {
    const kind = BODY_KIND[field];
    if (!kind) continue;
    const body = (sampleBody(op) ?? {}) as Record<string, unknown>;
    const url = op.path.replace(/\{(\w+)\}/g, (_, n: string) => visibleFor(n));
    probes.push({
      label: `body ${field}`,
      kind,
      request: (id) => ({ method, url, payload: { ...body, [field]: isArray(schema) ? [id] : id } }),
    });
  }
  return probes;
}

/** What an answer says, the id it was asked about left out. */
const said = (res: LightMyRequestResponse, id: string) =>
  `${res.statusCode} ${res.body.replaceAll(id, '<id>').replaceAll(id.toUpperCase(), '<id>')}`;

describe('a hidden record answers as a missing one', () => {
  it('the operations name records of every hidden kind, in paths and in bodies', () => {
    const named = new Set(operations.flatMap((op) => probesOf(op).map((p) => `${p.label} ${p.kind}`)));
    for (const kind of HIDDEN_KINDS)
      expect(
        [...named].some((n) => n.endsWith(` ${kind}`)),
        kind,
      ).toBe(true);
    expect([...named].some((n) => n.startsWith('body '))).toBe(true);
  });

  it('every body field that names a record is probed, or said to name a kind no group hides', () => {
    const unclassified = operations.flatMap((op) =>
      Object.entries(op.body?.properties ?? {})
        .filter(([field, schema]) => namesRecord(field, schema))
        .filter(([field]) => !(field in BODY_KIND) && !BODY_NOT_HIDDEN.has(field))
        .map(([field]) => `${op.key} ${field}`),
    );
    expect(unclassified).toEqual([]);
  });

  it('on every operation, as every reader outside the group, whatever the conditions', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      for (const probe of probesOf(op)) {
        for (const hiddenId of seed.hidden[probe.kind] ?? []) {
          for (const [condition, headers] of Object.entries(CONDITIONS)) {
            for (const reader of readers) {
              const missingId = randomUUID();
              const ask = (id: string) => {
                const options = probe.request(id);
                return reader.client.request({ ...options, headers: { ...options.headers, ...headers } });
              };
              const hidden = said(await ask(hiddenId), hiddenId);
              const missing = said(await ask(missingId), missingId);
              if (hidden !== missing) {
                failures.push(
                  `${op.key} ${probe.label} (${condition}) as ${reader.name}: hidden ${hidden.slice(0, 200)}, ` +
                    `missing ${missing.slice(0, 200)}`,
                );
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
