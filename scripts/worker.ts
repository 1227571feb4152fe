/**
 * `npm run worker`: the background worker as its own process (DESIGN §1), beside web
 * instances started with WORKER_INTERVAL_MS=0. Same configuration as the server; several
 * workers may run against one PostgreSQL database (work is claimed with leases).
 */
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedCatalogIfEmpty } from '../server/db/seed/seed-catalog.ts';
import { createMailer } from '../server/integrations/mail/create-mailer.ts';
import { workerJobs } from '../server/jobs/jobs.ts';
import { startWorker } from '../server/jobs/worker.ts';
import { createLogger } from '../server/lib/logger.ts';
import { createServices } from '../server/services.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(78);
}
const logger = createLogger(config);
const database = await openDatabase({ url: config.databaseUrl, file: config.databaseFile });
await migrateToLatest(database.db);
await seedCatalogIfEmpty(database.db);
const services = createServices({
  config,
  logger,
  db: database.db,
  mailer: createMailer(config, logger),
});
const intervalMs = config.workerIntervalMs || 30_000;
const worker = startWorker({ jobs: workerJobs(services, config), intervalMs, logger });
logger.info({ intervalMs, engine: database.engine }, 'worker started');

const stop = async (signal: string) => {
  logger.info({ signal }, 'worker stopping');
  await worker.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
// the loop's timer is unref'd: keep the process alive until a signal
setInterval(() => {}, 1 << 30);
