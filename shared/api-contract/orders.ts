import type { MassOrderPlaced, MassService } from '../mass-orders.ts';
import type {
  AverageTimeView,
  DepositStarted,
  FollowedOrder,
  OrdersPage,
  OwnOrderView,
  PaymentView,
  PlacedOrder,
} from '../orders.ts';
import { massOrderBody } from '../schemas/mass-orders.schemas.ts';
import {
  averageTimeQuery,
  depositSchema,
  orderSchema,
  ordersListQuery,
} from '../schemas/orders.schemas.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

export type { DepositInput } from '../schemas/orders.schemas.ts';

/** GET payment/{id}/ecommerce: a settled payment as analytics' purchase event. */
export interface PurchaseView {
  transaction_id: string;
  value: number;
  currency: string;
  items: { item_id: string; item_variant?: string; quantity: number; price: number }[];
}

/** docs/api.md: Orders (orders.routes.ts) and Payments (payments.routes.ts). */
export const ORDERS_API = {
  'POST c_orders/main': {
    body: checked(orderSchema),
    answer: typed<PlacedOrder>(),
  },
  // the cabinet's mass order: one order a line, all placed or none
  'POST c_orders/mass': {
    body: checked(massOrderBody),
    answer: typed<MassOrderPlaced>(),
  },
  'GET c_orders/mass/services': { answer: typed<MassService[]>() },
  'GET c_orders': {
    query: checked(ordersListQuery),
    answer: typed<OrdersPage>(),
  },
  'GET c_orders/average_time': {
    query: checked(averageTimeQuery),
    answer: typed<AverageTimeView>(),
  },
  // the receipt link: whoever holds the id may follow the order
  'GET c_orders/:id': { answer: typed<FollowedOrder>() },
  'POST c_orders/:id/claim': { answer: typed<FollowedOrder>() },
  'POST c_orders/:id/cancel': { answer: typed<OwnOrderView>() },
  'POST c_orders/:id/refill': { answer: typed<OwnOrderView>() },
  'POST deposit': {
    body: checked(depositSchema),
    answer: typed<DepositStarted>(),
  },
  'GET payment/:id': { answer: typed<PaymentView>() },
  'GET payment/:id/ecommerce': { answer: typed<PurchaseView>() },
} satisfies Endpoints;
