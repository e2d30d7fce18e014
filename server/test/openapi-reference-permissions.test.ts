import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermission, type Permission } from '@scamtrail/domain/permissions';
import type { ErrorBody } from '@scamtrail/domain/errors';
import { buildEvidenceApp, type EvidenceTestApp } from '../src/modules/evidence/evidence-test-fixtures';
import { randomUUID } from 'node:crypto';
import { signedIn, type Client } from './helpers';
import { fillPath, loadOperations, sampleBody, withoutRefs, type JsonSchema } from './openapi-operations';
import { automationWithKey } from './originator-helpers';
import { pathParamKind } from './leak-scan-requests';
import type { IdKind } from './leak-scan-seed';

/**
 * A caller names a record in a request (a body field, a query parameter, or a path parameter other
 * than the route's own subject) only when it holds the view permission of that record's kind:
 * otherwise an API key holding `evidence.edit` alone could link identifiers by id, learn from 404
 * against 2xx which ids exist, and attach records it may not read, and one holding `identifier.view`
 * alone could list which identifiers carry a tag whose id it knows. The rule is kept where who may
 * call a route is declared: a path parameter's permission in the route's `config.access`, a body
 * field's there too or in `naming(...)`, a query parameter's there too or in `namingInQuery(...)`
 * (route-access.ts: needed only when the request names something there, checked before the body or
 * the query is validated), and this test reads them back from the OpenAPI document's "Access:" line.
 * A route, field or parameter added later is checked without a line written for it; one naming a
 * kind this test cannot tell fails until it is classified below. The tables here are written apart
 * from route-access.ts's `REFERENCE_VIEW`, so that a permission changed there fails here.
 */

/** The view permission of each kind of record a request can name. */
const VIEW_OF: Partial<Record<IdKind, Permission>> = {
  case: 'case.view',
  entry: 'journal_entry.view',
  evidence: 'evidence.view',
  identifier: 'identifier.view',
  tag: 'tag.view',
  group: 'group.view',
  originator: 'originator.view',
  communityMember: 'community_member.view',
  automation: 'automation.view',
  exportStream: 'export.view',
  // A team member in a path, as in a body (`userId` below).
  user: 'originator.view',
};

/** Fields of a WebAuthn answer, wherever it is sent: a credential's own ids, not records of this server. */
const WEBAUTHN_FIELDS = new Set(['response.id', 'response.rawId']);

/**
 * Body fields and query parameters that name records, by name, with the permission that lets a
 * caller read them.
 */
const FIELD_VIEW: Record<string, Permission> = {
  caseId: 'case.view',
  linkedCaseId: 'case.view',
  duplicateOfId: 'case.view',
  journalEntryId: 'journal_entry.view',
  evidence: 'evidence.view',
  evidenceId: 'evidence.view',
  evidenceIds: 'evidence.view',
  identifierId: 'identifier.view',
  identifierIds: 'identifier.view',
  tag: 'tag.view',
  tagId: 'tag.view',
  tagIds: 'tag.view',
  addTagIds: 'tag.view',
  removeTagIds: 'tag.view',
  groupId: 'group.view',
  groupIds: 'group.view',
  onBehalfOfOriginatorId: 'originator.view',
  originatorId: 'originator.view',
  // Team members are named by their user id, and read (id and name) as originators:
  // `GET /api/originators/team-members`, the groups form's picker, needs `originator.view`.
  userId: 'originator.view',
  userIds: 'originator.view',
  // Assignees are picked from `GET /api/cases/assignable-users` (`case.view`): enabled users' ids and
  // names, the whole directory an assigner reads.
  assigneeId: 'case.view',
  assigneeIds: 'case.view',
  addAssigneeIds: 'case.view',
  removeAssigneeIds: 'case.view',
};

/** Fields and parameters that name several records of a kind that depends on the route: `ids`. */
const IDS_VIEW: Record<string, Permission> = {
  'POST /api/cases/bulk-update': 'case.view',
  'GET /api/identifiers/confidence/bulk': 'identifier.view',
};

