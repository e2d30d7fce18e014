import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_HEADER } from '@scamtrail/domain/idempotency';
import type { Permission } from '@scamtrail/domain/permissions';
import type { Access } from '../modules/auth/route-access';
import { SESSION_COOKIE } from '../modules/auth/session-cookie';
import { errorBodySchema } from '../lib/schemas';
import { lazyInnerServer, passOnTo } from './inner-server';

/**
 * The OpenAPI document is a contract: `api-client/` is generated from it and `npm run lint:openapi`
 * lints it. Zod schemas registered with an id (`.meta({ id: 'Case' })`) become components that the
 * operations refer to; what every operation of a kind can answer (401 for a caller without a
 * session, 503 when the server is saturated...) is added here from the route's declared access and
 * shape, so that no route repeats it and none forgets it.
 */

type TransformInput = Parameters<ReturnType<typeof createJsonSchemaTransform>>[0];
type TransformResult = ReturnType<ReturnType<typeof createJsonSchemaTransform>>;
type JsonSchema = Record<string, unknown>;
type BodyByContentType = { content: Record<string, { schema: unknown }> };

/** Components are the schemas registered with an id in zod's global registry. */
const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

const ERROR_REF = { $ref: `#/components/schemas/${errorIdOf()}` };

function errorIdOf(): string {
  const id = errorBodySchema.meta()?.id;
  if (!id) throw new Error('errorBodySchema needs an id to be referred to');
  return id;
}

const RETRY_AFTER = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' },
};

/** What each error status means, whatever the operation; its `code` says which case it is. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid: `VALIDATION_FAILED` names each field in `details.fields`; `BAD_REQUEST` says why',
  401: '`UNAUTHENTICATED`: no valid session cookie or API key (or, for sign-in, wrong credentials)',
  403:
    '`FORBIDDEN`: the caller lacks a permission, or is an API key where a person is needed; ' +
    '`CROSS_ORIGIN`: a write with the session cookie from another origin',
  404: '`NOT_FOUND`: no such record, or one the caller may not see',
  409:
    '`CONFLICT`, `IN_USE` or `IDEMPOTENCY_KEY_IN_USE`: the request conflicts with the state of the ' +
    'record (a duplicate, a record in use, an archived case) or with a request still in progress',
  412: '`PRECONDITION_FAILED`: If-Match is stale; `details.current` holds the record as it is now',
  413: '`PAYLOAD_TOO_LARGE`: the body is over its limit (`details.maxBytes` when the route has its own)',
  415:
    '`UNSUPPORTED_MEDIA_TYPE`: a body of a media type the operation does not take, or sent with a ' +
    'Content-Encoding (the server reads bodies unencoded only)',
  422: '`IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was used for another request',
  429: '`TOO_MANY_REQUESTS`: too many attempts; Retry-After says when to try again',
  503:
    '`UNAVAILABLE` (the server is saturated), `DATABASE_UNAVAILABLE` or `STORAGE_UNAVAILABLE`; ' +
    'Retry-After says when to try again',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: 'Done; the answer',
  201: 'Created; the new record',
  204: 'Done; no content',
};

/** One line for the operation's description: who may call it. */
export function describeAccess(rule: Access): string {
  if (rule.kind === 'public') return 'Access: anyone.';
  if (rule.kind === 'session') return 'Access: a signed-in session (not an API key).';
  const who = rule.browserOnly
    ? "a signed-in user (not an API key) in their browser (not a device sign-in's token)"
    : rule.usersOnly
      ? 'a signed-in user (not an API key)'
      : rule.ownAutomationParam
        ? `a signed-in user or an API key of the automation \`{${rule.ownAutomationParam}}\` (never another's)`
        : 'a signed-in user or an API key';
  const pairs = (references: Readonly<Record<string, Permission>> = {}) =>
    Object.entries(references)
      .map(([field, p]) => `\`${field}\` \`${p}\``)
      .join(', ');
  const inBody = pairs(rule.references);
  const inQuery = pairs(rule.queryReferences);
  const naming =
    (inBody ? ` Naming records in the body also needs their view permission: ${inBody}.` : '') +
    (inQuery ? ` Naming records in the query also needs their view permission: ${inQuery}.` : '');
  if (rule.permissions.length === 0) return `Access: ${who}.${naming}`;
  return `Access: ${who} holding ${rule.permissions.map((p) => `\`${p}\``).join(', ')}.${naming}`;
}

/** The security requirements of an operation: a route closed to API keys does not advertise them. */
function securityOf(rule: Access): Record<string, string[]>[] {
  if (rule.kind === 'public') return [];
  if (rule.kind === 'session' || rule.usersOnly) return [{ session: [] }];
  return [{ session: [] }, { apiKey: [] }];
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses an operation can answer beyond those its route declares: from its access (401,
 * 403), its method (a cookie write from another origin is 403), its path (an id that names nothing
 * is 404), its body (over the limit 413, of another media type 415), its input (400), admission (a
 * queued route answers 503 when the server is saturated) and the database (every caller but an
 * anonymous one is looked up in it: 503 when it does not answer).
 */
function impliedErrorStatuses(route: RouteOptions, schema: JsonSchema): number[] {
  const rule = route.config?.access;
  const methods = [route.method].flat().map(String);
  const statuses: number[] = [];
  if (schema.params || schema.querystring || schema.body || schema.headers) statuses.push(400);
  if (rule && rule.kind !== 'public') statuses.push(401);
  const crossOriginRefused = methods.some((m) => UNSAFE_METHODS.has(m)) && !route.config?.cookieless;
  if (rule?.kind === 'principal' || crossOriginRefused) statuses.push(403);
  if (route.url.includes('/:')) statuses.push(404);
  if (schema.body) statuses.push(413, 415);
  if (route.config?.queued !== false || rule?.kind !== 'public') statuses.push(503);
  return statuses;
}

function isBodyByContentType(body: unknown): body is BodyByContentType {
  return typeof body === 'object' && body !== null && 'content' in body && !('_zod' in body);
}

/**
 * zod's transform, plus request bodies given per content type (`body: { content: { 'multipart/
 * form-data': { schema } } }`, which Fastify validates per type too): each schema is converted alone.
 */
function zodSchemas(input: TransformInput): TransformResult {
  const body = (input.schema as { body?: unknown } | undefined)?.body;
  if (!isBodyByContentType(body)) return zodTransform(input);
  const result = zodTransform({ ...input, schema: { ...input.schema, body: undefined } });
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, { schema }]) => [
      type,
      { schema: (zodTransform({ ...input, schema: { body: schema } }).schema as { body: unknown }).body },
    ]),
  );
  return { ...result, schema: { ...result.schema, body: { content } } };
}

