import { type Client, isAutoType, orderLimits } from '../../../shared/catalog.ts';
import { BALANCE_METHOD_ID } from '../../../shared/payment-methods.ts';
import { autoQuantity } from '../../../shared/pricing.ts';
import { type Currency, isCurrency } from '../../../shared/regions.ts';
import type { OrderInput } from '../../../shared/schemas/orders.schemas.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPublicId } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { ledger } from '../ledger/ledger.service.ts';
import type { PaymentMethodsService } from '../payments/payment-methods.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import {
  checkLinks,
  commentLines,
  dripFeedOf,
  ORDER_ERRORS,
  subscriptionOf,
} from './order-checks.ts';
import { type OrderLifecycle, RUN_HELD } from './order-lifecycle.ts';
import { paymentOf } from './order-payment.ts';
import { receiptSender } from './order-receipts.ts';
import { type OrderContext, type PlacedOrder, toOrderView } from './order-views.ts';
import { insertEvents, insertOrder, insertOrderRows } from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';
import { insertSubscription } from './subscriptions.repository.ts';

export { ORDER_ERRORS };

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;

/** A line of a mass order: what to place and the rate it is charged by, or why it cannot be. */
export type ManyLine = { input: OrderInput; ratePer1000?: number } | { refused: string };

/**
 * A mass order's outcome: the lines refused (by index, nothing placed), a balance short of
 * the total (nothing placed), or every order placed and paid, with its number.
 */
export type ManyOutcome =
  | { kind: 'refused'; lines: { index: number; error: string }[] }
  | { kind: 'short'; total: number; currency: string }
  | {
      kind: 'placed';
      orders: { order: ReturnType<typeof toOrderView>; number: number }[];
      total: number;
      currency: string;
    };

/**
 * Orders (docs/architecture.md, orders): everything the form sent is checked again here, the cost is computed
 * here, and the order (with its `_MULTI` rows), its first history row and its payment or
 * balance debit are written in one transaction before anyone is told.
 */
