/**
 * `npm run orders -- status <order id>`: one order's history for an operator (its public id,
 * as in the receipt link): status, provider, start count, remains and every change with time.
 */
import { bootstrap } from '#server/bootstrap.ts';

const [command, id] = process.argv.slice(2);
if (command !== 'status' || !id) {
  console.error('usage: npm run orders -- status <order id>');
  process.exit(2);
}
const { database, services } = await bootstrap({
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  seed: false,
});
const found = await services.orders.workOn().history(id);
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
