import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { whenDatabaseAnswers } from './db/startup-wait';
import { closeGracefully } from './lifecycle';
import { startEvidenceCollection } from './modules/evidence/evidence-collection';
import { sealUnchainedEntries } from './modules/signatures/journal-chain';
import { fillSearchTexts } from './modules/identifiers/identifier-search-text';
import { ensureAdministrator } from './modules/users/bootstrap';
import { WebhookWorker } from './modules/webhooks/webhook-worker';

const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * When start-up reached each of its steps, in milliseconds since the process started (Node's time
 * origin); written to stderr as one JSON line once listening when STARTUP_PHASES is set
 * (bench/startup.bench.ts reads it).
 */
const phases: Record<string, number> = {};
const reached = (phase: string) => (phases[phase] = Math.round(performance.now()));
reached('modules loaded');

async function main() {
  let config;
  try {
    config = loadConfig(process.env, webDistDir);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  reached('database opened');
  // Instances started together on a new database would race to create the schema and the first
  // administrator; one at a time, the later ones find both done. PostgreSQL may still be starting:
  // start-up is tried again until it answers (DATABASE_STARTUP_WAIT_SECONDS).
  const startUp = () =>
    database.withStartupLock(async () => {
      await database.migrate();
      reached('migrated');
      // Entries written before each case's journal was a hash chain get their first link, once.
      const sealed = await sealUnchainedEntries(database.db);
      // Identifiers stored before their search text existed get it, once.
      const searchable = await fillSearchTexts(database.db);
      reached('sealed and filled');
      const built = await buildApp({ config, database });
      reached('app built');
      if (sealed) built.log.info(`sealed ${sealed} journal entries into their cases' hash chains`);
      if (searchable) built.log.info(`wrote the search text of ${searchable} identifiers`);
      try {
        await ensureAdministrator(database.db, config, built.log);
      } catch (err) {
        // Start-up may be tried again: this attempt's app must not linger beside the next one's.
        await built.close();
        throw err;
      }
      return built;
    });
  const app = await whenDatabaseAnswers(startUp, config.databaseTimeouts.startupWaitMs, (reason, pauseMs) =>
    console.warn(`waiting for the database: ${reason} (trying again in ${pauseMs} ms)`),
  );

  // What a crash left in evidence storage goes before the first request, then every hour; closing the
  // app (closeGracefully) stops it before the database closes.
  const collection = await startEvidenceCollection({ database, config, log: app.log });
  app.addHook('onClose', () => collection.stop());
  reached('evidence collected');

  // Webhooks go out from every instance (each delivery once, see WebhookWorker); closing the app
  // stops the loop and waits for the requests in flight before the database closes.
  const webhooks = new WebhookWorker({ db: database.db, policy: config, limits: config, log: app.log });
  webhooks.start();
  app.addHook('onClose', () => webhooks.stop());

  let stopping = false;
  // Responses sent while stopping close their connection, so keep-alive sockets do not hold the exit.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    await closeGracefully(app, database);
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  reached('listening');
  if (process.env.STARTUP_PHASES) console.error(`startup phases ${JSON.stringify(phases)}`);
  app.log.info(
    `Scamtrail at ${config.publicUrl} on ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