export function createOrderPlacement({
  db,
  catalog,
  paymentMethods,
  payments,
  lifecycle,
  mailer,
  publicUrl,
  logger,
  now,
}: {
  db: Db;
  catalog: CatalogService;
  paymentMethods: PaymentMethodsService;
  payments: PaymentsService;
  lifecycle: OrderLifecycle;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  now: () => Date;
}) {
  const sendReceipt = receiptSender({ catalog, mailer, publicUrl, logger });

  /** The order as asked, checked against the service: what it is for, how many. */
  async function validated(input: OrderInput, context: OrderContext) {
    const { user } = context;
    const staff = Boolean(user?.isStaff);
    if (input.test && !staff) throw new AppError(ORDER_ERRORS.testOnlyStaff, 403);
    const viewer = user ? { staff, level: user.discountLevel } : { staff: false, level: 1 };
    // cabinet prices and limits are for logged-in users (SPEC §3 CLIENT_LK)
    const client: Client = input.client === 'CLIENT_LK' ? 'CLIENT_LK' : 'CLIENT_MAIN';
    if (client === 'CLIENT_LK' && !user) throw new AppError(ORDER_ERRORS.cabinetLogin, 401);
    const service = await catalog.service(input.tag, client, viewer, context.lang);
    if (!service.labels.includes('ENABLED') || !service.labels.includes('VISIBLE'))
      throw new AppError(ORDER_ERRORS.unavailable, 400);

    const { lines: links, refused } = checkLinks(service, input.link);
    if (refused !== null) {
      // the API's messages are English: the service is named in English too (one language)
      const english =
        context.lang === 'en' ? service : await catalog.service(input.tag, client, viewer, 'en');
      throw new AppError(
        `This is not a valid link for ${english.name}: ${refused.slice(0, 200)}`,
        400,
      );
    }
    const limits = orderLimits(service, staff);
    if (input.quantity < limits.min || input.quantity > limits.max)
      throw new AppError(`The quantity must be from ${limits.min} to ${limits.max}`, 400);
    const auto = isAutoType(service.type);
    if (auto && (input.posts === undefined || input.posts === null))
      throw new AppError(ORDER_ERRORS.posts, 400);
    // posts 0 (the reseller API only: the order form's schema wants 1 or more) is every new
    // post, each post order paid from the balance when it is placed
    const open = auto && input.posts === 0;
    if (open && (!user || input.method !== BALANCE_METHOD_ID))
      throw new AppError(ORDER_ERRORS.openFromBalance, 400);
    // SPEC §9: an auto order takes a range per post and is priced at its average × posts
    const most = auto ? (input.quantity_max ?? input.quantity) : input.quantity;
    if (most < input.quantity) throw new AppError(ORDER_ERRORS.autoRange, 400);
    if (most > limits.max)
      throw new AppError(`The quantity must be from ${limits.min} to ${limits.max}`, 400);
    const comments = commentLines(service, input.comments);
    if (comments && comments.length !== input.quantity)
      throw new AppError(ORDER_ERRORS.commentsCount, 400);
    const drip = dripFeedOf(service, input, links.length);
    const subscription = subscriptionOf(auto, input, now());
    // an open subscription is priced for one post: what each of its post orders costs
    const count = auto
      ? autoQuantity(input.quantity, most, open ? 1 : input.posts!)
      : input.quantity * links.length * (drip?.runs ?? 1);

    // a user pays in their own currency; a guest names theirs and gives an e-mail
    const asked = user ? user.cur : input.currency;
    const currency: Currency | undefined = isCurrency(asked) ? asked : undefined;
    if (!currency) throw new AppError(ORDER_ERRORS.currency, 400);
    const email = user ? user.email : input.email?.trim();
    if (!email) throw new AppError(ORDER_ERRORS.email, 400);
    return {
      ...{ user, viewer, client, service, links, auto, most, comments, count, currency, email },
      drip,
      subscription,
    };
  }

  /**
   * Its cost (computed here, never taken from the client) and how it is paid. The reseller
   * API prices linearly, as panels do (docs/api.md, /api/v2): its rate per 1 000 (minor units, after the
   * buyer's level) × count / 1 000, rounded up to the minor unit; everything else by tiers.
   */
  async function priced(
    order: Awaited<ReturnType<typeof validated>>,
    input: OrderInput,
    context: OrderContext,
    ratePer1000?: number,
  ) {
    const { service, count, currency, client, viewer, user } = order;
    const [tiered, saved] = await catalog.orderCost(
      { tag: service.tag, count, currency, client },
      viewer,
    );
    const cost =
      ratePer1000 === undefined ? tiered : Math.max(1, Math.ceil((ratePer1000 * count) / 1000));
    const discount = Math.max(0, tiered + saved - cost);
    const paid = await paymentOf(
      { paymentMethods, payments },
      { cost, currency, signedIn: Boolean(user), input, country: context.country },
    );
    return { cost, discount, ...paid };
  }

  /**
   * The order, its `_MULTI` rows, its first history row and its payment (or its balance debit
   * and PAID) in one transaction, before anyone is told.
   */
  async function persisted(
    order: Awaited<ReturnType<typeof validated>>,
    price: Awaited<ReturnType<typeof priced>>,
    input: OrderInput,
    context: OrderContext,
    intakeId: number | undefined,
  ) {
    const serviceId = await catalog.serviceId(order.service.tag);
    return db
      .transaction()
      .execute((trx) => persistIn(trx, serviceId, order, price, input, context, intakeId));
  }

  /** `persisted`'s writes inside the caller's transaction (a mass order writes several). */
  async function persistIn(
    trx: Db,
    serviceId: number,
    order: Awaited<ReturnType<typeof validated>>,
    price: Awaited<ReturnType<typeof priced>>,
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
      // SPEC §4 / DOMAIN.md: the debit and PAID in one transaction; never below zero
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

  /**
   * An order, as DOMAIN.md has it: validate → price → persist → checkout (the gateway's page,
   * or, paid from the balance, the receipt).
   */
  async function place(
    input: OrderInput,
    context: OrderContext,
    { intakeId, ratePer1000 }: { intakeId?: number; ratePer1000?: number } = {},
  ): Promise<PlacedOrder> {
    const order = await validated(input, context);
    const price = await priced(order, input, context, ratePer1000);
    const placed = await persisted(order, price, input, context, intakeId);
    const redirect = placed.payment
      ? await payments.startCheckout(placed.payment, `${order.service.name} × ${input.quantity}`)
      : null;
    if (!placed.payment) await sendReceipt(placed.order);
    return {
      order: toOrderView(placed.order),
      payment: placed.payment
        ? { id: placed.payment.public_id, status: placed.payment.status }
        : null,
      redirect,
    };
  }

  /**
   * A mass order (issue 32.4): every line is checked and priced first, each with its own
   * error (a line the caller already refused keeps its own); only when all pass are they
   * written, in one transaction, so a balance short of the total places none of them. Each
   * placed order's receipt goes out after the commit, as `place` sends it.
   */
  async function placeMany(lines: ManyLine[], context: OrderContext): Promise<ManyOutcome> {
    const refused: { index: number; error: string }[] = [];
    const ready: {
      order: Awaited<ReturnType<typeof validated>>;
      price: Awaited<ReturnType<typeof priced>>;
      input: OrderInput;
      serviceId: number;
    }[] = [];
    for (const [index, line] of lines.entries()) {
      if ('refused' in line) {
        refused.push({ index, error: line.refused });
        continue;
      }
      try {
        const order = await validated(line.input, context);
        const price = await priced(order, line.input, context, line.ratePer1000);
        const serviceId = await catalog.serviceId(order.service.tag);
        ready.push({ order, price, input: line.input, serviceId });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.push({ index, error: error.message });
      }
    }
    if (refused.length) return { kind: 'refused', lines: refused };
    const total = ready.reduce((sum, line) => sum + line.price.cost, 0);
    const currency = ready[0]?.order.currency ?? 'USD';
    let placed: OrderRow[];
    try {
      placed = await db.transaction().execute(async (trx) => {
        const rows: OrderRow[] = [];
        for (const { order, price, input, serviceId } of ready)
          rows.push(
            (await persistIn(trx, serviceId, order, price, input, context, undefined)).order,
          );
        return rows;
      });
    } catch (error) {
      // the ledger's debit refused one of them: the whole transaction rolled back
      if (error instanceof AppError && error.statusCode === 402)
        return { kind: 'short', total, currency };
      throw error;
    }
    for (const order of placed) if (order.payment_id === null) await sendReceipt(order);
    return {
      kind: 'placed',
      orders: placed.map((row) => ({ order: toOrderView(row), number: row.id })),
      total,
      currency,
    };
  }

  return { place, placeMany, sendReceipt };
}
