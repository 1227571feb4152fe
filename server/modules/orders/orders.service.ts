import type { Kysely } from 'kysely';
import {
  isAutoType,
  isMultiTag,
  MAX_LINKS,
  orderLimits,
  type ServiceView,
} from '../../../shared/catalog.ts';
import { checkLink, type LinkKind } from '../../../shared/link-rules.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/locales.ts';
import type { OrderView } from '../../../shared/orders.ts';
import { BALANCE_METHOD_ID } from '../../../shared/payment-methods.ts';
import type { Platform } from '../../../shared/platforms.ts';
import { autoQuantity } from '../../../shared/pricing.ts';
import { type Currency, isCurrency } from '../../../shared/regions.ts';
import { pagePath } from '../../../shared/routes.ts';
import type { OrderInput } from '../../../shared/schemas/orders.schemas.ts';
import type { PublicUser } from '../../../shared/user.ts';
import type { Database, Db } from '../../db/database.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { receiptMail } from '../../integrations/mail/templates.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { randomCode } from '../auth/secrets.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { moveBalance } from '../ledger/ledger.repository.ts';
import {
  moneyIn,
  type NotificationsService,
  serviceNameIn,
} from '../notifications/notifications.service.ts';
import type { PaymentMethodsService } from '../payments/payment-methods.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { publicUserById } from '../users/users.service.ts';
import type { OrderRow, OrderStatus } from './orders.table.ts';

type Trx = Kysely<Database>;

export const ORDER_ERRORS = {
  unavailable: 'The service is temporary unavailable',
  email: 'Please enter your email',
  currency: 'Unknown currency: use RUB, USD or EUR',
  method: 'This payment method is not available for this order',
  methodMin: 'The amount is below the minimum of this payment method',
  methodMax: 'The amount is above the maximum of this payment method',
  balance: 'Log in and top up your balance to pay from it',
  agreement: 'Must check the box',
  posts: 'Auto orders need the number of posts',
  tooManyLinks: `Up to ${MAX_LINKS} links in one order`,
  testOnlyStaff: 'Only staff may place test orders',
} as const;

export const toOrderView = (row: OrderRow): OrderView => ({
  id: row.public_id,
  tag: row.tag,
  link: row.link,
  quantity: row.quantity,
  posts: row.posts,
  count: row.count,
  currency: row.currency,
  cost: Number(row.cost),
  discount: Number(row.discount),
  status: row.status,
  test: Boolean(row.test),
  created_at: row.created_at,
});

export interface OrderContext {
  user: PublicUser | null;
  lang: Locale;
  country: string;
  /** the page the buyer returns to after the gateway */
  returnPath: string;
}

export interface PlacedOrder {
  order: OrderView;
  payment: { id: string; status: string } | null;
  /** where to send the buyer to pay; null when paid from the balance */
  redirect: string | null;
}

export type { OrderView };

/** An async order as c_orders/async answers it: queued, then the placed order or the error. */
export interface IntakeView {
  id: string;
  status: 'QUEUED' | 'PROCESSING' | 'DONE' | 'FAILED';
  order: OrderView | null;
  payment: { id: string; status: string } | null;
  redirect: string | null;
  error: string | null;
}

