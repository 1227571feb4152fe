import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedCatalogIfEmpty } from './db/seed/seed-catalog.ts';
import { createMailer } from './integrations/mail/create-mailer.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createServices, type Services } from './services.ts';

export interface Booted {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  services: Services;
}

/**
 * Every process starts the same way (the server, the worker, each script): configuration
 * (a bad value stops the process with exit code 78, EX_CONFIG, naming the bad keys) →
 * logger → database → migrations → an empty catalogue seeded (unless `seed: false`) →
 * the domain services.
 */
export async function bootstrap({
  env = process.env,
  seed = true,
  content = false,
}: {
  env?: Record<string, string | undefined>;
  seed?: boolean;
  /** write the articles of content/ into the database (the web process; not the worker) */
  content?: boolean;
} = {}): Promise<Booted> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  const logger = createLogger(config);
  const database = await openDatabase({ url: config.databaseUrl, file: config.databaseFile });
  const applied = await migrateToLatest(database.db);
  const seeded = seed ? await seedCatalogIfEmpty(database.db) : false;
  logger.info({ engine: database.engine, applied, seeded }, 'database ready');
  const services = createServices({
    config,
    logger,
    db: database.db,
    mailer: createMailer(config, logger),
  });
  // the web process writes the blog from the content folder it was shipped with (views kept)
  if (content) logger.info({ articles: await services.articles.sync() }, 'articles written');
  return { config, logger, database, services };
}
