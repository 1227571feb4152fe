/** Orders and payments as the API shows them (DOMAIN.md Orders, Payments). */

export type OrderStatus =
  | 'CREATED'
  | 'PAID'
  | 'RUNNING'
  | 'COMPLETED'
  | 'PARTIAL'
  | 'CANCELED'
  | 'EXPIRED'
  | 'ERROR';

export interface OrderView {
  /** the public id: the receipt link's handle */
  id: string;
  tag: string;
  link: string;
  quantity: number;
  posts: number | null;
  count: number;
  currency: string;
  /** minor units */
  cost: number;
  discount: number;
  status: OrderStatus;
  test: boolean;
  created_at: string;
}

/** The receipt link's view: the order, whether an account holds it, and its history. */
export interface FollowedOrder extends OrderView {
  owned: boolean;
  history: { status: OrderStatus; note: string | null; created_at: string }[];
}

export type PaymentStatus = 'WAITING' | 'SUCCESS' | 'ERROR';

export interface PaymentView {
  id: string;
  status: PaymentStatus;
  purpose: 'order' | 'deposit';
  amount: number;
  currency: string;
  created_at: string;
  settled_at: string | null;
  order: OrderView | null;
}

/** Orders, payments and async intakes are known outside by 20 random letters and digits. */
export function isPublicId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{20}$/.test(value);
}

/** The service page of an order's tag (`INSTAGRAM_STORY_VIEWS_MULTI` → `instagram-story-views`). */
export function pageOfTag(tag: string): string {
  return tag.replace('_MULTI', '').toLowerCase().replaceAll('_', '-');
}
