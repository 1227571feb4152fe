/**
 * `npm run seed` writes the catalogue of server/db/seed/catalog-data.ts into the configured
 * database: services are upserted by tag, their texts and price tiers replaced, levels and
 * payment methods upserted, stored currency rates kept. Safe to run again. The server seeds
 * an empty catalogue by itself at start; run this to bring changed seed data into a live one
 * (running servers pick it up within the 5-minute catalogue cache).
 */
import { bootstrap } from '#server/bootstrap.ts';
import { seedCatalog } from '#server/db/seed/seed-catalog.ts';

const { database, services } = await bootstrap({
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  seed: false,
});
const { articles } = services;
const { services: seeded } = await seedCatalog(database.db);
console.log(`catalogue seeded: ${seeded} services`);
console.log(`articles written: ${await articles.sync()}`);
await database.close();
