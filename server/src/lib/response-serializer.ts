import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [S, { type: 'null' }]` (how zod writes `.nullable()`) as S with `nullable: true`, which
 * fast-json-stringify writes directly; for an anyOf it runs a validator on each value to pick the
 * branch, which cost more than writing the value.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const { anyOf, ...rest } = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) out[key] = simplifyNullable(value);
  if (!Array.isArray(anyOf)) return anyOf === undefined ? out : { ...out, anyOf: simplifyNullable(anyOf) };
  const isNull = (s: unknown) => isDeepStrictEqual(s, { type: 'null' });
  const other =
    anyOf.length === 2 && anyOf.some(isNull) ? (anyOf.find((s) => !isNull(s)) as JsonSchema) : undefined;
  if (other && typeof other.type === 'string' && other.anyOf === undefined) {
    return { ...out, ...(simplifyNullable(other) as JsonSchema), nullable: true };
  }
  return { ...out, anyOf: simplifyNullable(anyOf) };
}

/**
 * The response schema as JSON Schema for fast-json-stringify, or undefined when it has none: a
 * transform, a date or a custom check cannot be written in JSON Schema (zod throws), and a schema
 * fast-json-stringify cannot compile is left to zod as well.
 */
function compileFast(schema: z.ZodType): ((data: unknown) => string) | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    delete json.$schema;
    return fastJsonStringify(simplifyNullable(json) as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return undefined;
  }
}

/**
 * Answers are written by fast-json-stringify from each route's zod response schema turned into JSON
 * Schema: only the declared properties, as zod's strict output would. Checking an answer with zod and
 * then `JSON.stringify` cost about a tenth of a list request's CPU; the compiled writer costs a
 * fraction of that. A schema that cannot be expressed in JSON Schema keeps zod's serializer.
 *
 * With `verify` (the test suites), every answer is also written by zod's serializer, which validates
 * it, and the two must agree: a difference is an error naming the route, so every response of every
 * test proves the fast writer equal to the checked one.
 */
export function createResponseSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route: RouteSchema) => {
    const checked = zodSerializerCompiler(route);
    const schema = route.schema instanceof z.ZodType ? route.schema : undefined;
    const fast = schema ? compileFast(schema) : undefined;
    if (!fast) return checked;
    if (!options.verify) return fast;
    return (data: unknown) => {
      const expected = checked(data);
      const written = fast(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url} (${route.httpStatus}): the fast serializer wrote ${written.slice(0, 500)} ` +
            `where the checked one wrote ${expected.slice(0, 500)}`,
        );
      }
      return written;
    };
  };
}