/**
 * Values of a query parameter that name no record, and need no permission: the cases of no group
 * (`GET /api/cases?groupId=none`) are read by every case reader and name no group.
 */
const NAMES_NOTHING: Record<string, string> = {
  'GET /api/cases ?groupId': 'none',
};

/**
 * Fields and parameters that look like references but name nothing another reader could not know,
 * and why. "<operation> <field>" for a body field, "<operation> {<param>}" for a path parameter,
 * "<operation> ?<param>" for a query parameter.
 */
const NOT_A_REFERENCE: Record<string, string> = {
  'POST /api/identifiers/import/stix id': "the STIX bundle's own identifier, not a record of this server",
  'POST /api/cases/{id}/dossier/sign/complete exportId':
    "the caller's own dossier export of the subject case, found by its user as well as its case",
  'POST /api/automations/{id}/api-keys/{keyId}/revoke {keyId}':
    'a key of the subject automation, found under it: part of the record the route edits',
  'POST /api/automations/{id}/webhook/deliveries/{deliveryId}/resend {deliveryId}':
    "a delivery of the subject automation's webhook, found under it: part of the record the route edits",
  'PATCH /api/cases/{id}/tasks/{taskId} {taskId}':
    'a task of the subject case, found under it: part of the record the route edits',
  'DELETE /api/cases/{id}/tasks/{taskId} {taskId}':
    'a task of the subject case, found under it: part of the record the route edits',
  'GET /api/automations/{id}/webhook/attempts ?deliveryId':
    "a delivery of the subject automation's webhook, found under it: part of the record the route reads",
};

/** Whether a body field names a record: an id by its name or its format, or a list of them. */
const namesRecord = (field: string, schema: JsonSchema) =>
  /(^id|Id|Ids)$/.test(field) ||
  field === 'evidence' ||
  schema.format === 'uuid' ||
  schema.items?.format === 'uuid';

/** Whether a body's value names a record: anything but null, an empty text or an empty list. */
const namesSomething = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(namesSomething) : value !== undefined && value !== null && value !== '';

interface Reference {
  /** "body tagIds", "body items.identifierId", "{identifierId}", "?tagId". */
  label: string;
  /** The key NOT_A_REFERENCE lists it under. */
  key: string;
  view: Permission | undefined;
  /** The top-level body field, which `naming` can declare. */
  field?: string;
  /** The query parameter, which `namingInQuery` can declare. */
  param?: string;
}

interface Operation {
  key: string;
  path: string;
  pathParams: string[];
  bodies: JsonSchema[];
  query: { name: string; schema: JsonSchema }[];
  /** The permissions the route's access declares, read from its description. */
  permissions: Permission[];
  /** Body fields whose records need their view permission when named (`naming`), by field. */
  named: Record<string, Permission>;
  /** Query parameters whose records need their view permission when named (`namingInQuery`). */
  namedInQuery: Record<string, Permission>;
}

/** The schema and the branches of its unions, flattened. */
const branchesOf = (schema: JsonSchema): JsonSchema[] => [
  schema,
  ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(branchesOf),
];

/** Every field of a body, nested objects and list items included, by its dotted path. */
function fieldsOf(schema: JsonSchema, prefix = '', depth = 0): [string, JsonSchema][] {
  if (depth > 6) return [];
  return branchesOf(schema).flatMap((branch) => [
    ...Object.entries(branch.properties ?? {}).flatMap(([field, property]): [string, JsonSchema][] => [
      [`${prefix}${field}`, property],
      ...fieldsOf(property, `${prefix}${field}.`, depth + 1),
    ]),
    ...(branch.items ? fieldsOf(branch.items, prefix, depth + 1) : []),
  ]);
}