/** A description for each response, and the error answers the operation can give but does not declare. */
function responsesOf(route: RouteOptions, schema: JsonSchema): Record<string, JsonSchema> {
  const declared = (schema.response ?? {}) as Record<string, JsonSchema>;
  const responses: Record<string, JsonSchema> = {};
  const statuses = new Set([...Object.keys(declared).map(Number), ...impliedErrorStatuses(route, schema)]);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const response = declared[status] ?? ERROR_REF;
    const description =
      (response.description as string | undefined) ??
      (status >= 400 ? ERROR_DESCRIPTIONS[status] : SUCCESS_DESCRIPTIONS[status]);
    if (!description) throw new Error(`${String(route.method)} ${route.url}: no description for ${status}`);
    const headers = status === 429 || status === 503 ? { headers: RETRY_AFTER } : {};
    // An answer without a body (204) is `{ type: 'null' }`, which @fastify/swagger writes without
    // content; one declared per media type (a file's bytes) has its content already.
    responses[status] =
      response.type === 'null' || response.content
        ? { ...response, description, ...headers }
        : { description, content: { 'application/json': { schema: response } }, ...headers };
  }
  return responses;
}

function transform(input: TransformInput): TransformResult {
  const result = zodSchemas(input);
  const schema = result.schema as JsonSchema;
  const rule = input.route.config?.access;
  if (schema.hide || !rule) return result;
  const access = describeAccess(rule);
  return {
    ...result,
    schema: {
      ...schema,
      description: schema.description ? `${String(schema.description)}\n\n${access}` : access,
      security: securityOf(rule),
      response: responsesOf(input.route, schema),
    },
  };
}

type Document = { paths?: unknown; components?: { schemas?: Record<string, unknown> } };

/** Every `$ref` target the value refers to. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((item) => refsIn(item, found));
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') found.add(child.replace('#/components/schemas/', ''));
    else refsIn(child, found);
  }
}

/**
 * zod writes every registered schema twice, as it reads input (`CaseInput`) and as it writes output
 * (`Case`). Only the components the operations reach are kept, and an input schema that has no output
 * twin in the document takes the plain name, so a request body is `CreateCaseBody`, not
 * `CreateCaseBodyInput`.
 */
function pruneComponents(doc: Document): Document {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const reached = new Set<string>();
  refsIn(doc.paths, reached);
  for (let pending = [...reached]; pending.length > 0;) {
    const next = new Set<string>();
    for (const id of pending) refsIn(schemas[id], next);
    pending = [...next].filter((id) => !reached.has(id));
    pending.forEach((id) => reached.add(id));
  }
  const renames = new Map<string, string>();
  for (const id of reached) {
    const plain = id.replace(/Input$/, '');
    if (plain !== id && !reached.has(plain)) renames.set(id, plain);
  }
  const kept = Object.fromEntries([...reached].sort().map((id) => [renames.get(id) ?? id, schemas[id]]));
  const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: kept } });
  return JSON.parse(text, (key, value: unknown) =>
    key === '$ref' && typeof value === 'string'
      ? value.replace(/^#\/components\/schemas\/(\w+)$/, (ref, id: string) =>
          renames.has(id) ? `#/components/schemas/${renames.get(id)}` : ref,
        )
      : value,
  ) as Document;
}

