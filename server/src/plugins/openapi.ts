import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type BodyByContentType = { content: Record<string, { schema: unknown }> };

function isBodyByContentType(body: unknown): body is BodyByContentType {
  return typeof body === 'object' && body !== null && 'content' in body && !('_zod' in body);
}

/**
 * jsonSchemaTransform, plus request bodies given per content type (`body: { content: { 'multipart/
 * form-data': { schema } } }`, which Fastify validates per type too): each schema is converted alone.
 */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const body = (input.schema as { body?: unknown } | undefined)?.body;
  if (!isBodyByContentType(body)) return jsonSchemaTransform(input);
  const result = jsonSchemaTransform({ ...input, schema: { ...input.schema, body: undefined } });
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, { schema }]) => [
      type,
      {
        schema: (jsonSchemaTransform({ ...input, schema: { body: schema } }).schema as { body: unknown })
          .body,
      },
    ]),
  );
  return { ...result, schema: { ...result.schema, body: { content } } };
}

/** OpenAPI 3 generated from the route schemas: `/api/openapi.json`, browsable at `/api/docs`. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Scamtrail API',
        description:
          'Cases, journal entries, evidence and identifiers. Authenticate with the session cookie from ' +
          '`POST /api/auth/login`, or as an automation with `Authorization: Bearer <api key>`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'scamtrail_session' },
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI injects <style> elements at run time: only its own pages allow inline styles.
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; " +
      "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
