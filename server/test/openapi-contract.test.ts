import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The OpenAPI document is the contract `api-client/` is generated from: every operation named once,
 * every entity a named schema, every answer described, and what each operation's callers and errors
 * are said where the operation is.
 */

interface Response {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } & Record<string, unknown> }>;
}
interface Operation {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, Response>;
}
interface Document {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let doc: Document;
let operations: { key: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject('/api/openapi.json')).json() as Document;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, op })),
  );
});
afterAll(() => t.close());

/** Every `$ref` in the value. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : refs(child),
  );
}

const accessLines = (op: Operation) =>
  (op.description ?? '').split('\n').filter((l) => l.startsWith('Access: '));

describe('the OpenAPI document', () => {
  it('names every operation once, in camelCase', () => {
    expect(operations.length).toBeGreaterThan(100);
    const unnamed = operations.filter(({ op }) => !op.operationId).map(({ key }) => key);
    expect(unnamed).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId!);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id))).toEqual([]);
  });

  it('describes every answer (no "Default Response")', () => {
    const vague = operations.flatMap(({ key, op }) =>
      Object.entries(op.responses)
        .filter(([, response]) => !response.description || response.description === 'Default Response')
        .map(([status]) => `${key} ${status}`),
    );
    expect(vague).toEqual([]);
  });

  it('names the entities, refers to them by $ref, and every $ref resolves', () => {
    for (const id of ['Case', 'JournalEntry', 'Evidence', 'Identifier', 'Tag', 'Originator', 'Error']) {
      expect(doc.components.schemas[id], id).toBeDefined();
    }
    expect(refs(doc.paths['/api/cases/{id}'].get.responses['200'])).toEqual(['#/components/schemas/Case']);
    const dangling = refs(doc).filter(
      (ref) => !doc.components.schemas[ref.replace('#/components/schemas/', '')],
    );
    expect(dangling).toEqual([]);
  });

  it("gives an identifier's data per type, told apart by type", () => {
    for (const id of ['Identifier', 'IdentifierListItem', 'IdentifierDetail']) {
      const discriminator = doc.components.schemas[id].discriminator as { mapping: Record<string, string> };
      expect(Object.keys(discriminator.mapping).sort(), id).toEqual(
        ['bank_account', 'crypto_wallet', 'email', 'other', 'phone', 'social_media', 'zelle'].sort(),
      );
    }
    expect(doc.components.schemas.PhoneData).toMatchObject({
      required: ['countryCode', 'number'],
      additionalProperties: false,
    });
    const create = doc.paths['/api/identifiers'].post.requestBody!.content['application/json'].schema;
    expect(create.discriminator).toMatchObject({ propertyName: 'type' });
  });

  it('says who may call each operation once, and advertises API keys only where they are taken', () => {
    for (const { key, op } of operations) {
      const lines = accessLines(op);
      expect(lines, key).toHaveLength(1);
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement)).sort();
      if (lines[0] === 'Access: anyone.') expect(schemes, key).toEqual([]);
      else if (lines[0].includes('(not an API key)')) expect(schemes, key).toEqual(['session']);
      else expect(schemes, key).toEqual(['apiKey', 'session']);
    }
    expect(doc.info.description).toContain('`Origin`');
  });

  it('documents the errors each operation can answer, in the error shape', () => {
    const OAUTH_PROTOCOL_OPERATIONS = ['POST /api/oauth/device_authorization', 'POST /api/oauth/token'];
    const missing: string[] = [];
    for (const { key, path, op } of operations) {
      const statuses = Object.keys(op.responses);
      const expected = [
        ...(accessLines(op)[0] === 'Access: anyone.' ? [] : ['401', '503']),
        ...(path.includes('{') ? ['404'] : []),
        ...(op.requestBody ? ['413', '415'] : []),
      ];
      missing.push(...expected.filter((s) => !statuses.includes(s)).map((s) => `${key} ${s}`));
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        // The RFC 8628 endpoints answer a standard OAuth client in RFC 6749 §5.2's shape; a fault is ours.
        const oauth = OAUTH_PROTOCOL_OPERATIONS.includes(key) && status !== '503';
        expect(response.content?.['application/json']?.schema?.$ref, `${key} ${status}`).toBe(
          oauth ? '#/components/schemas/OAuthError' : '#/components/schemas/Error',
        );
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes the CSV and multipart bodies as what is sent', () => {
    const imports = doc.paths['/api/identifiers/import'].post.requestBody!.content;
    expect(imports['text/csv'].schema).toMatchObject({ type: 'string' });
    expect(imports['multipart/form-data'].schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    const upload = doc.paths['/api/evidence'].post.requestBody!.content['multipart/form-data'].schema;
    expect(upload).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } } });
  });
});
