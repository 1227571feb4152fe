/**
 * `npm run orders -- status <order id>`: one order's history for an operator (its public id,
 * as in the receipt link): status, provider, start count, remains and every change with time.
 */
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createMailer } from '../server/integrations/mail/create-mailer.ts';
import { createLogger } from '../server/lib/logger.ts';
import { createServices } from '../server/services.ts';

const [command, id] = process.argv.slice(2);
if (command !== 'status' || !id) {
  console.error('usage: npm run orders -- status <order id>');
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const logger = createLogger(config);
const database = await openDatabase({ url: config.databaseUrl, file: config.databaseFile });
await migrateToLatest(database.db);
const services = createServices({
  config,
  logger,
  db: database.db,
  mailer: createMailer(config, logger),
});
const found = await services.fulfilment.history(id);
await database.close();
if (!found) {
  console.error(`no order ${id}`);
  process.exit(1);
}
const { order, events } = found;
const lines = [
  `order ${order.public_id}  ${order.tag} × ${order.count}  ${order.status}`,
  `link      ${order.link.replace(/\n/g, ' | ')}`,
  `paid      ${Number(order.cost) / 100} ${order.currency}, refunded ${Number(order.refunded) / 100}`,
  `provider  ${order.provider_id ?? '-'} ${order.provider_order_id ?? ''}  start ${order.start_count ?? '-'}  remains ${order.remains ?? '-'}${order.needs_check ? '  NEEDS CHECK' : ''}`,
  'history:',
  ...events.map((event) => `  ${event.created_at}  ${event.status.padEnd(9)} ${event.note ?? ''}`),
];
console.log(lines.join('\n'));
