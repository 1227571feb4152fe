import type { Db } from '#server/db/database.ts';
import { newPublicId } from '#server/lib/ids.ts';
import type { OrderInput } from '#shared/schemas/orders.schemas.ts';
import { ledger } from '../../ledger/ledger.service.ts';
import { RUN_HELD } from '../lifecycle/order-lifecycle.ts';
import { insertSubscription } from '../lifecycle/subscriptions.repository.ts';
import type { OrderContext } from '../order-views.ts';
import { insertEvents, insertOrder, insertOrderRows } from '../orders.repository.ts';
import type { PlacementDeps } from './order-placement-deps.ts';
import type { PricedOrder } from './order-pricing.ts';
import type { ValidatedOrder } from './order-validation.ts';

/**
 * The order, its `_MULTI` rows, its first history row and its payment (or its balance debit
 * and PAID) in one transaction, before anyone is told.
 */
export async function persisted(
  deps: Pick<PlacementDeps, 'db' | 'catalog' | 'payments' | 'lifecycle' | 'now'>,
  order: ValidatedOrder,
  price: PricedOrder,
  input: OrderInput,
  context: OrderContext,
  intakeId: number | undefined,
) {
  const { db, catalog } = deps;
  const serviceId = await catalog.serviceId(order.service.tag);
  return db
    .transaction()
    .execute((trx) => persistIn(deps, trx, serviceId, order, price, input, context, intakeId));
}

/** `persisted`'s writes inside the caller's transaction (a mass order writes several). */
export async function persistIn(
  { payments, lifecycle, now }: Pick<PlacementDeps, 'payments' | 'lifecycle' | 'now'>,
  trx: Db,
  serviceId: number,
  order: ValidatedOrder,
  price: PricedOrder,
  input: OrderInput,
  context: OrderContext,
  intakeId: number | undefined,
) {
  const { user, service, links, auto, most, comments, count, currency, email, client } = order;
  const { drip, subscription } = order;
  const { method, fromBalance, gateway, charge } = price;
  // an open subscription costs nothing up front: its post orders are charged as they come
  const open = Boolean(subscription?.open);
  const cost = open ? 0 : price.cost;
  const discount = open ? 0 : price.discount;
  const at = now().toISOString();
  const payment = fromBalance
    ? null
    : await payments.insert(trx, {
        userId: user?.id ?? null,
        purpose: 'order',
        methodId: method.id,
        gateway: gateway!,
        ...charge,
        returnPath: context.returnPath,
      });
  const base = {
    user_id: user?.id ?? null,
    email,
    service_id: serviceId,
    tag: service.tag,
    client,
    quantity: input.quantity,
    posts: auto ? (input.posts ?? null) : null,
    quantity_max: auto ? most : null,
    comments: comments ? comments.join('\n') : null,
    currency,
    method_id: method.id,
    status: 'CREATED' as const,
    region_value: input.region_value ?? null,
    ref_code: user ? null : (context.refCode ?? null),
    lang: context.lang,
    test: input.test ? 1 : 0,
    start_count: null,
    remains: null,
    provider_order_id: null,
    created_at: at,
    updated_at: at,
  };
  const row = await insertOrder(trx, {
    ...base,
    public_id: newPublicId(),
    parent_id: null,
    link: links.join('\n'),
    count,
    cost,
    discount,
    payment_id: payment?.id ?? null,
    ...(intakeId ? { intake_id: intakeId } : {}),
    ...(input.idempotency_key && user ? { idempotency_key: input.idempotency_key } : {}),
    ...(drip ? { runs: drip.runs, run_interval: drip.interval } : {}),
  });
  if (subscription)
    await insertSubscription(trx, {
      order_id: row.id,
      username: links[0]!,
      min: input.quantity,
      max: most,
      posts: input.posts!,
      ...(open ? { post_cost: price.cost } : {}),
      old_posts: subscription.oldPosts,
      delay: subscription.delay,
      expiry: subscription.expiry,
      state: 'ACTIVE',
      cursor: null,
      next_check_at: at,
      created_at: at,
      updated_at: at,
    });
  // a _MULTI order has a row per link, a drip-feed one a row per run, each for the
  // quantity, paid through the parent; a run waits for the one before it (RUN_HELD)
  const rows = drip
    ? Array.from({ length: drip.runs }, (_, run) => ({
        link: links[0]!,
        next_attempt_at: run === 0 ? null : RUN_HELD,
      }))
    : links.length > 1
      ? links.map((link) => ({ link, next_attempt_at: null }))
      : [];
  const children = await insertOrderRows(
    trx,
    rows.map((each) => ({
      ...base,
      ...each,
      public_id: newPublicId(),
      parent_id: row.id,
      count: input.quantity,
      cost: 0,
      discount: 0,
      payment_id: null,
    })),
  );
  const ids = [row.id, ...children];
  await insertEvents(trx, ids, 'CREATED', at, null);
  if (fromBalance) {
    // the debit and PAID in one transaction; never below zero (docs/product.md §7)
    if (!open) await ledger.debit(trx, { userId: user!.id, amount: cost, orderId: row.id, at });
    await lifecycle.transition(trx, {
      ids,
      from: 'CREATED',
      to: 'PAID',
      at,
      note: open ? 'each post order paid from balance when placed' : 'paid from balance',
    });
    return { order: { ...row, status: 'PAID' as const }, payment: null };
  }
  return { order: row, payment };
}