function intakeView(row: {
  public_id: string;
  status: IntakeView['status'];
  result: string | null;
  error: string | null;
}): IntakeView {
  const result = row.result ? (JSON.parse(row.result) as PlacedOrder) : null;
  return {
    id: row.public_id,
    status: row.status,
    order: result?.order ?? null,
    payment: result?.payment ?? null,
    redirect: result?.redirect ?? null,
    error: row.error,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Orders (DOMAIN.md): everything the form sent is checked again here, the cost is computed
 * here, and the order (with its `_MULTI` rows), its first history row and its payment or
 * balance debit are written in one transaction before anyone is told.
 */
export function createOrdersService({
  db,
  catalog,
  paymentMethods,
  payments,
  mailer,
  publicUrl,
  logger,
  notifications,
  now = () => new Date(),
}: {
  db: Db;
  catalog: CatalogService;
  paymentMethods: PaymentMethodsService;
  payments: PaymentsService;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  notifications?: NotificationsService;
  now?: () => Date;
}) {
  /** The receipt of a paid order, with its follow link; a failed mail is logged, not fatal. */
  async function sendReceipt(order: OrderRow): Promise<void> {
    if (!order.email || order.parent_id !== null) return;
    const lang = isLocale(order.lang) ? order.lang : DEFAULT_LOCALE;
    try {
      const service = await catalog.service(
        order.tag,
        'CLIENT_MAIN',
        { staff: true, level: 1 },
        lang,
      );
      await mailer.send(
        receiptMail({
          to: order.email,
          locale: lang,
          link: `${publicUrl}${pagePath('thanks', lang)}?order=${order.public_id}`,
          service: service.name,
          quantity: new Intl.NumberFormat(lang).format(order.count),
          price: moneyIn(lang, Number(order.cost), order.currency),
        }),
      );
    } catch (error) {
      logger.error({ err: error, order: order.public_id }, 'receipt mail failed');
    }
  }

  payments.onSettledCommitted(async (payment) => {
    if (payment.purpose !== 'order' || payment.status !== 'SUCCESS') return;
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .executeTakeFirst();
    if (order) await sendReceipt(order);
  });

  async function addEvent(
    trx: Trx,
    orderIds: number[],
    status: OrderStatus,
    at: string,
    note?: string,
  ) {
    if (!orderIds.length) return;
    await trx
      .insertInto('order_events')
      .values(orderIds.map((id) => ({ order_id: id, status, note: note ?? null, created_at: at })))
      .execute();
  }

  /** Moves orders (and their rows) from one status to the next, with a history row each. */
  async function transition(
    trx: Trx,
    ids: number[],
    from: OrderStatus,
    to: OrderStatus,
    at: string,
    note?: string,
  ) {
    if (!ids.length) return [];
    const moved = await trx
      .updateTable('orders')
      .set({ status: to, updated_at: at })
      .where('id', 'in', ids)
      .where('status', '=', from)
      .returning(['id', 'parent_id', 'user_id', 'public_id', 'tag', 'count'])
      .execute();
    await addEvent(
      trx,
      moved.map((row) => row.id),
      to,
      at,
      note,
    );
    // the buyer hears of every change of their order (not of each row of a _MULTI order)
    for (const order of moved) {
      if (order.parent_id !== null || order.user_id === null || !notifications) continue;
      await notifications.notify(trx, {
        userId: order.user_id,
        type: `order.${to}`,
        data: { order: order.public_id, status: to },
        values: (lang) => ({
          quantity: new Intl.NumberFormat(lang).format(order.count),
          service: serviceNameIn(lang, order.tag),
        }),
      });
    }
    return moved;
  }

  // a settled payment pays its order: CREATED → PAID (a failed one leaves it to expire)
  payments.onSettled(async (trx, payment, at, reason) => {
    if (payment.purpose !== 'order') return;
    const rows = await trx
      .selectFrom('orders')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('payment_id', '=', payment.id),
          eb(
            'parent_id',
            'in',
            eb.selectFrom('orders').select('id').where('payment_id', '=', payment.id),
          ),
        ]),
      )
      .execute();
    const ids = rows.map((row) => row.id);
    if (payment.status === 'SUCCESS') await transition(trx, ids, 'CREATED', 'PAID', at, 'paid');
    else if (reason === 'expired')
      await transition(trx, ids, 'CREATED', 'EXPIRED', at, 'not paid in time');
    else await addEvent(trx, ids, 'CREATED', at, 'payment failed');
  });

  function checkLinks(service: ServiceView, link: string): string[] {
    const multi = isMultiTag(service.tag);
    const lines = multi
      ? link
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
      : [link.trim()];
    if (!lines.length || !lines[0]) throw new AppError('Enter the login or link', 400);
    if (lines.length > MAX_LINKS) throw new AppError(ORDER_ERRORS.tooManyLinks, 400);
    if (service.platform === 'fake' || !service.link_kinds.length) return lines;
    const kinds = service.link_kinds as LinkKind[];
    for (const line of lines) {
      const check = checkLink(service.platform as Platform, kinds, line);
      if (!check.ok)
        throw new AppError(
          `This is not a valid link for ${service.name}: ${line.slice(0, 200)}`,
          400,
        );
    }
    return lines;
  }

  return {
    async place(
      input: OrderInput,
      context: OrderContext,
      { intakeId }: { intakeId?: number } = {},
    ): Promise<PlacedOrder> {
      const { user } = context;
      const staff = Boolean(user?.isStaff);
      if (input.test && !staff) throw new AppError(ORDER_ERRORS.testOnlyStaff, 403);
      const viewer = user ? { staff, level: user.discountLevel } : { staff: false, level: 1 };
      const client = 'CLIENT_MAIN' as const;
      const service = await catalog.service(input.tag, client, viewer, context.lang);
      if (!service.labels.includes('ENABLED') || !service.labels.includes('VISIBLE'))
        throw new AppError(ORDER_ERRORS.unavailable, 400);

      const links = checkLinks(service, input.link);
      const limits = orderLimits(service, staff);
      if (input.quantity < limits.min || input.quantity > limits.max)
        throw new AppError(`The quantity must be from ${limits.min} to ${limits.max}`, 400);
      const auto = isAutoType(service.type);
      if (auto && !input.posts) throw new AppError(ORDER_ERRORS.posts, 400);
      const count = auto
        ? autoQuantity(input.quantity, input.quantity, input.posts!)
        : input.quantity * links.length;

      // a user pays in their own currency; a guest names theirs and gives an e-mail
      const currency: Currency | undefined = user
        ? isCurrency(user.cur)
          ? user.cur
          : undefined
        : isCurrency(input.currency)
          ? input.currency
          : undefined;
      if (!currency) throw new AppError(ORDER_ERRORS.currency, 400);
      const email = user ? user.email : input.email?.trim();
      if (!email) throw new AppError(ORDER_ERRORS.email, 400);

      // the cost is computed here, never taken from the client
      const [cost, discount] = await catalog.orderCost(
        { tag: service.tag, count, currency, client },
        viewer,
      );

      const methods = await paymentMethods.list(currency, context.country);
      const method = methods.methods.find((entry) => entry.id === input.method);
      if (!method) throw new AppError(ORDER_ERRORS.method, 400);
      const fromBalance = method.id === BALANCE_METHOD_ID;
      if (fromBalance) {
        if (!user) throw new AppError(ORDER_ERRORS.balance, 400);
      } else {
        const range = method.limits[currency]!;
        if (cost < range.min) throw new AppError(ORDER_ERRORS.methodMin, 400);
        if (cost > range.max) throw new AppError(ORDER_ERRORS.methodMax, 400);
      }
      if (method.show_agreement_flag && input.agreement !== true)
        throw new AppError(ORDER_ERRORS.agreement, 400);

      const serviceId = await catalog.serviceId(service.tag);
      const gateway = fromBalance
        ? null
        : payments.gatewayFor(await paymentMethods.gatewayOf(method.id));
      if (!fromBalance && !gateway) throw new AppError(ORDER_ERRORS.method, 400);
      const at = now().toISOString();
      const placed = await db.transaction().execute(async (trx) => {
        const payment = fromBalance
          ? null
          : await payments.insert(trx, {
              userId: user?.id ?? null,
              purpose: 'order',
              methodId: method.id,
              gateway: gateway!,
              amount: cost,
              currency,
              returnPath: context.returnPath,
            });
        const base = {
          user_id: user?.id ?? null,
          email,
          tag: service.tag,
          client,
          quantity: input.quantity,
          posts: auto ? (input.posts ?? null) : null,
          currency,
          method_id: method.id,
          status: 'CREATED' as const,
          region_value: input.region_value ?? null,
          lang: context.lang,
          test: input.test ? 1 : 0,
          start_count: null,
          remains: null,
          provider_order_id: null,
          created_at: at,
          updated_at: at,
        };
        const order = await trx
          .insertInto('orders')
          .values({
            ...base,
            service_id: serviceId,
            public_id: randomCode(20),
            parent_id: null,
            link: links.join('\n'),
            count,
            cost,
            discount,
            payment_id: payment?.id ?? null,
            ...(intakeId ? { intake_id: intakeId } : {}),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // a _MULTI order has a row per link, each for the quantity, paid through the parent
        const children =
          links.length > 1
            ? await trx
                .insertInto('orders')
                .values(
                  links.map((link) => ({
                    ...base,
                    service_id: serviceId,
                    public_id: randomCode(20),
                    parent_id: order.id,
                    link,
                    count: input.quantity,
                    cost: 0,
                    discount: 0,
                    payment_id: null,
                  })),
                )
                .returning('id')
                .execute()
            : [];
        const ids = [order.id, ...children.map((child) => child.id)];
        await addEvent(trx, ids, 'CREATED', at);
        if (fromBalance) {
          // SPEC §4 / DOMAIN.md: the debit and PAID in one transaction; never below zero
          await moveBalance(trx, {
            userId: user!.id,
            amount: -cost,
            group: 'order_payment',
            orderId: order.id,
            at,
          });
          await transition(trx, ids, 'CREATED', 'PAID', at, 'paid from balance');
          return { order: { ...order, status: 'PAID' as const }, payment: null };
        }
        return { order, payment };
      });

      const redirect = placed.payment
        ? await payments.startCheckout(placed.payment, `${service.name} × ${input.quantity}`)
        : null;
      if (!placed.payment) await sendReceipt(placed.order);
      return {
        order: toOrderView(placed.order),
        payment: placed.payment
          ? { id: placed.payment.public_id, status: placed.payment.status }
          : null,
        redirect,
      };
    },

    /** The user's orders, newest first (children of `_MULTI` orders are inside their parent). */
    async listOf(
      userId: number,
      {
        page = 1,
        limit = 20,
        status,
        tag,
      }: { page?: number; limit?: number; status?: OrderStatus; tag?: string } = {},
    ) {
      const mine = db
        .selectFrom('orders')
        .where('user_id', '=', userId)
        .where('parent_id', 'is', null)
        .$if(Boolean(status), (qb) => qb.where('status', '=', status!))
        .$if(Boolean(tag), (qb) => qb.where('tag', '=', tag!));
      const [rows, total] = await Promise.all([
        mine
          .selectAll()
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toOrderView), meta: { total: Number(total.total), page, limit } };
    },

    /**
     * DOMAIN.md: CREATED → EXPIRED. An order still unpaid after `afterMs` whose payment is no
     * longer waiting (declined, failed, given up) expires, with its rows.
     */
    async expireUnpaid({ afterMs }: { afterMs: number }): Promise<{ expired: number }> {
      const at = now();
      const due = new Date(at.getTime() - afterMs).toISOString();
      const stale = await db
        .selectFrom('orders')
        .leftJoin('payments', 'payments.id', 'orders.payment_id')
        .select('orders.id')
        .where('orders.status', '=', 'CREATED')
        .where('orders.parent_id', 'is', null)
        .where('orders.created_at', '<=', due)
        .where((eb) =>
          eb.or([eb('payments.id', 'is', null), eb('payments.status', '!=', 'WAITING')]),
        )
        .limit(500)
        .execute();
      let expired = 0;
      for (const { id } of stale) {
        const moved = await db.transaction().execute(async (trx) => {
          const children = await trx
            .selectFrom('orders')
            .select('id')
            .where('parent_id', '=', id)
            .execute();
          return transition(
            trx,
            [id, ...children.map((child) => child.id)],
            'CREATED',
            'EXPIRED',
            at.toISOString(),
            'not paid in time',
          );
        });
        if (moved.length) expired += 1;
      }
      return { expired };
    },

    /** POST c_orders/async: the payload is checked for form, kept, and placed by the worker. */
    async queue(input: OrderInput, context: OrderContext): Promise<IntakeView> {
      const at = now().toISOString();
      const row = await db
        .insertInto('order_intake')
        .values({
          public_id: randomCode(20),
          user_id: context.user?.id ?? null,
          payload: JSON.stringify(input),
          context: JSON.stringify({
            lang: context.lang,
            country: context.country,
            returnPath: context.returnPath,
          }),
          status: 'QUEUED',
          result: null,
          error: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return intakeView(row);
    },

    async intake(publicId: string): Promise<IntakeView> {
      const row = await db
        .selectFrom('order_intake')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirst();
      if (!row) throw new AppError('Order not found', 404);
      return intakeView(row);
    },

    /**
     * The worker's round: queued intakes are claimed one by one (a conditional UPDATE, so two
     * workers never take the same) and placed like c_orders/main. One left PROCESSING by a
     * worker that died is finished from its order if it was placed, else queued again.
     */
    async processQueued({
      limit = 50,
      staleAfterMs = 5 * 60_000,
    }: {
      limit?: number;
      staleAfterMs?: number;
    } = {}): Promise<{ done: number; failed: number }> {
      const stale = new Date(now().getTime() - staleAfterMs).toISOString();
      const stuck = await db
        .selectFrom('order_intake')
        .select('id')
        .where('status', '=', 'PROCESSING')
        .where('updated_at', '<=', stale)
        .execute();
      for (const { id } of stuck) {
        const placed = await db
          .selectFrom('orders')
          .selectAll()
          .where('intake_id', '=', id)
          .executeTakeFirst();
        // its payment (if any) keeps the checkout page, so a card order can still be paid
        const payment = placed?.payment_id
          ? await db
              .selectFrom('payments')
              .select(['public_id', 'status', 'checkout_url'])
              .where('id', '=', placed.payment_id)
              .executeTakeFirst()
          : undefined;
        await db
          .updateTable('order_intake')
          .set(
            placed
              ? {
                  status: 'DONE',
                  result: JSON.stringify({
                    order: toOrderView(placed),
                    payment: payment ? { id: payment.public_id, status: payment.status } : null,
                    redirect: payment?.checkout_url ?? null,
                  }),
                  updated_at: now().toISOString(),
                }
              : { status: 'QUEUED', updated_at: now().toISOString() },
          )
          .where('id', '=', id)
          .execute();
      }

      const queued = await db
        .selectFrom('order_intake')
        .select('id')
        .where('status', '=', 'QUEUED')
        .orderBy('id')
        .limit(limit)
        .execute();
      let done = 0;
      let failed = 0;
      for (const { id } of queued) {
        const row = await db
          .updateTable('order_intake')
          .set({ status: 'PROCESSING', updated_at: now().toISOString() })
          .where('id', '=', id)
          .where('status', '=', 'QUEUED')
          .returningAll()
          .executeTakeFirst();
        if (!row) continue;
        const saved = JSON.parse(row.context) as Omit<OrderContext, 'user'>;
        const user = row.user_id ? await publicUserById(db, row.user_id) : null;
        try {
          const placed = await this.place(
            JSON.parse(row.payload) as OrderInput,
            { ...saved, user },
            { intakeId: row.id },
          );
          await db
            .updateTable('order_intake')
            .set({
              status: 'DONE',
              result: JSON.stringify(placed),
              updated_at: now().toISOString(),
            })
            .where('id', '=', row.id)
            .execute();
          done += 1;
        } catch (error) {
          const message = error instanceof AppError ? error.message : 'An error occurred';
          if (!(error instanceof AppError))
            logger.error({ err: error, intake: row.public_id }, 'async order failed');
          await db
            .updateTable('order_intake')
            .set({ status: 'FAILED', error: message, updated_at: now().toISOString() })
            .where('id', '=', row.id)
            .execute();
          failed += 1;
        }
      }
      return { done, failed };
    },

    /** One order by its public id (the receipt link), with its status history. */
    async byPublicId(publicId: string) {
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirst();
      if (!order) throw new AppError('Order not found', 404);
      const events = await db
        .selectFrom('order_events')
        .select(['status', 'note', 'created_at'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      return { ...toOrderView(order), owned: order.user_id !== null, history: events };
    },

    /**
     * A guest order joins an account: whoever holds its receipt link (the unguessable id)
     * may keep it, once; an order that has an owner stays theirs.
     */
    async claim(publicId: string, userId: number): Promise<void> {
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        const order = await trx
          .updateTable('orders')
          .set({ user_id: userId, updated_at: at })
          .where('public_id', '=', publicId)
          .where('parent_id', 'is', null)
          .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
          .returning('id')
          .executeTakeFirst();
        if (!order) {
          const exists = await trx
            .selectFrom('orders')
            .select('id')
            .where('public_id', '=', publicId)
            .executeTakeFirst();
          throw exists
            ? new AppError('This order belongs to another account', 409)
            : new AppError('Order not found', 404);
        }
        await trx
          .updateTable('orders')
          .set({ user_id: userId, updated_at: at })
          .where('parent_id', '=', order.id)
          .execute();
      });
    },

    /** The order a payment pays (for the thanks page). */
    async ofPayment(paymentId: number): Promise<OrderView | null> {
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .executeTakeFirst();
      return order ? toOrderView(order) : null;
    },
  };
}
