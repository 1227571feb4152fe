import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { type Database, type DatabaseHandle, type Db, openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedCatalog } from '#server/db/seed/seed-catalog.ts';
import type { Limits } from '#server/http/rate-limit.ts';
import { createOutboxMailer } from '#server/integrations/mail/outbox-mailer.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { Resolver } from '#server/lib/public-address.ts';
import { createServices, type Services } from '#server/services.ts';
import { createAssets } from '#server/ssr/assets.ts';

/** A manifest like the build's, so pages link predictable asset names. */
export const TEST_MANIFEST = {
  entry: '/assets/entry.client-TEST.js',
  css: ['/assets/entry.client-TEST.css'],
  messages: { en: '/assets/chunks/en-TEST.js', ru: '/assets/chunks/ru-TEST.js' },
  sprite: '/assets/icons-TEST.svg',
  views: {
    home: {
      js: '/assets/chunks/home.page-TEST.js',
      imports: ['/assets/chunks/chunk-TEST.js'],
      css: ['/assets/chunks/home.page-TEST.css'],
    },
  },
};

export type Engine = 'sqlite' | 'postgres';

/** The engines the database suites run on: SQLite always, PostgreSQL when DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A fresh, migrated database: SQLite in memory, or a schema of its own in the PostgreSQL of
 * DATABASE_URL (dropped by close()).
 */
export async function testDatabase(engine: Engine = 'sqlite'): Promise<DatabaseHandle> {
  if (engine === 'sqlite') {
    const handle = await openDatabase({ file: ':memory:' });
    await migrateToLatest(handle.db);
    await seedCatalog(handle.db);
    return handle;
  }
  const url = process.env.DATABASE_URL!;
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openDatabase({ url, file: '' });
  await admin.db.schema.createSchema(schema).execute();
  const handle = await openDatabase({ url, file: '', schema });
  await migrateToLatest(handle.db, { schema });
  await seedCatalog(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
    },
  };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  outbox: string;
  services: Services;
}

/** The real app on a test configuration (override any env key) and a fresh database. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { routes?: RouteObject[]; engine?: Engine } = {},
): Promise<ReturnType<typeof createApp>> {
  return (await createTestAppWith(env, options)).app;
}

export async function createTestAppWith(
  env: Record<string, string> = {},
  {
    routes,
    engine = 'sqlite',
    limits,
    providerResolve,
  }: {
    routes?: RouteObject[];
    engine?: Engine;
    limits?: Limits;
    /** how providers' host names resolve (no test asks a real DNS) */
    providerResolve?: Resolver;
  } = {},
): Promise<TestApp> {
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://shop.test',
    MAIL_OUTBOX_DIR: outbox,
    // every simulated service at exactly the pace and rates a test sets
    SIMULATOR_SPREAD: 'false',
    ...env,
  });
  const logger = createLogger(config);
  const database = await testDatabase(engine);
  const mailer = createOutboxMailer(outbox, logger, config.mailFrom);
  const services = createServices({
    config,
    logger,
    db: database.db,
    mailer,
    ...(providerResolve ? { providerResolve } : {}),
  });
  await services.articles.sync();
  const app = createApp({
    config,
    logger,
    assets: createAssets(TEST_MANIFEST),
    services,
    ...(routes ? { routes } : {}),
    ...(limits ? { limits } : {}),
  });
  return { app, database, outbox, services };
}

export const UA = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  yandexbot: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
};

/** Public addresses GeoLite2 places in these countries. */
export const IP = {
  russia: '77.88.55.88',
  usa: '8.8.8.8',
  germany: '88.198.0.1',
  uk: '81.2.69.142',
};

let accounts = 0;

/** Signs a new user up through the API; answers the token and a Cookie header value. */
export async function signUp(
  app: ReturnType<typeof createApp>,
  fields: Partial<{
    email: string;
    login: string;
    password: string;
    lang: string;
    cur: string;
  }> = {},
) {
  const { default: request } = await import('supertest');
  accounts += 1;
  const body = {
    email: `buyer${accounts}.${process.pid}@example.com`,
    login: `buyer${accounts}x${process.pid}`,
    password: 'correct horse battery',
    ...fields,
  };
  const res = await request(app)
    .post('/api/register')
    .send({ ...body, password_confirmation: body.password });
  if (res.status !== 201)
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token: string = res.body.data.token;
  return {
    token,
    cookie: `auth=${token}`,
    user: res.body.data.user,
    password: body.password,
    email: body.email,
    login: body.login,
  };
}

/** A user's balance, read straight from the database (tests only). */
export async function balanceOf(database: DatabaseHandle, userId: number): Promise<number> {
  const row = await database.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** How many rows a table holds (tests that check a refused request wrote nothing). */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
