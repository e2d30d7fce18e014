import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { anyone, can, type Rule } from './access-rules/rule';

/**
 * The operations of the OpenAPI document and sample requests built from their schemas, for the tests
 * that go over every route (authorization and bad input): a route added later is covered by them
 * without anyone writing its requests by hand.
 */

/** The subset of JSON Schema the route schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  $ref?: string;
}

export interface Operation {
  /** "POST /api/tags": the key of the expected tables. */
  key: string;
  method: string;
  /** The OpenAPI path, with `{id}` placeholders. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  /** The media types its body may come in (none when it takes no body). */
  bodyTypes?: string[];
  /** What the operation does, as the document says it. */
  summary?: string;
  /** Well-formed values for path parameters that are not UUIDs (a STIX id). */
  pathSamples?: Record<string, () => string>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  summary?: string;
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/**
 * The value with every `$ref` to a component schema replaced by the schema itself, so the samples
 * below read a request's shape as it is wherever its parts are named.
 */
export function withoutRefs<T>(value: T, schemas: Record<string, JsonSchema>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutRefs(item, schemas)) as T;
  if (value === null || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as JsonSchema & Record<string, unknown>;
  const target = $ref ? schemas[$ref.replace('#/components/schemas/', '')] : undefined;
  if ($ref && !target) throw new Error(`No component for ${$ref}`);
  const own = Object.fromEntries(
    Object.entries(rest).map(([key, child]) => [key, withoutRefs(child, schemas)]),
  );
  return (target ? { ...withoutRefs(target, schemas), ...own } : own) as T;
}

export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const document = (await app.inject('/api/openapi.json')).json() as OpenApiDocument;
  const doc = { paths: withoutRefs(document.paths, document.components?.schemas ?? {}) };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
        body: op.requestBody?.content['application/json']?.schema,
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        summary: op.summary,
      });
    }
  }
  return operations;
}

/**
 * The path with every placeholder replaced (by default with a well-formed value naming nothing: a
 * fresh UUID, or the operation's own sample).
 */
export function fillPath(
  op: Operation,
  value: (name: string) => string = (name) => op.pathSamples?.[name]?.() ?? randomUUID(),
): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
}

function types(schema: JsonSchema): string[] {
  return [schema.type ?? []].flat();
}

/** The first branch of a union that is not null. */
function firstBranch(schema: JsonSchema): JsonSchema | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  return branches?.find((b) => !types(b).includes('null')) ?? branches?.[0];
}

/**
 * A value the schema accepts as far as its shape goes (required properties only). Rules that need
 * the database (does this id exist?) are not its business: a sample is a well-formed request.
 */
export function sampleValue(schema: JsonSchema, name = 'value'): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = firstBranch(schema);
  if (branch) return sampleValue(branch, name);
  if (schema.allOf?.length) return sampleValue(schema.allOf[0], name);
  const type = types(schema).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems && schema.items ? [sampleValue(schema.items, name)] : [];
    case 'object':
    default: {
      const body: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = schema.properties?.[key];
        if (property) body[key] = sampleValue(property, key);
      }
      return body;
    }
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  const tag = randomBytes(4).toString('hex');
  if (schema.format === 'email' || /email/i.test(name)) return `sample-${tag}@example.com`;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (schema.format === 'uri' || /url/i.test(name)) return 'https://93.184.216.34/hook';
  const text = /password/i.test(name) ? `Sample password ${tag}` : `Sample ${name} ${tag}`;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  return text.padEnd(min, 'x').slice(0, max);
}

/**
 * Requests the generic sample cannot make well-formed on its own: open objects whose keys depend on
 * another field (an identifier's `data` follows its `type`).
 */
