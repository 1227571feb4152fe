import type { OrderInput } from '#shared/schemas/orders.schemas.ts';
import type { OrderContext } from '../order-views.ts';
import { paymentOf } from './order-payment.ts';
import type { PlacementDeps } from './order-placement-deps.ts';
import type { ValidatedOrder } from './order-validation.ts';

/**
 * Its cost (computed here, never taken from the client) and how it is paid. The reseller
 * API prices linearly, as panels do (docs/api.md, /api/v2): its rate per 1 000 (minor units, after the
 * buyer's level) × count / 1 000, rounded up to the minor unit; everything else by tiers.
 */
export async function priced(
  {
    catalog,
    paymentMethods,
    payments,
  }: Pick<PlacementDeps, 'catalog' | 'paymentMethods' | 'payments'>,
  order: ValidatedOrder,
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

/** An order's cost and how it is paid. */
export type PricedOrder = Awaited<ReturnType<typeof priced>>;
