import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import type { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { admissionPlugin } from './plugins/admission';
import { publicWriteLimitPlugin } from './plugins/public-write-limit';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { contentEncodingPlugin } from './plugins/content-encoding';
import { csvExportPlugin } from './plugins/csv-export';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { inFlightPlugin } from './plugins/in-flight';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionsRoutes } from './modules/auth/sessions.routes';
import { deviceAuthorizationRoutes } from './modules/oauth/device-authorization.routes';
import { oauthRoutes } from './modules/oauth/oauth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { usersRoutes } from './modules/users/users.routes';
import { apiKeysRoutes } from './modules/automations/api-keys.routes';
import { automationsRoutes } from './modules/automations/automations.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { identifiersRoutes } from './modules/identifiers/identifiers.routes';
import { casesRoutes } from './modules/cases/cases.routes';
import { evidenceRoutes } from './modules/evidence/evidence.routes';
import { interchangeRoutes } from './modules/interchange/interchange.routes';
import { taxiiFrameworkErrors } from './modules/interchange/taxii.http';
import { TAXII_PREFIX, taxiiRoutes } from './modules/interchange/taxii.routes';
import { journalEntriesRoutes } from './modules/journal-entries/journal-entries.routes';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes';
import { signaturesRoutes } from './modules/signatures/signatures.routes';
import { dossierRoutes } from './modules/dossier/dossier.routes';
import { communityMembersRoutes } from './modules/originators/community-members.routes';
import { originatorsRoutes } from './modules/originators/originators.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { exportStreamsRoutes } from './modules/export-streams/export-streams.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { teamMemberOriginatorsRoutes } from './modules/team-members/team-member-originators.routes';
import { teamMembersRoutes } from './modules/team-members/team-members.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { loggerOptions } from './lib/log-serializers';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Fastify logger option; tests pass false. */
  logger?: boolean | object;
  /**
   * Tests: every answer is also serialized by zod, which validates it, and must come out the same
   * as the fast writer's (see `createResponseSerializerCompiler`).
   */
  verifyResponses?: boolean;
  /**
   * Tests: called with every route as it is registered, before any plugin's own onRoute hook (the
   * route-wide tests list the app's routes with it, hidden ones too).
   */
  onRoute?: (route: RouteOptions) => void;
}

type CompilersFactory = NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/**
 * Fastify's schema controller with our compilers as its defaults. Its types describe the factories of
 * Ajv and fast-json-stringify; at run time a factory's compiler gets each route's schema definition,
 * as those set with setValidatorCompiler and setSerializerCompiler do.
 */
function zodCompilers(serializerCompiler: FastifySerializerCompiler<z.ZodType>): CompilersFactory {
  return {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as CompilersFactory;
}

/** Builds the application: plugins, feature modules, error handling. Never listens. */
export async function buildApp({
  config,
  database,
  logger,
  verifyResponses = false,
  onRoute,
}: AppDeps): Promise<FastifyInstance> {
  const serializerCompiler = createResponseSerializerCompiler({ verify: verifyResponses });
  const app = Fastify({
    // Errors are logged without the values bound to a failed query (lib/log-serializers.ts).
    logger: loggerOptions(logger, config.logLevel),
    bodyLimit: 1_048_576,
    // The client address comes from X-Forwarded-For only when a listed proxy forwarded the request.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Keep "a", "a/" distinct problems away from clients: both reach the same route.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Malformed and over-long paths answer in the one error shape too (under /taxii2/: TAXII's).
    frameworkErrors: taxiiFrameworkErrors(frameworkErrors, TAXII_PREFIX),
    // Every route validates with zod and answers through our writer, so Fastify's default compilers
    // (Ajv, fast-json-stringify) would never be used: given these, Fastify does not even load them
    // (about 80 ms of the server's start-up).
    schemaController: { compilersFactory: zodCompilers(serializerCompiler) },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  const { db } = database;
  // First, so its hook sees every request from the start (see `closeGracefully`).
  await app.register(inFlightPlugin);
  await app.register(errorsPlugin);
  // Before admission: an anonymous call past its limit is refused without taking a place in the queue.
  await app.register(publicWriteLimitPlugin, config.publicWriteLimit);
  // Before authentication, whose session lookup is the first query of a request. Routes that must not
  // wait their turn say so with `config.queued: false` (health, readiness, sign-in).
  await app.register(admissionPlugin, config.admission);
  await app.register(securityPlugin, { publicUrl: config.publicUrl, webDistDir: config.webDistDir });
  // A body sent with a Content-Encoding is refused (415) before it is read, after the route's access.
  await app.register(contentEncodingPlugin);
  // Before any route: it chooses per route, as each is added, whether its answers are compressed.
  await app.register(compressionPlugin);
  // Before the document and the routes: it adds `format` to the querystring of routes with `config.csv`.
  await app.register(csvExportPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, {
    db,
    publicUrl: config.publicUrl,
    sessionIdleMs: config.sessionIdleMs,
    sessionMaxMs: config.sessionMaxMs,
    deviceSessionIdleMs: config.deviceSessionIdleMs,
    deviceSessionMaxMs: config.deviceSessionMaxMs,
  });
  await app.register(idempotencyPlugin, { db, claimRefreshMs: config.idempotencyClaimRefreshMs });

  await app.register(healthRoutes, {
    ping: database.ping,
    // Evidence (PGlite) and uploads being staged (both) are written under DATA_DIR.
    writableDir: config.dataDir === 'memory://' ? undefined : config.dataDir,
  });
  await app.register(authRoutes, { db, config });
  await app.register(sessionsRoutes, { db, config });
  await app.register(oauthRoutes, { db, config });
  await app.register(deviceAuthorizationRoutes, { db, config });
  await app.register(usersRoutes, { db, limits: config });
  await app.register(originatorsRoutes, { db });
  await app.register(teamMemberOriginatorsRoutes, { db, limits: config });
  await app.register(communityMembersRoutes, { db });
  await app.register(automationsRoutes, {
    db,
    policy: config,
    deviceSessionIdleMs: config.deviceSessionIdleMs,
  });
  await app.register(apiKeysRoutes, { db, deviceSessionIdleMs: config.deviceSessionIdleMs });
  await app.register(webhooksRoutes, { db, limits: config });
  await app.register(teamMembersRoutes, { db, limits: config });
  await app.register(groupsRoutes, { db });
  await app.register(tagsRoutes, { db });
  await app.register(exportStreamsRoutes, { database });
  await app.register(identifiersRoutes, {
    db,
    listCountTimeBoxMs: config.listCountTimeBoxMs,
    formIdleMs: config.formIdleMs,
    defaultPhoneRegion: config.defaultPhoneRegion,
  });
  await app.register(casesRoutes, { db });
  await app.register(notificationsRoutes, { db });
  await app.register(journalEntriesRoutes, { db });
  await app.register(evidenceRoutes, { database, config });
  await app.register(interchangeRoutes, {
    db,
    context: { organisation: `Scamtrail (${new URL(config.publicUrl).host})` },
  });
  await app.register(taxiiRoutes, { db, publicUrl: config.publicUrl });
  await app.register(passkeysRoutes, { database, config });
  await app.register(signaturesRoutes, { database, config });
  await app.register(dossierRoutes, { database, config });

  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app;
}
