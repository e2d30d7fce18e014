import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_CODE_GRANT_TYPE } from '@scamtrail/domain/device-authorization';
import { PERMISSIONS } from '@scamtrail/domain/permissions';
import { responseText, text } from '@scamtrail/domain/text';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { access } from '../auth/route-access';
import { sessionMeta } from '../auth/session-cookie';
import { createDeviceAuthorization, exchangeDeviceCode } from './device-authorization.service';
import { OAuthError } from './oauth-error';

const FORM = 'application/x-www-form-urlencoded';

/** A form parameter: RFC 6749 §3.1 treats one sent without a value as omitted. */
const param = (label: string) =>
  text({ label, max: 2048 })
    .optional()
    .transform((value) => value || undefined);

const deviceAuthorizationBodySchema = z
  .object({
    client_id: param('client_id').describe('The registered public client: `scamtrail-cli`'),
    scope: param('scope').describe(
      'Permission names separated by spaces (e.g. `case.view identifier.create`); absent: all of the approving user’s',
    ),
  })
  .meta({ id: 'DeviceAuthorizationForm' });

const tokenBodySchema = z
  .object({
    grant_type: param('grant_type').describe(`\`${DEVICE_CODE_GRANT_TYPE}\`, or \`refresh_token\``),
    device_code: param('device_code').describe('With the device code grant'),
    refresh_token: param('refresh_token').describe(
      'With `refresh_token`: the refresh token of the last answer, used once',
    ),
    scope: param('scope').describe('With `refresh_token`: absent, or the scope of the sign-in unchanged'),
    client_id: param('client_id'),
  })
  .meta({ id: 'DeviceTokenForm' });

const deviceAuthorizationResponseSchema = z
  .object({
    device_code: responseText(),
    user_code: responseText(),
    verification_uri: responseText(),
    verification_uri_complete: responseText(),
    expires_in: z.number().int(),
    interval: z.number().int(),
  })
  .meta({ id: 'DeviceAuthorizationResponse' });

const tokenResponseSchema = z
  .object({
    access_token: responseText(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds the access token is accepted (at most an hour)'),
    refresh_token: responseText().describe(
      'Trades for new tokens once (grant_type=refresh_token) while the session lives; used twice, it ends the session',
    ),
    scope: responseText().optional(),
  })
  .meta({ id: 'DeviceTokenResponse' });

const oauthErrorSchema = z
  .object({
    error: responseText(),
    error_description: responseText().optional(),
  })
  .meta({
    id: 'OAuthError',
    description:
      'An OAuth error (RFC 6749 §5.2, RFC 8628 §3.5): `invalid_request`, `invalid_client`, `invalid_grant`, `invalid_scope`, `unsupported_grant_type`, `authorization_pending`, `slow_down`, `access_denied`, `expired_token`',
  });

const oauthErrors = {
  400: oauthErrorSchema,
  401: oauthErrorSchema,
  413: oauthErrorSchema,
  415: oauthErrorSchema,
};

/**
 * Answers errors as RFC 6749 §5.2 has them, which a standard OAuth client reads: this module's
 * OAuthErrors, and input the schema refuses (`invalid_request` naming the field). Anything else (a
 * database fault: 503) goes on to the application's handler.
 */
function oauthErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  let oauth: OAuthError | undefined;
  if (error instanceof OAuthError) oauth = error;
  else if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
    // Past the limit of anonymous writes (plugins/public-write-limit.ts): RFC 8628's way to say so.
    oauth = new OAuthError('slow_down', error.message, 429, error.retryAfterSeconds);
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    oauth = new OAuthError('invalid_request', issue?.message ?? 'Invalid request');
  } else if (error.statusCode === 415 || error.statusCode === 413 || error.statusCode === 400) {
    oauth = new OAuthError('invalid_request', error.message);
  }
  if (!oauth) throw error;
  if (oauth.retryAfterSeconds) reply.header('retry-after', String(oauth.retryAfterSeconds));
  // A body too large or of another type keeps its status (413, 415), in this shape.
  const status = error.statusCode === 413 || error.statusCode === 415 ? error.statusCode : oauth.status;
  return reply
    .status(status)
    .headers({ 'cache-control': 'no-store', pragma: 'no-cache' })
    .send({ error: oauth.error, error_description: oauth.description });
}

/** A form body as RFC 6749 §3.1 reads it: each parameter at most once. */
function parseForm(body: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(params, key))
      throw new OAuthError('invalid_request', `${key.slice(0, 100)} is given more than once`);
    params[key] = value;
  }
  return params;
}

/**
 * The OAuth 2.0 Device Authorization Grant (RFC 8628) as a standard client speaks it: form-encoded
 * requests, RFC answers, no cookie and no Origin (`config.cookieless`), and the server's metadata
 * (RFC 8414) for clients that discover it.
 */
export async function oauthRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['oauth'];
  // Only these routes take forms: the plugin is encapsulated, so the rest of the API still refuses them.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // A body of another type (JSON) would skip the form's validation: refused as RFC 6749 §4.1.3 has it.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST') return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== FORM) throw new OAuthError('invalid_request', `The body must be ${FORM}`);
  });

  r.post(
    '/api/oauth/device_authorization',
    {
      schema: {
        operationId: 'createDeviceAuthorization',
        tags,
        summary:
          'Device sign-in (RFC 8628 §3.1): a client without a browser asks for a device code and the user code its user approves at /auth/device',
        security: [],
        body: { content: { [FORM]: { schema: deviceAuthorizationBodySchema } } },
        response: {
          200: deviceAuthorizationResponseSchema,
          ...oauthErrors,
          429: oauthErrorSchema,
        },
      },
      errorHandler: oauthErrorHandler,
      // Each call stores a request for nobody yet: bounded per address and overall.
      config: { access: access.public(), cookieless: true, publicWrites: { overall: true } },
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof deviceAuthorizationBodySchema>;
      const answer = await createDeviceAuthorization(
        db,
        { clientId: body.client_id, scope: body.scope },
        sessionMeta(request),
        config,
      );
      return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send(answer);
    },
  );

  r.post(
    '/api/oauth/token',
    {
      schema: {
        operationId: 'exchangeDeviceCode',
        tags,
        summary:
          'The token of a device sign-in (RFC 8628 §3.4): polled until its user approves; answers the access token once',
        security: [],
        body: { content: { [FORM]: { schema: tokenBodySchema } } },
        response: { 200: tokenResponseSchema, ...oauthErrors, 429: oauthErrorSchema },
      },
      errorHandler: oauthErrorHandler,
      config: { access: access.public(), cookieless: true, publicWrites: { overall: false } },
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof tokenBodySchema>;
      const answer = await exchangeDeviceCode(
        db,
        {
          grantType: body.grant_type,
          deviceCode: body.device_code,
          clientId: body.client_id,
          refreshToken: body.refresh_token,
          scope: body.scope,
        },
        sessionMeta(request),
        config,
      );
      return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send(answer);
    },
  );

  // RFC 8414 metadata, at the well-known path clients look for (outside /api: not an API operation).
  app.get('/.well-known/oauth-authorization-server', { schema: { hide: true } }, async () => ({
    issuer: config.publicUrl,
    device_authorization_endpoint: `${config.publicUrl}/api/oauth/device_authorization`,
    token_endpoint: `${config.publicUrl}/api/oauth/token`,
    grant_types_supported: [DEVICE_CODE_GRANT_TYPE, 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    response_types_supported: [],
    scopes_supported: [...PERMISSIONS],
    service_documentation: `${config.publicUrl}/api/docs`,
  }));
}
