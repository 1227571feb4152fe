import type { Kysely } from 'kysely';
import type { Locale } from '../../../shared/locales.ts';
import type { OrderStatus } from '../../../shared/orders.ts';
import type { Database, Db } from '../../db/database.ts';
import { isPostgres } from '../../db/migrations/helpers.ts';
import {
  ProviderError,
  ProviderUnavailable,
  type SmmProvider,
  type UpstreamOrderStatus,
} from '../../integrations/providers/smm-provider.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { moveBalance } from '../ledger/ledger.repository.ts';
import {
  moneyIn,
  type NotificationsService,
  serviceNameIn,
} from '../notifications/notifications.service.ts';
import type { OrderRow } from '../orders/orders.table.ts';

type Trx = Kysely<Database>;

/** DOMAIN.md referral program: the referrer earns this share of each delivered order. */
export const REFERRAL_SHARE = 0.1;

export interface FulfilmentOptions {
  /** names this worker in leases */
  workerId: string;
  /** how long a claimed order stays with its worker */
  leaseMs?: number;
  /** how often a running order is asked about */
  syncEveryMs?: number;
  /** retries of an unreachable provider: first wait, longest wait, and when to give up */
  retryBaseMs?: number;
  retryMaxMs?: number;
  giveUpAfterMs?: number;
}

/** Finds the client of an order's provider (the simulator in process, or a panel over HTTP). */
export type ProviderLookup = (providerId: string) => Promise<SmmProvider | null>;

const FINAL: readonly OrderStatus[] = ['COMPLETED', 'PARTIAL', 'CANCELED', 'ERROR', 'EXPIRED'];

/**
 * Whether a failed `add` surely did not place the order: the connection was refused, or the
 * panel said it is unavailable or busy (502, 503, 429). Anything else (a timeout, a reset,
 * another 5xx, an answer without an order id) may have placed it: its outcome is unknown.
 */
function surelyNotPlaced(error: ProviderUnavailable): boolean {
  return /\bHTTP (429|502|503)\b|ECONNREFUSED/.test(
    `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`,
  );
}

/**
 * Fulfilment (DOMAIN.md Orders, Upstream providers): paid orders are submitted to their
 * provider and followed to the end. Work is claimed with leases (PostgreSQL: FOR UPDATE
 * SKIP LOCKED), so several workers never take one order; the submit intent is written
 * before the provider is called, so a worker that dies mid-call never sends an order twice;
 * every transition, refund and bonus is one transaction with its history row and ledger row.
 */