/** Every field of a body that names a record. */
function bodyReferences(op: Operation, schema: JsonSchema): Reference[] {
  return fieldsOf(schema)
    .filter(([path, property]) => namesRecord(path.split('.').at(-1)!, property))
    .filter(([path]) => !WEBAUTHN_FIELDS.has(path))
    .map(([path]) => {
      const field = path.split('.').at(-1)!;
      const view = field === 'ids' ? IDS_VIEW[op.key] : FIELD_VIEW[field];
      return {
        label: `body ${path}`,
        key: `${op.key} ${path}`,
        view,
        field: path.includes('.') ? undefined : path,
      };
    });
}

/** Every query parameter that names a record. */
function queryReferences(op: Operation): Reference[] {
  return op.query
    .filter(({ name, schema }) => namesRecord(name, schema))
    .map(({ name }) => ({
      label: `?${name}`,
      key: `${op.key} ?${name}`,
      view: name === 'ids' ? IDS_VIEW[op.key] : FIELD_VIEW[name],
      param: name,
    }));
}

/** Every record the operation names besides its subject (its first path parameter). */
function referencesOf(op: Operation): Reference[] {
  const params = op.pathParams.slice(1).map((name) => {
    const kind = pathParamKind(
      { key: op.key, method: '', path: op.path, pathParams: op.pathParams, query: [] },
      name,
    );
    return { label: `{${name}}`, key: `${op.key} {${name}}`, view: kind && VIEW_OF[kind] };
  });
  const unique = new Map(
    [...params, ...op.bodies.flatMap((body) => bodyReferences(op, body)), ...queryReferences(op)].map((r) => [
      r.key,
      r,
    ]),
  );
  return [...unique.values()];
}

interface OpenApiOperation {
  description?: string;
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

let t: EvidenceTestApp;
let operations: Operation[];

beforeAll(async () => {
  t = await buildEvidenceApp();
  const document = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const paths = withoutRefs(document.paths, document.components?.schemas ?? {});
  operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const access = /Access:[^\n]*/.exec(op.description ?? '')?.[0] ?? '';
      const [holding, ...naming] = access.split(' Naming records in the ');
      const namedIn = (where: string) =>
        Object.fromEntries(
          naming
            .filter((sentence) => sentence.startsWith(`${where} also needs`))
            .flatMap((sentence) => [...sentence.matchAll(/`(\w+)` `([a-z_]+\.[a-z_]+)`/g)])
            .filter((m) => isPermission(m[2]))
            .map((m) => [m[1], m[2] as Permission]),
        );
      return {
        key: `${method.toUpperCase()} ${path}`,
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        bodies: Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map(({ name, schema }) => ({ name, schema })),
        permissions: [...holding.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1]).filter(isPermission),
        named: namedIn('body'),
        namedInQuery: namedIn('query'),
      };
    }),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The caller's key holding `scopes`, on behalf of the admin `client`. */
async function keyHolding(client: Client, scopes: Permission[]) {
  return (await automationWithKey(t, client, scopes)).caller;
}

/** Whether a 403 is the refusal of a named record (`naming`, `namingInQuery`), rather than another. */
const NAMING_REFUSED = /Naming records in \w+ needs/;

/**
 * Whether an answer refuses `field` (a body field or query parameter) for lacking `view`: in its
 * details, `{ field, message, permission }` as a validation error names its fields, so a client reads
 * the field there rather than from the message.
 */
function refusedFor(res: { body: string }, field: string, view: string): boolean {
  const fields = (JSON.parse(res.body) as ErrorBody).error.details?.fields ?? [];
  return fields.some((f) => f.field === field && f.permission === view && f.message.includes(field));
}

