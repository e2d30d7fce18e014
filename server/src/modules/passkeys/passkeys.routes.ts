import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema } from '@scamtrail/domain/auth';
import {
  creationOptionsSchema,
  passkeyLoginBodySchema,
  passkeySchema,
  registerPasskeyBodySchema,
  renamePasskeyBodySchema,
  requestOptionsSchema,
} from '@scamtrail/domain/passkeys';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentUser } from '../auth/principal';
import { access } from '../auth/route-access';
import { sessionMeta, setSessionCookie } from '../auth/session-cookie';
import { loginOptions, passkeyLogin } from './passkey-login.service';
import { registrationOptions, registerPasskey } from './passkey-registration.service';
import { deleteOwnPasskey, listOwnPasskeys, renameOwnPasskey } from './passkeys.service';
import { relyingParty } from './relying-party';

/**
 * Passkeys (WebAuthn): registering and managing the signed-in user's own, and signing in with one.
 * The relying party (RP ID and origin) derives from PUBLIC_URL; challenges are stored, expire and are
 * used once (webauthn-challenges.ts).
 */
export async function passkeysRoutes(app: FastifyInstance, opts: { database: Database; config: Config }) {
  const { db } = opts.database;
  const { config } = opts;
  const rp = relyingParty(config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['passkeys'];

  r.post(
    '/api/auth/passkeys/registration/options',
    {
      schema: {
        operationId: 'getPasskeyRegistrationOptions',
        tags,
        summary: 'WebAuthn creation options for a new passkey of yours (ES256, discoverable)',
        body: z.strictObject({}).optional(),
        response: { 200: creationOptionsSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: access.account() },
    },
    async (request) => registrationOptions(db, rp, currentUser(request)),
  );

  r.post(
    '/api/auth/passkeys',
    {
      schema: {
        operationId: 'registerPasskey',
        tags,
        summary: 'Register a passkey: the authenticator’s answer to the registration options, and a name',
        description:
          'response: the registration response (`PublicKeyCredential.toJSON()`), answering a challenge ' +
          'from the registration options within 5 minutes, once. 400 naming `response` when it does not ' +
          'verify; 409 when that credential is already registered.',
        body: registerPasskeyBodySchema,
        response: { 201: passkeySchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: { access: access.account(), idempotent: true },
    },
    async (request, reply) =>
      reply.status(201).send(await registerPasskey(db, rp, currentUser(request), request.body)),
  );

  r.get(
    '/api/auth/passkeys',
    {
      schema: {
        operationId: 'listPasskeys',
        tags,
        summary: 'Your passkeys, newest first',
        response: { 200: z.array(passkeySchema), ...errorResponses(401, 403) },
      },
      config: { access: access.account() },
    },
    async (request) => listOwnPasskeys(db, currentUser(request)),
  );

  r.patch(
    '/api/auth/passkeys/:id',
    {
      schema: {
        operationId: 'renamePasskey',
        tags,
        summary: 'Rename one of your passkeys',
        params: idParamsSchema,
        body: renamePasskeyBodySchema,
        response: { 200: passkeySchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.account() },
    },
    async (request) => renameOwnPasskey(db, currentUser(request), request.params.id, request.body.name),
  );

  r.delete(
    '/api/auth/passkeys/:id',
    {
      schema: {
        operationId: 'deletePasskey',
        tags,
        summary: 'Delete one of your passkeys: it no longer signs in (its signatures stay verifiable)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.account() },
    },
    async (request, reply) => {
      await deleteOwnPasskey(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/passkey/options',
    {
      schema: {
        operationId: 'getPasskeySignInOptions',
        tags,
        summary: 'WebAuthn request options to sign in with a passkey (discoverable credentials)',
        security: [],
        body: z.strictObject({}).optional(),
        response: { 200: requestOptionsSchema, ...errorResponses(400, 429) },
      },
      // Each call stores a challenge for nobody yet: bounded per address and overall.
      config: { access: access.public(), publicWrites: { overall: true } },
    },
    async () => loginOptions(db, rp),
  );

  r.post(
    '/api/auth/passkey/login',
    {
      schema: {
        operationId: 'signInWithPasskey',
        tags,
        summary: 'Sign in with a passkey; sets the session cookie',
        description:
          'response: the assertion (`PublicKeyCredential.toJSON()`) answering a challenge from the ' +
          'sign-in options within 5 minutes, once. An unknown passkey, or a disabled account, is 401.',
        security: [],
        body: passkeyLoginBodySchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 429) },
      },
      // Like the password sign-in, not queued behind other API requests.
      config: { access: access.public(), queued: false, publicWrites: { overall: false } },
    },
    async (request, reply) => {
      const result = await passkeyLogin(db, rp, config, request.body.response, sessionMeta(request));
      setSessionCookie(reply, result, config);
      return result.user;
    },
  );
}
