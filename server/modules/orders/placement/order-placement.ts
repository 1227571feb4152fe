import { AppError } from '#server/lib/app-error.ts';
import type { OrderInput } from '#shared/schemas/orders.schemas.ts';
import { type OrderContext, type PlacedOrder, toOrderView } from '../order-views.ts';
import type { OrderRow } from '../orders.table.ts';
import { ORDER_ERRORS } from './order-checks.ts';
import { persisted, persistIn } from './order-persist.ts';
import type { PlacementDeps } from './order-placement-deps.ts';
import { type PricedOrder, priced } from './order-pricing.ts';
import { receiptSender } from './order-receipts.ts';
import { type ValidatedOrder, validated } from './order-validation.ts';

export { ORDER_ERRORS, type PlacementDeps };

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

/** What `place` and `placeMany` are made with: the deps and the receipt sender made from them. */
export interface PlacementContext extends PlacementDeps {
  sendReceipt: ReturnType<typeof receiptSender>;
}

/**
 * An order: validate → price → persist → checkout (the gateway's page,
 * or, paid from the balance, the receipt).
 */
export async function place(
  ctx: PlacementContext,
  input: OrderInput,
  context: OrderContext,
  { intakeId, ratePer1000 }: { intakeId?: number; ratePer1000?: number } = {},
): Promise<PlacedOrder> {
  const { payments, sendReceipt } = ctx;
  const order = await validated(ctx, input, context);
  const price = await priced(ctx, order, input, context, ratePer1000);
  const placed = await persisted(ctx, order, price, input, context, intakeId);
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
 * A mass order: every line is checked and priced first, each with its own
 * error (a line the caller already refused keeps its own); only when all pass are they
 * written, in one transaction, so a balance short of the total places none of them. Each
 * placed order's receipt goes out after the commit, as `place` sends it.
 */
export async function placeMany(
  ctx: PlacementContext,
  lines: ManyLine[],
  context: OrderContext,
): Promise<ManyOutcome> {
  const { db, catalog, sendReceipt } = ctx;
  const refused: { index: number; error: string }[] = [];
  const ready: {
    order: ValidatedOrder;
    price: PricedOrder;
    input: OrderInput;
    serviceId: number;
  }[] = [];
  for (const [index, line] of lines.entries()) {
    if ('refused' in line) {
      refused.push({ index, error: line.refused });
      continue;
    }
    try {
      const order = await validated(ctx, line.input, context);
      const price = await priced(ctx, order, line.input, context, line.ratePer1000);
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
          (await persistIn(ctx, trx, serviceId, order, price, input, context, undefined)).order,
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

/**
 * Orders (docs/architecture.md, orders): everything the form sent is checked again here, the cost is computed
 * here, and the order (with its `_MULTI` rows), its first history row and its payment or
 * balance debit are written in one transaction before anyone is told.
 */
export function createOrderPlacement(deps: PlacementDeps) {
  const { catalog, mailer, publicUrl, logger } = deps;
  const ctx: PlacementContext = {
    ...deps,
    sendReceipt: receiptSender({ catalog, mailer, publicUrl, logger }),
  };
  return Object.freeze({
    place: (
      input: OrderInput,
      context: OrderContext,
      options?: { intakeId?: number; ratePer1000?: number },
    ) => place(ctx, input, context, options),
    placeMany: (lines: ManyLine[], context: OrderContext) => placeMany(ctx, lines, context),
    sendReceipt: ctx.sendReceipt,
  });
}
