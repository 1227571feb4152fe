import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import { CLIENTS } from '#shared/catalog.ts';
import { FINAL_ORDER_STATUSES } from '#shared/orders.ts';
import type {
  StaffOrderDetail,
  StaffOrderRow,
  StaffPage,
  StaffServiceNames,
} from '#shared/staff.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import { ledger } from '../../ledger/ledger.service.ts';
import { staffUserReads } from '../../users/users.service.ts';
import { completionTimes } from '../buyer/own-orders.repository.ts';
import type { OwnOrders } from '../buyer/own-orders.ts';
import type { OrderLifecycle } from '../lifecycle/order-lifecycle.ts';
import type { Subscriptions } from '../lifecycle/subscriptions.ts';
import { eventsOf, orderById, rowsOf } from '../orders.repository.ts';
import type { OrderRow, OrderStatus } from '../orders.table.ts';
import type { OrderUpstream } from '../work/order-upstream.ts';
import { countsByStatus, paidByDay, quietOrders } from './order-stats.repository.ts';
import { rowCounts, type StaffOrderFilter, searchOrders } from './staff-orders.repository.ts';

/**
 * Orders as the staff console reads them: every buyer's, found by number, public id, provider
 * order id, link, e-mail or buyer; an order's rows, history and ledger rows; the dashboard's
 * figures; and the audited transaction each staff action writes in.
 */

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
export const snapshot = (row: OrderRow) => ({
  status: row.status,
  remains: row.remains,
  refunded: Number(row.refunded ?? 0),
  needs_check: Boolean(row.needs_check),
  provider_id: row.provider_id,
});

/** What the staff console's orders work with. */
export interface StaffOrdersDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  subscriptions: Subscriptions;
  catalog: CatalogService;
  own: OwnOrders;
  upstream: OrderUpstream;
  now: () => Date;
}

/**
 * Services' names in the console's languages, by tag, from the catalogue's snapshot (a
 * service sold to neither client has none; a name that is only the tag is none).
 */
export async function serviceNames({
  catalog,
}: StaffOrdersDeps): Promise<Map<string, StaffServiceNames>> {
  const names = new Map<string, StaffServiceNames>();
  for (const lang of ['ru', 'en'] as const)
    for (const client of CLIENTS)
      for (const view of await catalog.services({ client, lang }, { staff: true, level: 1 }))
        if (view.name && view.name !== view.tag)
          names.set(view.tag, { ...names.get(view.tag), [lang]: view.name });
  return names;
}

export async function rowsView(deps: StaffOrdersDeps, rows: OrderRow[]): Promise<StaffOrderRow[]> {
  const { db } = deps;
  const services = rows.length ? await serviceNames(deps) : new Map<string, StaffServiceNames>();
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

export async function found({ db }: Pick<StaffOrdersDeps, 'db'>, id: number): Promise<OrderRow> {
  const row = await orderById(db, id);
  if (!row || row.parent_id !== null) throw new AppError(STAFF_ORDER_ERRORS.notFound, 404);
  return row;
}

export const canResend = (row: OrderRow) => row.status === 'PAID' && row.provider_order_id === null;
const canRefill = (row: OrderRow) =>
  (row.status === 'COMPLETED' || row.status === 'PARTIAL') && row.user_id !== null;
const ended = (status: OrderStatus) => FINAL_ORDER_STATUSES.includes(status);

/** An order as the console shows it: its rows, history, ledger rows and the actions open. */
export async function detail(deps: StaffOrdersDeps, id: number): Promise<StaffOrderDetail> {
  const { db } = deps;
  const row = await found(deps, id);
  const children = await rowsOf(db, [row.id]);
  const [view] = await rowsView(deps, [row]);
  const ledgerRows = await ledger.rowsOfOrders(db, [row.id]);
  const leaves = children.length ? children : [row];
  return {
    ...view!,
    children: await rowsView(deps, children),
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
export async function act(
  deps: StaffOrdersDeps,
  order: OrderRow,
  note: StaffNote,
  action: string,
  known: OrderRow | undefined,
  work: (trx: Db, at: string) => Promise<void>,
) {
  const { db, now } = deps;
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
  return detail(deps, order.id);
}

/** Every buyer's orders, found as the console's filter says. */
export async function listStaffOrders(
  deps: StaffOrdersDeps,
  filter: Omit<StaffOrderFilter, 'userIds'>,
  paging: { page: number; limit: number },
): Promise<StaffPage<StaffOrderRow>> {
  const { db } = deps;
  const userIds = filter.q ? await staffUserReads.idsMatching(db, filter.q) : [];
  const { rows, total } = await searchOrders(db, { ...filter, userIds }, paging);
  return { items: await rowsView(deps, rows), meta: { total, ...paging } };
}

/**
 * The dashboard's orders: paid per day and currency since `since`, counts by status, and
 * the stuck ones: paid or running with no change for twice their service's usual time
 * (its average from paid to completed), at least `quietMs`.
 */
export async function orderStats(deps: StaffOrdersDeps, since: string, quietMs: number) {
  const { db, now } = deps;
  const at = now().getTime();
  const quiet = await quietOrders(db, new Date(at - quietMs).toISOString());
  const usual = new Map<string, number>();
  for (const tag of new Set(quiet.map((row) => row.tag))) {
    const spans = (await completionTimes(db, tag, 200)).flatMap(({ paid_at, completed_at }) =>
      paid_at && completed_at ? [Date.parse(completed_at) - Date.parse(paid_at)] : [],
    );
    usual.set(tag, spans.length ? spans.reduce((sum, span) => sum + span, 0) / spans.length : 0);
  }
  const stuck = quiet.filter(
    (row) => at - Date.parse(row.updated_at) > Math.max(quietMs, 2 * (usual.get(row.tag) ?? 0)),
  );
  return {
    paid: await paidByDay(db, since),
    byStatus: await countsByStatus(db),
    stuck: await rowsView(
      deps,
      stuck.filter((row) => row.parent_id === null),
    ),
    stuckRows: stuck.filter((row) => row.parent_id !== null).length,
  };
}
