import { CLIENTS } from '../../../shared/catalog.ts';
import { FINAL_ORDER_STATUSES } from '../../../shared/orders.ts';
import type {
  StaffOrderDetail,
  StaffOrderRow,
  StaffPage,
  StaffServiceNames,
} from '../../../shared/staff.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { ledger } from '../ledger/ledger.service.ts';
import { staffUserReads } from '../users/users.service.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import {
  countsByStatus,
  lastOrderChange,
  paidByDay,
  quietOrders,
} from './order-stats.repository.ts';
import type { OrderUpstream } from './order-upstream.ts';
import { eventsOf, orderById } from './orders.repository.ts';
import type { OrderRow, OrderStatus } from './orders.table.ts';
import { completionTimes, rowsOf } from './own-orders.repository.ts';
import type { OwnOrders } from './own-orders.ts';
import {
  clearSubmit,
  rowCounts,
  type StaffOrderFilter,
  searchOrders,
  switchProvider,
} from './staff-orders.repository.ts';
import { isWatching, type Subscriptions } from './subscriptions.ts';

export const STAFF_ORDER_ERRORS = {
  notFound: 'Order not found',
  resend: 'Only a paid order not yet taken by its provider can be sent again',
  cancel: 'This order has ended already',
  partial: 'Only a running order can be marked partial',
  delivered: 'The delivered count is less than the order’s count',
  provider: 'This service is not sold by that provider: choose its main or fallback provider',
  refillGuest: 'A guest’s order is refilled from its receipt link',
} as const;