describe('a request names only records its caller may read', () => {
  it('reads the access of every operation and finds references in paths, bodies and queries', () => {
    expect(operations.length).toBeGreaterThan(100);
    const all = operations.flatMap(referencesOf);
    expect(all.some((r) => r.label.startsWith('{'))).toBe(true);
    expect(all.some((r) => r.label.startsWith('body '))).toBe(true);
    expect(all.some((r) => r.label.startsWith('?'))).toBe(true);
    // The audit's case: linking an identifier to evidence names it in the path.
    expect(
      referencesOf(operations.find((op) => op.key === 'POST /api/evidence/{id}/identifiers/{identifierId}')!),
    ).toEqual([expect.objectContaining({ view: 'identifier.view' })]);
    // A list's filter names a tag in its query.
    expect(referencesOf(operations.find((op) => op.key === 'GET /api/identifiers')!)).toEqual([
      expect.objectContaining({ label: '?tag', view: 'tag.view' }),
    ]);
  });

  it('every reference is of a kind whose view permission is known, or is listed as none', () => {
    const unknown = operations
      .flatMap(referencesOf)
      .filter((r) => !r.view && !(r.key in NOT_A_REFERENCE))
      .map((r) => r.key);
    expect(unknown).toEqual([]);
  });

  it("every operation's access holds the view permission of each kind of record it names", () => {
    const missing = operations.flatMap((op) =>
      referencesOf(op)
        .filter((r) => r.view && !(r.key in NOT_A_REFERENCE))
        .filter(
          (r) =>
            !op.permissions.includes(r.view!) &&
            !(r.field && op.named[r.field] === r.view) &&
            !(r.param && op.namedInQuery[r.param] === r.view),
        )
        .map((r) => `${op.key} ${r.label}: ${r.view}`),
    );
    expect(missing).toEqual([]);
  });

  it('declares for each field and parameter the permission this test knows for it', () => {
    const differing = operations.flatMap((op) => [
      ...Object.entries(op.named)
        .filter(([field, view]) => view !== (field === 'ids' ? IDS_VIEW[op.key] : FIELD_VIEW[field]))
        .map(([field, view]) => `${op.key} body ${field}: ${view}`),
      ...Object.entries(op.namedInQuery)
        .filter(([param, view]) => view !== (param === 'ids' ? IDS_VIEW[op.key] : FIELD_VIEW[param]))
        .map(([param, view]) => `${op.key} ?${param}: ${view}`),
    ]);
    expect(differing).toEqual([]);
  });

  it('refuses (403 naming the field) a body naming records without their view permission, only then', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const documented = await loadOperations(t.app);
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const sample = documented.find((d) => d.key === op.key)!;
      for (const [field, view] of Object.entries(op.named)) {
        // Everything else the route and its other fields need, but this field's view permission.
        const all = [...new Set([...op.permissions, ...Object.values(op.named)])];
        const held = all.filter((p) => p !== view);
        const schema = sample.body?.properties?.[field];
        const list =
          [schema?.type].flat().includes('array') || !!schema?.anyOf?.some((b) => b.type === 'array');
        const payload = { ...(sampleBody(sample) as object), [field]: list ? [randomUUID()] : randomUUID() };
        const ask = async (scopes: Permission[]) =>
          (await keyHolding(admin, scopes)).request({
            method: sample.method as 'POST',
            url: fillPath(sample),
            payload,
          });
        const without = await ask(held);
        // Refused for this field, or for another the request names that needs the same permission
        // (a bulk update's `ids` and `addAssigneeIds` both name what `case.view` reads).
        const refusable = Object.keys(op.named).filter(
          (other) => op.named[other] === view && namesSomething((payload as Record<string, unknown>)[other]),
        );
        if (without.statusCode !== 403 || !refusable.some((other) => refusedFor(without, other, view))) {
          failures.push(
            `${op.key} ${field} without ${view}: ${without.statusCode} ${without.body.slice(0, 160)}`,
          );
        }
        const withIt = await ask(all);
        if (withIt.statusCode === 403 && NAMING_REFUSED.test(withIt.body)) {
          failures.push(`${op.key} ${field} with ${view}: ${withIt.body.slice(0, 160)}`);
        }
        checked += 1;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  }, 120_000);

  it('refuses (403 naming the parameter) a query naming records without their view permission, only then', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const documented = await loadOperations(t.app);
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const sample = documented.find((d) => d.key === op.key)!;
      for (const [param, view] of Object.entries(op.namedInQuery)) {
        const all = [...new Set([...op.permissions, ...Object.values(op.namedInQuery)])];
        const held = all.filter((p) => p !== view);
        const ask = async (scopes: Permission[], value: string) =>
          (await keyHolding(admin, scopes)).request({
            method: sample.method as 'GET',
            url: `${fillPath(sample)}?${new URLSearchParams({ [param]: value })}`,
          });
        const without = await ask(held, randomUUID());
        if (without.statusCode !== 403 || !refusedFor(without, param, view)) {
          failures.push(
            `${op.key} ?${param} without ${view}: ${without.statusCode} ${without.body.slice(0, 160)}`,
          );
        }
        // Named twice (?tagId=a&tagId=b), each names a record.
        const twice = await (
          await keyHolding(admin, held)
        ).request({
          method: sample.method as 'GET',
          url: `${fillPath(sample)}?${param}=${randomUUID()}&${param}=${randomUUID()}`,
        });
        if (twice.statusCode !== 403 || !refusedFor(twice, param, view)) {
          failures.push(`${op.key} ?${param} twice without ${view}: ${twice.statusCode}`);
        }
        const withIt = await ask(all, randomUUID());
        if (withIt.statusCode === 403 || withIt.statusCode >= 500) {
          failures.push(
            `${op.key} ?${param} with ${view}: ${withIt.statusCode} ${withIt.body.slice(0, 160)}`,
          );
        }
        // A value naming nothing needs nothing: the empty one, or the route's own (groupId=none).
        for (const nothing of ['', NAMES_NOTHING[`${op.key} ?${param}`]].filter((v) => v !== undefined)) {
          const unnamed = await ask(held, nothing);
          if (unnamed.statusCode === 403 && NAMING_REFUSED.test(unnamed.body)) {
            failures.push(`${op.key} ?${param}=${nothing} without ${view}: ${unnamed.body.slice(0, 160)}`);
          }
        }
        checked += 1;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it("decides who may call before the query: 401 anonymous, 403 without the route's permission", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const url = `/api/cases?tagId=${randomUUID()}&groupId=${randomUUID()}`;
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const evidenceOnly = await (await keyHolding(admin, ['evidence.view'])).request({ method: 'GET', url });
    expect(evidenceOnly.statusCode).toBe(403);
    expect(evidenceOnly.body).not.toMatch(NAMING_REFUSED);
    // Before the query is validated: a malformed id is refused for the caller, not for its form.
    const malformed = await (
      await keyHolding(admin, ['case.view'])
    ).request({
      method: 'GET',
      url: '/api/cases?tagId=not-a-uuid',
    });
    expect(malformed.statusCode).toBe(403);
    expect(malformed.json()).toMatchObject({
      error: { message: expect.stringContaining('tagId needs tag.view') },
    });
  });

  it('lists the cases of no group to a key that may not read groups, and only those', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const caller = await keyHolding(admin, ['case.view']);
    const none = await caller.request({ method: 'GET', url: '/api/cases?groupId=none' });
    expect(none.statusCode).toBe(200);
    const group = await caller.request({ method: 'GET', url: `/api/cases?groupId=${randomUUID()}` });
    expect(group.statusCode).toBe(403);
    expect(group.json()).toMatchObject({
      error: { message: expect.stringContaining('groupId needs group.view') },
    });
  });

  it('lists no exception that names nothing any more', () => {
    const keys = new Set(operations.flatMap(referencesOf).map((r) => r.key));
    expect(Object.keys(NOT_A_REFERENCE).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(NAMES_NOTHING).filter((key) => !keys.has(key))).toEqual([]);
  });
});