export function createFulfilmentService({
  db,
  providerOf,
  catalog,
  notifications,
  logger,
  now = () => new Date(),
  options,
}: {
  db: Db;
  providerOf: ProviderLookup;
  catalog: CatalogService;
  notifications: NotificationsService;
  logger: Logger;
  now?: () => Date;
  options: FulfilmentOptions;
}) {
  const leaseMs = options.leaseMs ?? 60_000;
  const syncEveryMs = options.syncEveryMs ?? 60_000;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const retryMaxMs = options.retryMaxMs ?? 30 * 60_000;
  const giveUpAfterMs = options.giveUpAfterMs ?? 24 * 3_600_000;
  const postgres = isPostgres(db);
  const me = options.workerId;

  /** Claims up to `limit` orders matching `where` for this worker; answers them. */
  async function claim(which: 'submit' | 'sync', limit: number): Promise<OrderRow[]> {
    const at = now();
    const nowIso = at.toISOString();
    const until = new Date(at.getTime() + leaseMs).toISOString();
    await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('orders')
        .select('id')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
        .where('needs_check', '=', 0)
        .orderBy('id')
        .limit(limit);
      if (which === 'submit') {
        // leaf orders: a _MULTI order is submitted through its rows, one per link
        query = query
          .where('status', '=', 'PAID')
          .where((eb) =>
            eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]),
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('orders as child')
                  .select('child.id')
                  .whereRef('child.parent_id', '=', 'orders.id'),
              ),
            ),
          );
      } else {
        const due = new Date(at.getTime() - syncEveryMs).toISOString();
        query = query
          .where('status', '=', 'RUNNING')
          .where('provider_order_id', 'is not', null)
          .where((eb) => eb.or([eb('synced_at', 'is', null), eb('synced_at', '<=', due)]));
      }
      const rows = await (postgres ? query.forUpdate().skipLocked() : query).execute();
      if (!rows.length) return;
      await trx
        .updateTable('orders')
        .set({ lease_owner: me, lease_until: until })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    });
    return db
      .selectFrom('orders')
      .selectAll()
      .where('lease_owner', '=', me)
      .where('lease_until', '=', until)
      .orderBy('id')
      .execute();
  }

  const release = { lease_owner: null, lease_until: null };

  async function addEvent(trx: Trx, orderId: number, status: OrderStatus, note: string | null) {
    await trx
      .insertInto('order_events')
      .values({ order_id: orderId, status, note, created_at: now().toISOString() })
      .execute();
  }

  /** The part of the paid price an order row stands for (a _MULTI row: its share). */
  async function paidValueOf(
    trx: Trx,
    order: OrderRow,
  ): Promise<{ value: number; payer: OrderRow }> {
    if (order.parent_id === null) return { value: Number(order.cost), payer: order };
    const parent = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.parent_id)
      .executeTakeFirstOrThrow();
    const siblings = await trx
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', parent.id)
      .executeTakeFirstOrThrow();
    return { value: Math.floor(Number(parent.cost) / Number(siblings.n)), payer: parent };
  }

  /** Converts minor units between currencies through the stored rates (roubles per unit). */
  async function convert(minor: number, from: string, to: string): Promise<number> {
    if (from === to) return minor;
    const rates = new Map((await catalog.currencies()).map((rate) => [rate.code, rate.amount]));
    const rateFrom = rates.get(from as never);
    const rateTo = rates.get(to as never);
    if (!rateFrom || !rateTo) return 0;
    return Math.round((minor * rateFrom) / rateTo);
  }

  const words = (order: OrderRow) => (lang: Locale) => ({
    quantity: new Intl.NumberFormat(lang).format(order.count),
    service: serviceNameIn(lang, order.tag),
  });

  /**
   * Moves an order from one status to another with its history row, the money that goes
   * with it (refund of the undelivered share, referral bonus on delivery) and a notification,
   * all in one transaction; answers false when the order had moved on already.
   */
  async function transition(
    order: OrderRow,
    from: OrderStatus,
    to: OrderStatus,
    note: string | null,
    changes: Partial<{
      provider_order_id: string;
      start_count: number | null;
      remains: number | null;
      charge: string | null;
    }> = {},
  ): Promise<boolean> {
    const at = now().toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('orders')
        .set({ status: to, updated_at: at, synced_at: at, ...changes, ...release })
        .where('id', '=', order.id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return false;
      await addEvent(trx, order.id, to, note);
      const { value, payer } = await paidValueOf(trx, updated);
      // the undelivered share goes back to the balance, once (the transition happens once)
      const delivered =
        to === 'COMPLETED'
          ? 1
          : to === 'PARTIAL'
            ? Math.max(0, 1 - (updated.remains ?? 0) / Math.max(1, updated.count))
            : to === 'CANCELED' || to === 'ERROR'
              ? 0
              : null;
      if (delivered !== null && delivered < 1) {
        const refund = Math.round(value * (1 - delivered));
        if (refund > 0 && payer.user_id !== null) {
          await moveBalance(trx, {
            userId: payer.user_id,
            amount: refund,
            group: 'refund',
            orderId: payer.id,
            note: `${to.toLowerCase()}: ${updated.public_id}`,
            at,
          });
          await trx
            .updateTable('orders')
            .set((eb) => ({ refunded: eb('refunded', '+', refund) }))
            .where('id', '=', updated.id)
            .execute();
        } else if (refund > 0) {
          // a guest has no balance: the operator refunds the card
          await addEvent(trx, order.id, to, `refund due to the buyer: ${refund} ${payer.currency}`);
          logger.warn(
            { order: updated.public_id, refund, currency: payer.currency },
            'guest refund due',
          );
        }
        if (payer.user_id !== null)
          await notifications.notify(trx, {
            userId: payer.user_id,
            type: `order.${to}`,
            data: { order: payer.public_id, status: to, refund },
            values: (lang) => ({
              ...words(updated)(lang),
              amount: moneyIn(lang, refund, payer.currency),
            }),
          });
      } else if (payer.user_id !== null) {
        await notifications.notify(trx, {
          userId: payer.user_id,
          type: `order.${to}`,
          data: { order: payer.public_id, status: to },
          values: words(updated),
        });
      }
      // DOMAIN.md: the referrer earns 10 % of the delivered value, in their own currency
      if (delivered !== null && delivered > 0 && payer.user_id !== null) {
        const buyer = await trx
          .selectFrom('users')
          .select('referrer_id')
          .where('id', '=', payer.user_id)
          .executeTakeFirst();
        if (buyer?.referrer_id) {
          const referrer = await trx
            .selectFrom('users')
            .select(['id', 'cur'])
            .where('id', '=', buyer.referrer_id)
            .executeTakeFirst();
          if (referrer) {
            const earned = Math.round(value * delivered * REFERRAL_SHARE);
            const bonus = await convert(earned, payer.currency, referrer.cur);
            if (bonus > 0) {
              await moveBalance(trx, {
                userId: referrer.id,
                amount: bonus,
                group: 'affiliate_program',
                orderId: payer.id,
                note: `referral: ${updated.public_id}`,
                at,
              });
              await notifications.notify(trx, {
                userId: referrer.id,
                type: 'bonus',
                data: { order: payer.public_id, amount: bonus },
                values: (lang) => ({ amount: moneyIn(lang, bonus, referrer.cur) }),
              });
            }
          }
        }
      }
      if (updated.parent_id !== null) await rollUp(trx, updated.parent_id, at);
      return true;
    });
    if (moved)
      logger.info({ order: order.public_id, from, to, note, ...changes }, 'order transition');
    return moved;
  }

  /** A _MULTI order's own status follows its rows'. */
  async function rollUp(trx: Trx, parentId: number, at: string) {
    const rows = await trx
      .selectFrom('orders')
      .select('status')
      .where('parent_id', '=', parentId)
      .execute();
    const all = (status: OrderStatus) => rows.every((row) => row.status === status);
    const next: OrderStatus = rows.some((row) => !FINAL.includes(row.status))
      ? 'RUNNING'
      : all('COMPLETED')
        ? 'COMPLETED'
        : rows.every((row) => ['CANCELED', 'ERROR'].includes(row.status))
          ? 'CANCELED'
          : 'PARTIAL';
    const parent = await trx
      .updateTable('orders')
      .set({ status: next, updated_at: at })
      .where('id', '=', parentId)
      .where('status', '!=', next)
      .returning('id')
      .executeTakeFirst();
    if (parent) await addEvent(trx, parentId, next, 'follows its links');
  }

  /** A submit whose outcome is unknown: never sent again, an operator checks it. */
  async function leaveForCheck(order: OrderRow, error?: unknown) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('orders')
        .set({ needs_check: 1, ...release })
        .where('id', '=', order.id)
        .execute();
      await addEvent(trx, order.id, 'PAID', 'submit outcome unknown: check with the provider');
    });
    logger.error({ err: error, order: order.public_id }, 'submit outcome unknown, needs a check');
  }

  async function submit(order: OrderRow): Promise<'submitted' | 'refused' | 'retry' | 'unknown'> {
    if (order.submit_started_at && !order.provider_order_id) {
      // a worker died between recording the submit and the answer: never send it again
      await leaveForCheck(order);
      return 'unknown';
    }
    const service = await db
      .selectFrom('services')
      .select(['provider_id', 'provider_service'])
      .where('id', '=', order.service_id)
      .executeTakeFirstOrThrow();
    const providerId = order.test ? 'simulator' : (service.provider_id ?? 'simulator');
    // the simulator sells every service under its tag; a real panel under its own id
    const providerService = order.test ? order.tag : service.provider_service;
    const provider = await providerOf(providerId);
    if (!provider || !providerService) {
      await transition(order, 'PAID', 'ERROR', `no provider for ${order.tag}`);
      return 'refused';
    }
    // the intent, committed before the call; it also renews the lease for this call, and a
    // worker whose lease ran out (another took the order) leaves it alone
    const intent = await db
      .updateTable('orders')
      .set((eb) => ({
        submit_started_at: now().toISOString(),
        submit_attempts: eb('submit_attempts', '+', 1),
        provider_id: providerId,
        lease_until: new Date(now().getTime() + leaseMs).toISOString(),
      }))
      .where('id', '=', order.id)
      .where('lease_owner', '=', me)
      .where('status', '=', 'PAID')
      .where('provider_order_id', 'is', null)
      .executeTakeFirst();
    if (Number(intent.numUpdatedRows) !== 1) return 'retry';
    try {
      const placed = await provider.add({
        service: providerService,
        link: order.link,
        quantity: order.count,
      });
      await transition(order, 'PAID', 'RUNNING', `submitted to ${providerId} as ${placed.order}`, {
        provider_order_id: placed.order,
      });
      return 'submitted';
    } catch (error) {
      if (error instanceof ProviderError) {
        await transition(order, 'PAID', 'ERROR', `refused by ${providerId}: ${error.message}`);
        return 'refused';
      }
      if (error instanceof ProviderUnavailable && surelyNotPlaced(error)) {
        const paidFor = now().getTime() - Date.parse(order.updated_at);
        if (paidFor > giveUpAfterMs) {
          await db
            .updateTable('orders')
            .set({ submit_started_at: null })
            .where('id', '=', order.id)
            .execute();
          await transition(order, 'PAID', 'ERROR', `${providerId} unreachable for too long`);
          logger.error({ order: order.public_id, provider: providerId }, 'gave up on the provider');
          return 'refused';
        }
        const wait = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(order.submit_attempts, 10));
        await db
          .updateTable('orders')
          .set({
            submit_started_at: null,
            next_attempt_at: new Date(now().getTime() + wait).toISOString(),
            ...release,
          })
          .where('id', '=', order.id)
          .execute();
        logger.warn(
          { order: order.public_id, provider: providerId, waitMs: wait },
          'provider unreachable, retrying later',
        );
        return 'retry';
      }
      // the provider may have the order: checking beats sending it twice
      await leaveForCheck(order, error);
      return 'unknown';
    }
  }

  async function apply(order: OrderRow, upstream: UpstreamOrderStatus) {
    const startCount = Number.parseInt(upstream.start_count, 10);
    const remains = Number.parseInt(upstream.remains, 10);
    const changes = {
      start_count: Number.isFinite(startCount) ? startCount : null,
      remains: Number.isFinite(remains) ? remains : null,
      charge: upstream.charge,
    };
    const to: OrderStatus | null =
      upstream.status === 'Completed'
        ? 'COMPLETED'
        : upstream.status === 'Partial'
          ? 'PARTIAL'
          : upstream.status === 'Canceled'
            ? 'CANCELED'
            : null;
    if (to) {
      await transition(order, 'RUNNING', to, `${order.provider_id}: ${upstream.status}`, changes);
      return;
    }
    await db
      .updateTable('orders')
      .set({ ...changes, synced_at: now().toISOString(), ...release })
      .where('id', '=', order.id)
      .execute();
  }

  return {
    /** One round of submitting paid orders. */
    async submitDue(limit = 50) {
      const counts = { submitted: 0, refused: 0, retry: 0, unknown: 0 };
      for (const order of await claim('submit', limit)) counts[await submit(order)] += 1;
      return counts;
    },

    /** One round of asking providers about running orders (multi-status, 100 a call). */
    async syncRunning(limit = 500) {
      const claimed = await claim('sync', limit);
      const byProvider = new Map<string, OrderRow[]>();
      for (const order of claimed) {
        const list = byProvider.get(order.provider_id ?? 'simulator') ?? [];
        list.push(order);
        byProvider.set(order.provider_id ?? 'simulator', list);
      }
      let synced = 0;
      for (const [providerId, orders] of byProvider) {
        const provider = await providerOf(providerId);
        try {
          if (!provider) throw new ProviderUnavailable('status', `no provider ${providerId}`);
          const answers = await provider.statuses(orders.map((order) => order.provider_order_id!));
          for (const order of orders) {
            const answer = answers[order.provider_order_id!];
            if (!answer || 'error' in answer) {
              logger.warn(
                { order: order.public_id, answer },
                'provider has no status for the order',
              );
              await db
                .updateTable('orders')
                .set({ synced_at: now().toISOString(), ...release })
                .where('id', '=', order.id)
                .execute();
              continue;
            }
            await apply(order, answer);
            synced += 1;
          }
        } catch (error) {
          // an unreachable provider: the orders wait for the next round
          logger.warn({ err: error, provider: providerId }, 'status sync failed');
          await db
            .updateTable('orders')
            .set(release)
            .where(
              'id',
              'in',
              orders.map((order) => order.id),
            )
            .execute();
        }
      }
      return { claimed: claimed.length, synced };
    },

    /** An operator's view: one order's history (npm run orders -- status <id>). */
    async history(publicId: string) {
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirst();
      if (!order) return null;
      const events = await db
        .selectFrom('order_events')
        .select(['status', 'note', 'created_at'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      return { order, events };
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