/** Writes the audit row of a staff change inside the change's transaction. */
export type StaffNote = (
  trx: Db,
  entry: { action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

/** What the audit log keeps of an order: the fields a staff action may change. */
const snapshot = (row: OrderRow) => ({
  status: row.status,
  remains: row.remains,
  refunded: Number(row.refunded ?? 0),
  needs_check: Boolean(row.needs_check),
  provider_id: row.provider_id,
});

export type StaffOrders = ReturnType<typeof createStaffOrders>;

/**
 * Orders as the staff console works on them (issue 33): every buyer's, found by number,
 * public id, provider order id, link, e-mail or buyer; an order's rows, history and ledger
 * rows; and the staff actions, each through the lifecycle (refunds through the ledger there)
 * with its audit row in the same transaction.
 */
export function createStaffOrders({
  db,
  lifecycle,
  subscriptions,
  catalog,
  own,
  upstream,
  now,
}: {
  db: Db;
  lifecycle: OrderLifecycle;
  subscriptions: Subscriptions;
  catalog: CatalogService;
  own: OwnOrders;
  upstream: OrderUpstream;
  now: () => Date;
}) {
  /**
   * A staff cancel asks the provider to stop a running row where its service offers a cancel,
   * so the shop does not pay for what it refunds; the refund does not wait on the answer
   * (staff decided), which the row's history keeps.
   */
  async function cancelUpstream(row: OrderRow): Promise<string> {
    if (row.status !== 'RUNNING' || !row.provider_order_id) return '';
    if (!(await upstream.allows(row, 'cancel'))) return '; the provider offers no cancel';
    const answer = await upstream.cancel(row);
    return answer.ok
      ? '; canceled at the provider'
      : `; the provider did not cancel: ${answer.message}`;
  }

  /**
   * Services' names in the console's languages, by tag, from the catalogue's snapshot (a
   * service sold to neither client has none; a name that is only the tag is none).
   */
  async function serviceNames(): Promise<Map<string, StaffServiceNames>> {
    const names = new Map<string, StaffServiceNames>();
    for (const lang of ['ru', 'en'] as const)
      for (const client of CLIENTS)
        for (const view of await catalog.services({ client, lang }, { staff: true, level: 1 }))
          if (view.name && view.name !== view.tag)
            names.set(view.tag, { ...names.get(view.tag), [lang]: view.name });
    return names;
  }

  async function rowsView(rows: OrderRow[]): Promise<StaffOrderRow[]> {
    const services = rows.length ? await serviceNames() : new Map<string, StaffServiceNames>();
    const names = new Map(
      (
        await staffUserReads.namesOf(
          db,
          rows.flatMap((row) => (row.user_id ? [row.user_id] : [])),
        )
      ).map((user) => [user.id, user]),
    );
    const counts = await rowCounts(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      public_id: row.public_id,
      user: row.user_id ? (names.get(row.user_id) ?? null) : null,
      email: row.email,
      tag: row.tag,
      service_names: services.get(row.tag) ?? {},
      link: row.link,
      count: row.count,
      cost: Number(row.cost),
      refunded: Number(row.refunded ?? 0),
      currency: row.currency,
      status: row.status,
      provider_id: row.provider_id,
      provider_order_id: row.provider_order_id,
      start_count: row.start_count,
      remains: row.remains,
      needs_check: Boolean(row.needs_check),
      rows: counts.get(row.id) ?? 0,
      created_at: row.created_at,
      updated_at: row.updated_at,
    }));
  }

  async function found(id: number): Promise<OrderRow> {
    const row = await orderById(db, id);
    if (!row || row.parent_id !== null) throw new AppError(STAFF_ORDER_ERRORS.notFound, 404);
    return row;
  }

  const canResend = (row: OrderRow) => row.status === 'PAID' && row.provider_order_id === null;
  const canRefill = (row: OrderRow) =>
    (row.status === 'COMPLETED' || row.status === 'PARTIAL') && row.user_id !== null;
  const ended = (status: OrderStatus) => FINAL_ORDER_STATUSES.includes(status);

  async function detail(id: number): Promise<StaffOrderDetail> {
    const row = await found(id);
    const children = await rowsOf(db, [row.id]);
    const [view] = await rowsView([row]);
    const ledgerRows = await ledger.rowsOfOrders(db, [row.id]);
    const leaves = children.length ? children : [row];
    return {
      ...view!,
      children: await rowsView(children),
      history: (await eventsOf(db, row.id)).map((event) => ({
        status: event.status,
        note: event.note,
        created_at: event.created_at,
      })),
      ledger: ledgerRows.map((entry) => ({
        id: entry.id,
        group: entry.group,
        amount: Number(entry.amount),
        currency: entry.currency,
        note: entry.note,
        created_at: entry.created_at,
      })),
      actions: {
        resend: leaves.some(canResend),
        cancel:
          (row.status === 'PAID' || row.status === 'RUNNING') &&
          leaves.some((leaf) => !ended(leaf.status)),
        partial: !children.length && row.status === 'RUNNING',
        switch: leaves.some(canResend),
        refill: !children.length && canRefill(row) && row.provider_order_id !== null,
      },
    };
  }

  /** A staff change and its audit row (the order before and after) in one transaction. */
  async function act(
    order: OrderRow,
    note: StaffNote,
    action: string,
    known: OrderRow | undefined,
    work: (trx: Db, at: string) => Promise<void>,
  ) {
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      const before = known ?? (await orderById(trx, order.id));
      await work(trx, at);
      const after = await orderById(trx, order.id);
      await note(trx, {
        action,
        target: `order:${order.id}`,
        before: before && snapshot(before),
        after: after && snapshot(after),
      });
    });
    return detail(order.id);
  }

  return {
    async list(
      filter: Omit<StaffOrderFilter, 'userIds'>,
      paging: { page: number; limit: number },
    ): Promise<StaffPage<StaffOrderRow>> {
      const userIds = filter.q ? await staffUserReads.idsMatching(db, filter.q) : [];
      const { rows, total } = await searchOrders(db, { ...filter, userIds }, paging);
      return { items: await rowsView(rows), meta: { total, ...paging } };
    },

    detail,

    /** A service's names in the console's languages (a payment's order shows them). */
    async namesOf(tag: string): Promise<StaffServiceNames> {
      return (await serviceNames()).get(tag) ?? {};
    },

    /**
     * The dashboard's orders: paid per day and currency since `since`, counts by status, and
     * the stuck ones: paid or running with no change for twice their service's usual time
     * (its average from paid to completed), at least `quietMs`.
     */
    async stats(since: string, quietMs: number) {
      const at = now().getTime();
      const quiet = await quietOrders(db, new Date(at - quietMs).toISOString());
      const usual = new Map<string, number>();
      for (const tag of new Set(quiet.map((row) => row.tag))) {
        const spans = (await completionTimes(db, tag, 200)).flatMap(({ paid_at, completed_at }) =>
          paid_at && completed_at ? [Date.parse(completed_at) - Date.parse(paid_at)] : [],
        );
        usual.set(
          tag,
          spans.length ? spans.reduce((sum, span) => sum + span, 0) / spans.length : 0,
        );
      }
      const stuck = quiet.filter(
        (row) => at - Date.parse(row.updated_at) > Math.max(quietMs, 2 * (usual.get(row.tag) ?? 0)),
      );
      return {
        paid: await paidByDay(db, since),
        byStatus: await countsByStatus(db),
        stuck: await rowsView(stuck.filter((row) => row.parent_id === null)),
        stuckRows: stuck.filter((row) => row.parent_id !== null).length,
      };
    },

    /** When any order last changed (the live dashboard asks whether to refresh). */
    lastChange: () => lastOrderChange(db),

    /**
     * A paid order not yet taken by its provider goes to another of its service's providers
     * (its main or fallback one) in the worker's next round.
     */
    async switchProvider(id: number, providerId: string, note: StaffNote) {
      const order = await found(id);
      const mapping = await catalog.providerOf(order.service_id);
      const offered = [mapping?.provider_id ?? 'simulator', mapping?.fallback_provider_id];
      if (!offered.includes(providerId)) throw new AppError(STAFF_ORDER_ERRORS.provider, 400);
      const leaves = (await rowsOf(db, [order.id])).filter(canResend);
      const targets = leaves.length ? leaves : canResend(order) ? [order] : [];
      if (!targets.length) throw new AppError(STAFF_ORDER_ERRORS.resend, 409);
      return act(order, note, 'order.provider', undefined, async (trx, at) => {
        for (const leaf of targets) {
          await switchProvider(trx, leaf.id, providerId, at);
          await lifecycle.record(trx, [leaf.id], 'PAID', at, `switched to ${providerId} by staff`);
        }
      });
    },

    /** A completed or partial order is refilled by its provider, as its buyer may ask. */
    async refill(id: number, note: StaffNote) {
      const order = await found(id);
      if (order.user_id === null) throw new AppError(STAFF_ORDER_ERRORS.refillGuest, 409);
      // once the provider took it, the refill's row and the audit row (who asked) are one write
      await own.refill(order.public_id, order.user_id, (trx) =>
        note(trx, {
          action: 'order.refill',
          target: `order:${order.id}`,
          before: snapshot(order),
          after: snapshot(order),
        }),
      );
      return detail(order.id);
    },

    /** A paid order (or row) stuck before its provider (left for a check, retrying) goes again. */
    async resend(id: number, note: StaffNote) {
      const order = await found(id);
      const leaves = (await rowsOf(db, [order.id])).filter(canResend);
      const targets = leaves.length ? leaves : canResend(order) ? [order] : [];
      if (!targets.length) throw new AppError(STAFF_ORDER_ERRORS.resend, 409);
      return act(order, note, 'order.resend', undefined, async (trx, at) => {
        for (const leaf of targets) {
          await clearSubmit(trx, leaf.id, at);
          await lifecycle.record(trx, [leaf.id], 'PAID', at, 'sent again by staff');
        }
      });
    },

    /**
     * Ends an order (its rows still open) as CANCELED: what was not delivered comes back
     * through the lifecycle's refund. A provider still delivering is not asked (staff decide).
     */
    async cancel(id: number, note: StaffNote) {
      const order = await found(id);
      if (order.status !== 'PAID' && order.status !== 'RUNNING')
        throw new AppError(STAFF_ORDER_ERRORS.cancel, 409);
      // a watching subscription stops first: its unused posts and unsent post orders come back
      const before = await orderById(db, order.id);
      if (isWatching((await subscriptions.of([order.id])).get(order.id)))
        await subscriptions.cancel(order.id);
      const children = await rowsOf(db, [order.id]);
      const leaves = (children.length ? children : [order]).filter(
        (leaf) => leaf.status === 'PAID' || leaf.status === 'RUNNING',
      );
      const upstreamNotes = await Promise.all(leaves.map(cancelUpstream));
      return act(order, note, 'order.cancel', before, async (trx, at) => {
        for (const [index, leaf] of leaves.entries())
          await lifecycle.transition(trx, {
            ids: [leaf.id],
            from: leaf.status as 'PAID' | 'RUNNING',
            to: 'CANCELED',
            at,
            note: `canceled by staff, refunded${upstreamNotes[index]}`,
          });
      });
    },

    /** A running order ends PARTIAL with `delivered` units: the rest comes back. */
    async partial(id: number, delivered: number, note: StaffNote) {
      const order = await found(id);
      if (order.status !== 'RUNNING' || (await rowsOf(db, [order.id])).length)
        throw new AppError(STAFF_ORDER_ERRORS.partial, 409);
      if (delivered >= order.count) throw new AppError(STAFF_ORDER_ERRORS.delivered, 400);
      return act(order, note, 'order.partial', undefined, async (trx, at) => {
        await lifecycle.transition(trx, {
          ids: [order.id],
          from: 'RUNNING',
          to: 'PARTIAL',
          at,
          note: `marked partial by staff: ${delivered} delivered`,
          set: { remains: order.count - delivered },
        });
      });
    },
  };
}