/** What the document says before its operations. */
const DOCUMENT_HEAD: FastifyDynamicSwaggerOptions['openapi'] = {
  openapi: '3.1.0',
  info: {
    title: 'Scamtrail API',
    description:
      'Cases, journal entries, evidence and identifiers. Authenticate with the session cookie from ' +
      '`POST /api/auth/login`, as an automation with `Authorization: Bearer <api key>`, or as a ' +
      'person with the Bearer access token of a device sign-in (RFC 8628, `/api/oauth/*`: a session ' +
      'of theirs); each operation says who may call it.\n\n' +
      'A request that changes something (POST, PUT, PATCH, DELETE) without a Bearer key, sign-in ' +
      "included, must carry an `Origin` header equal to the application's own origin; any other is " +
      `refused with 403 \`CROSS_ORIGIN\` (but the two OAuth endpoints, which read no cookie). ` +
      `Operations that create a record take \`${IDEMPOTENCY_KEY_HEADER}\`.`,
    version: '1.0.0',
  },
  servers: [{ url: '/', description: 'The server that serves this document' }],
  components: {
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description:
          `The session of a signed-in person, set by sign-in (named \`__Host-${SESSION_COOKIE}\` when the ` +
          "application is served over https). Writes must come from the application's origin (see above).",
      },
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description: "An automation's API key; a malformed, unknown or revoked key answers 401.",
      },
    },
  },
  security: [{ session: [] }, { apiKey: [] }],
};

// Swagger UI injects <style> elements at run time: only its own pages allow inline styles.
const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; " +
  "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'";

/** The route options the document is written from. */
type CollectedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

/**
 * A Fastify instance of its own that knows the app's routes by their schemas (never serving them) and
 * serves the document and Swagger UI with @fastify/swagger and @fastify/swagger-ui. Built at the first
 * request for either: loading those packages (yaml, @fastify/static, the Swagger UI files) took about a
 * sixth of the server's start, for pages most starts never serve.
 */
async function documentationServer(routes: CollectedRoute[]): Promise<FastifyInstance> {
  // Loaded here, not at the top, so that a start does not load them (see above).
  const { default: Fastify } = await import('fastify');
  const { default: swagger } = await import('@fastify/swagger');
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  const docs = Fastify({
    logger: false,
    exposeHeadRoutes: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The routes are only read, never served: their schemas need no compiling.
    schemaController: {
      compilersFactory: {
        buildValidator: () => () => () => true,
        buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
      },
    } as never,
  });
  await docs.register(swagger, {
    openapi: DOCUMENT_HEAD,
    transform,
    transformObject: (document) =>
      pruneComponents(zodTransformObject(document) as Document) as ReturnType<typeof zodTransformObject>,
  });
  await docs.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: DOCS_CSP,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  const answer = async () => null;
  for (const route of routes) docs.route({ ...route, handler: answer });
  docs.get('/api/openapi.json', { schema: { hide: true } }, async () => docs.swagger());
  await docs.ready();
  return docs;
}

/**
 * OpenAPI 3.1 generated from the route schemas: `/api/openapi.json`, browsable at `/api/docs`. The
 * routes are collected as they are added; the document and the browser are made at their first
 * request (see `documentationServer`), and their requests are passed to it.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  const routes: CollectedRoute[] = [];
  const docs = lazyInnerServer(app, () => documentationServer(routes));
  /** The document, as `/api/openapi.json` serves it (scripts/openapi.ts writes it out). */
  app.decorate('openapiDocument', async () => (await docs()).swagger() as unknown as Record<string, unknown>);

  // A path the browser does not have answers as any unknown path of the API does.
  const passOn = async (request: FastifyRequest, reply: FastifyReply) =>
    passOnTo(await docs(), request, reply, () => reply.callNotFound());
  const hidden = { schema: { hide: true } };
  app.get('/api/openapi.json', hidden, passOn);
  app.get('/api/docs', hidden, passOn);
  app.get('/api/docs/*', hidden, passOn);
  // Added after this plugin's own routes, which the documentation server has of its own.
  app.addHook('onRoute', (route) => {
    // What @fastify/swagger would skip: the HEAD twin Fastify adds to each GET.
    if (route.method === 'HEAD') return;
    routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config });
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    openapiDocument(): Promise<Record<string, unknown>>;
  }
}
