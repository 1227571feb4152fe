import type { Locale } from '#shared/locales.ts';
import { deliveredOf, type OrderView, type PlacedOrder } from '#shared/orders.ts';
import type { PublicUser } from '#shared/user.ts';
import type { OrderIntakeRow, OrderRow } from './orders.table.ts';

export type { OrderView, PlacedOrder };

/** An order as the API shows it. */
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

/**
 * How much of an order is delivered, as its buyer sees it (the cabinet and the receipt link):
 * a `_MULTI` order is as far as its rows together; `progress` is 0..1 to three places.
 */
export function deliveryOf(
  row: OrderRow,
  rows: readonly OrderRow[],
): { delivered: number; progress: number } {
  const leaves = rows.length ? rows : [row];
  const count = leaves.reduce((sum, leaf) => sum + leaf.count, 0);
  const delivered = leaves.reduce((sum, leaf) => sum + deliveredOf(leaf), 0);
  return { delivered, progress: count > 0 ? Math.round((delivered / count) * 1000) / 1000 : 0 };
}

/** A row's units still to deliver: as its provider said, else all of them unless completed. */
const remainsOf = (row: OrderRow) => row.remains ?? (row.status === 'COMPLETED' ? 0 : row.count);

/**
 * How far an order is, as the reseller protocol tells it: an order with rows (`_MULTI` links,
 * drip-feed runs, a subscription's post orders) is as far as its rows together, a row its
 * provider has not spoken of yet counting whole; refunds of the order and of its rows.
 */
export function progressOf(row: OrderRow, rows: readonly OrderRow[]) {
  const remains = rows.length
    ? rows.reduce((sum, child) => sum + remainsOf(child), 0)
    : row.remains;
  return {
    status: row.status,
    start_count: row.start_count,
    remains,
    count: row.count,
    cost: Number(row.cost),
    refunded: [row, ...rows].reduce((sum, each) => sum + Number(each.refunded ?? 0), 0),
    currency: row.currency,
  };
}

/** Who orders, from where: the request's context as placing an order needs it. */
export interface OrderContext {
  user: PublicUser | null;
  lang: Locale;
  country: string;
  /** the page the buyer returns to after the gateway */
  returnPath: string;
  /** a guest's referral code (cookie), kept for when they sign up and claim the order */
  refCode?: string | null;
}

/** An async order as c_orders/async answers it: queued, then the placed order or the error. */
export interface IntakeView {
  id: string;
  status: 'QUEUED' | 'PROCESSING' | 'DONE' | 'FAILED';
  order: OrderView | null;
  payment: { id: string; status: string } | null;
  redirect: string | null;
  error: string | null;
}

export function toIntakeView(
  row: Pick<OrderIntakeRow, 'public_id' | 'status' | 'result' | 'error'>,
): IntakeView {
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
