import { createApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedCatalogIfEmpty } from './db/seed/seed-catalog.ts';
import { startServer } from './http-server.ts';
import { createMailer } from './integrations/mail/create-mailer.ts';
import { workerJobs } from './jobs/jobs.ts';
import { startWorker } from './jobs/worker.ts';
import { createLogger } from './lib/logger.ts';
import { preloadGeo } from './modules/geo/geo.service.ts';
import { createServices } from './services.ts';
import { createAssets, loadManifest } from './ssr/assets.ts';

/** Process entry: config → app → listen; SIGTERM/SIGINT let in-flight requests finish. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  const logger = createLogger(config);
  preloadGeo();
  const database = await openDatabase({ url: config.databaseUrl, file: config.databaseFile });
  const applied = await migrateToLatest(database.db);
  const seeded = await seedCatalogIfEmpty(database.db);
  logger.info({ engine: database.engine, applied, seeded }, 'database ready');
  let shuttingDown = false;
  const mailer = createMailer(config, logger);
  const services = createServices({ config, logger, db: database.db, mailer });
  const app = createApp({
    services,
    config,
    logger,
    assets: createAssets(loadManifest(config.clientDir)),
    db: database.db,
    mailer,
    isHealthy: () => !shuttingDown,
  });
  const running = await startServer(app, {
    port: config.port,
    host: config.host,
    timeoutMs: config.shutdownTimeoutMs,
    logger,
  });
  logger.info(
    { port: running.port, env: config.nodeEnv },
    `listening on http://localhost:${running.port}`,
  );

  // the worker runs in this process unless WORKER_INTERVAL_MS=0 (then run it elsewhere)
  const worker = config.workerIntervalMs
    ? startWorker({
        jobs: workerJobs(services, config),
        intervalMs: config.workerIntervalMs,
        logger,
      })
    : null;

  const stop = async (signal: string) => {
    shuttingDown = true;
    const outcome = await running.shutdown(signal);
    await worker?.stop();
    await database.close();
    logger.info({ outcome }, 'stopped');
    process.exit(outcome === 'clean' ? 0 : 1);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('failed to start', error);
  process.exit(1);
});