const BODY_OVERRIDES: Record<string, () => Record<string, unknown>> = {
  'POST /api/identifiers': () => ({ type: 'email', data: { address: sampleString({}, 'email') } }),
  'PUT /api/identifiers/{id}': () => ({ type: 'email', data: { address: sampleString({}, 'email') } }),
  'POST /api/identifiers/import': () => ({
    items: [{ type: 'email', data: { address: sampleString({}, 'email') } }],
  }),
  'POST /api/identifiers/import/stix': () => ({
    type: 'bundle',
    id: `bundle--${randomUUID()}`,
    objects: [
      {
        type: 'email-addr',
        spec_version: '2.1',
        id: `email-addr--${randomUUID()}`,
        value: sampleString({}, 'email'),
      },
    ],
  }),
  'POST /api/identifiers/import/misp': () => ({
    Event: {
      Attribute: [{ type: 'email-src', category: 'Payload delivery', value: sampleString({}, 'email') }],
    },
  }),
};

/** A well-formed body for the operation, or undefined when it takes none. */
export function sampleBody(op: Operation): unknown {
  const override = BODY_OVERRIDES[op.key];
  if (override) return override();
  return op.body ? sampleValue(op.body) : undefined;
}

/** Where a string sits in a body: a dotted path as error details name fields. */
export interface StringSlot {
  path: string[];
  /** The string's declared format ("date-time", "uuid"), if any. */
  format?: string;
}

/**
 * Every place a string goes in a body built by `sampleBody`, following declared properties (required
 * or not), array items and the keys an override fills in.
 */
export function stringSlots(
  schema: JsonSchema | undefined,
  sample: unknown,
  path: string[] = [],
): StringSlot[] {
  if (!schema) return [];
  const branch = firstBranch(schema);
  if (branch) return stringSlots(branch, sample, path);
  const type = types(schema).find((t) => t !== 'null');
  if (type === 'string' && !schema.enum) return [{ path, format: schema.format }];
  if (type === 'array' && schema.items) return stringSlots(schema.items, undefined, [...path, '0']);
  if (type === 'object' || schema.properties || schema.additionalProperties) {
    const slots = Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
      stringSlots(property, (sample as Record<string, unknown> | undefined)?.[key], [...path, key]),
    );
    // An open object (an identifier's data): the keys the sample filled in are strings too.
    if (!schema.properties && sample && typeof sample === 'object') {
      for (const [key, value] of Object.entries(sample)) {
        if (typeof value === 'string') slots.push({ path: [...path, key] });
      }
    }
    return slots;
  }
  return [];
}

/**
 * Arrays whose items a route checks one by one, answering 200 with each item's result (an import's
 * rows: an invalid row is reported with the field to blame, and the others go on).
 */
const CHECKED_PER_ITEM: Record<string, string> = {
  'POST /api/identifiers/import': 'items',
  // An observable or attribute that is not an identifier is reported as skipped or invalid.
  'POST /api/identifiers/import/stix': 'objects',
  'POST /api/identifiers/import/misp': 'Event',
};

/** True when bad input at the slot is an item's error, answered in a 200, not the request's. */
export function isCheckedPerItem(op: Operation, slot: StringSlot): boolean {
  return CHECKED_PER_ITEM[op.key] === slot.path[0] && slot.path.length > 1;
}

/** A deep copy of `body` with `value` at `path` (arrays are grown to hold it). */
export function withValueAt(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (/^\d+$/.test(head)) {
    const array = Array.isArray(body) ? [...body] : [];
    array[Number(head)] = withValueAt(array[Number(head)], rest, value);
    return array;
  }
  const object = body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {};
  object[head] = withValueAt(object[head], rest, value);
  return object;
}

/** A route the OpenAPI document leaves out (`schema: { hide: true }`), and who may call it. */
export interface HiddenOperation {
  rule: Rule;
  query?: { name: string; schema: JsonSchema }[];
  pathSamples?: Record<string, () => string>;
}

