import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { responseText } from '@scamtrail/domain/text';
import { JsonText } from './json-text';
import { createResponseSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const item = z.object({
  id: responseText(),
  kind: z.enum(['email', 'phone']),
  score: z.object({ value: z.number() }).nullable(),
  owner: z
    .object({ name: responseText(), proxy: z.object({ name: responseText() }).nullable() })
    .nullable()
    .describe('who'),
  data: z.record(responseText(), z.unknown()),
  note: responseText().optional(),
  count: z.number().int(),
  tags: z.array(z.object({ name: responseText() })),
});
const page = z.object({ data: z.array(item), total: z.number().int(), estimate: z.boolean() });

const value = {
  data: [
    {
      id: 'a',
      kind: 'email',
      score: null,
      owner: { name: 'Ada "the first" Lovelace\n', proxy: null, secret: 'never written' },
      data: { address: 'ada@example.com', nested: { list: [1, 'two', null] } },
      count: 3,
      tags: [{ name: 'mule' }, { name: 'émoji 😀' }],
      internal: 'never written either',
    },
    {
      id: 'b',
      kind: 'phone',
      score: { value: 0.25 },
      owner: null,
      data: {},
      note: 'seen twice',
      count: 0,
      tags: [],
    },
  ],
  total: 2,
  estimate: false,
};

describe('the response serializer', () => {
  it("writes what zod's checked serializer writes, declared properties only", () => {
    const fast = createResponseSerializerCompiler({ verify: false })(route(page));
    const checked = createResponseSerializerCompiler({ verify: true })(route(page));
    const written = fast(value);
    expect(JSON.parse(written)).toEqual(JSON.parse(checked(value)));
    expect(written).not.toContain('never written');
    expect(JSON.parse(written).data[0].owner).toEqual({ name: 'Ada "the first" Lovelace\n', proxy: null });
    // The fast writer writes and does not check (an enum it does not know passes); the tests' verify
    // mode is what checks every answer.
    const unknownKind = { ...value, data: [{ ...value.data[0], kind: 'fax' }] };
    expect(JSON.parse(fast(unknownKind)).data[0].kind).toBe('fax');
    expect(() => checked(unknownKind)).toThrow();
  });

  it('keeps zod for a schema JSON Schema cannot express, and zod still checks the answer', () => {
    const dated = z.object({ at: z.date() });
    const serialize = createResponseSerializerCompiler({ verify: false })(route(dated));
    expect(serialize({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
    expect(() => serialize({ at: 'not a date' })).toThrow();
  });

  it('copies a record as it is, stripping only inside values its schema declares as objects', () => {
    const schema = z.object({
      labels: z.record(responseText(), z.object({ text: responseText() })),
      raw: z.record(responseText(), z.unknown()),
    });
    const serialize = createResponseSerializerCompiler({ verify: false })(route(schema));
    const written = serialize({
      labels: { a: { text: 'kept', secret: 'never written' } },
      raw: { b: { anything: [1, { deep: true }] } },
    });
    expect(JSON.parse(written)).toEqual({
      labels: { a: { text: 'kept' } },
      raw: { b: { anything: [1, { deep: true }] } },
    });
  });

  it('writes keys of any spelling, leaves out an absent optional property, and never follows __proto__', () => {
    const odd = z.object({
      'quote"key': responseText(),
      'line\nbreak': z.number(),
      "it's": z.object({ inner: responseText() }),
      optional: responseText().optional(),
    });
    const serialize = createResponseSerializerCompiler({ verify: true })(route(odd));
    const written = serialize({ 'quote"key': 'q', 'line\nbreak': 1, "it's": { inner: 'i', secret: 'x' } });
    expect(JSON.parse(written)).toEqual({ 'quote"key': 'q', 'line\nbreak': 1, "it's": { inner: 'i' } });
    expect(written).not.toContain('optional');

    const proto = z.object({ ['__proto__']: z.object({ admin: z.boolean() }), name: responseText() });
    const source = JSON.parse('{"__proto__": {"admin": true, "secret": "x"}, "name": "n", "other": 1}');
    // A literal reads `__proto__` as the copy's prototype, which JSON.stringify never writes: as zod.
    const protoWritten = createResponseSerializerCompiler({ verify: false })(route(proto))(source);
    expect(protoWritten).toBe(zodSerializerCompiler(route(proto))(source));
    expect(protoWritten).not.toContain('secret');
    expect(protoWritten).not.toContain('other');
  });

  it('keeps zod for a union, which a copy of declared properties cannot choose a branch for', () => {
    const union = z.object({
      item: z.union([z.object({ kind: z.literal('a'), a: z.number() }), z.object({ kind: z.literal('b') })]),
    });
    const serialize = createResponseSerializerCompiler({ verify: false })(route(union));
    expect(JSON.parse(serialize({ item: { kind: 'a', a: 1, secret: 'x' } }))).toEqual({
      item: { kind: 'a', a: 1 },
    });
    expect(() => serialize({ item: { kind: 'c' } })).toThrow();
  });

  it('refuses, when verifying, an answer the schema does not allow', () => {
    const serialize = createResponseSerializerCompiler({ verify: true })(route(page));
    expect(() => serialize({ ...value, total: 'two' })).toThrow();
    expect(() => serialize({ ...value, data: [{ ...value.data[0], kind: 'fax' }] })).toThrow();
  });

  it('sends JSON the database wrote as it is, and when verifying, refuses text the schema does not allow', () => {
    const ok = '{"data":[],"total":0,"estimate":true}';
    for (const verify of [false, true]) {
      expect(createResponseSerializerCompiler({ verify })(route(page))(new JsonText(ok))).toBe(ok);
    }
    const serialize = createResponseSerializerCompiler({ verify: true })(route(page));
    expect(() => serialize(new JsonText('{"data":[],"total":"none","estimate":true}'))).toThrow();
    // A member the schema does not declare would reach the client as it is: verify names the writer.
    expect(() => serialize(new JsonText('{"data":[],"total":0,"estimate":true,"secret":1}'))).toThrow(
      /GET \/x \(200\): the database wrote/,
    );
  });
});