/** TAXII 2.1's paging parameters (OASIS TAXII 2.1 §3.4, §3.6). */
const TAXII_PAGE: { name: string; schema: JsonSchema }[] = [
  { name: 'added_after', schema: { type: 'string', format: 'date-time' } },
  { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  { name: 'next', schema: { type: 'string' } },
];
/** The objects' and the manifest's filters (§3.6). */
const TAXII_LIST_MATCH: { name: string; schema: JsonSchema }[] = [
  'match[type]',
  'match[id]',
  'match[version]',
  'match[spec_version]',
].map((name) => ({ name, schema: { type: 'string' } }));
const TAXII_OBJECT: HiddenOperation['pathSamples'] = { objectId: () => `indicator--${randomUUID()}` };

/**
 * Every route the app registers outside the OpenAPI document, with who may call it: the route-wide
 * tests go over these as over the document's, and fail on a hidden route missing here. Keep it
 * small: a route belongs in the document unless another specification describes it.
 */
export const HIDDEN_OPERATIONS: Record<string, HiddenOperation> = {
  // The document itself, and OAuth's server metadata (RFC 8414): read by clients before signing in.
  'GET /api/openapi.json': { rule: anyone },
  'GET /.well-known/oauth-authorization-server': { rule: anyone },
  // The Swagger UI that reads the document (@fastify/swagger-ui, built at the first request and
  // reached through these two routes, server/src/plugins/openapi.ts): static files.
  'GET /api/docs': { rule: anyone },
  'GET /api/docs/*': { rule: anyone },
  // TAXII 2.1 is its own specification (docs/interchange.md): the identifiers topic of export streams.
  'GET /taxii2/': { rule: can('export.view', 'identifier.view') },
  'GET /taxii2/root/': { rule: can('export.view', 'identifier.view') },
  'GET /taxii2/root/collections/': { rule: can('export.view', 'identifier.view') },
  'GET /taxii2/root/collections/{id}/': { rule: can('export.view', 'identifier.view') },
  'GET /taxii2/root/collections/{id}/objects/': {
    rule: can('export.view', 'identifier.view'),
    query: [...TAXII_PAGE, ...TAXII_LIST_MATCH],
  },
  'GET /taxii2/root/collections/{id}/manifest/': {
    rule: can('export.view', 'identifier.view'),
    query: [...TAXII_PAGE, ...TAXII_LIST_MATCH],
  },
  'GET /taxii2/root/collections/{id}/objects/{objectId}/': {
    rule: can('export.view', 'identifier.view'),
    query: [
      ...TAXII_PAGE,
      { name: 'match[version]', schema: { type: 'string' } },
      { name: 'match[spec_version]', schema: { type: 'string' } },
    ],
    pathSamples: TAXII_OBJECT,
  },
  'GET /taxii2/root/collections/{id}/objects/{objectId}/versions/': {
    rule: can('export.view', 'identifier.view'),
    query: [...TAXII_PAGE, { name: 'match[spec_version]', schema: { type: 'string' } }],
    pathSamples: TAXII_OBJECT,
  },
};

/** The hidden routes as operations, for the same requests as the document's. */
export function hiddenOperations(): Operation[] {
  return Object.entries(HIDDEN_OPERATIONS).map(([key, hidden]) => {
    const [method, path] = key.split(' ');
    return {
      key,
      method,
      path,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
      query: hidden.query ?? [],
      pathSamples: hidden.pathSamples,
    };
  });
}

/** Where the routes every caller reaches live; the web app's files are served outside them. */
const API_PREFIXES = ['/api/', '/taxii2', '/.well-known/'];

/**
 * "GET /api/tags/{id}" for every API route the app registered (in the document's path form), HEAD
 * routes Fastify adds beside a GET left out.
 */
export function registeredOperationKeys(routes: RouteOptions[]): string[] {
  const keys = new Set<string>();
  for (const route of routes) {
    const url = route.url;
    if (!API_PREFIXES.some((prefix) => url.startsWith(prefix))) continue;
    const path = url.replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) keys.add(`${method} ${path}`);
  }
  return [...keys]
    .filter((key) => !(key.startsWith('HEAD ') && keys.has(key.replace(/^HEAD /, 'GET '))))
    .sort();
}
