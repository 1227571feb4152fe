/** Resellers' status webhooks: what /cp/api/ shows and the API answers. */

/** The header each delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Boostly-Signature';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Deliveries the page lists (the newest). */
export const WEBHOOK_LOG_SIZE = 20;

export interface WebhookEndpointView {
  url: string;
  /** signs every delivery; shown to its owner, who checks signatures with it */
  secret: string;
  created_at: string;
  updated_at: string;
}

export type WebhookDeliveryState = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface WebhookDeliveryView {
  /** the event's id (`evt_…`), the same in every attempt */
  id: string;
  /** `order.status` or `test` */
  type: string;
  state: WebhookDeliveryState;
  attempts: number;
  /** the receiver's HTTP status at the last attempt, or null (no answer) */
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  /** when the next attempt is due (pending only) */
  next_attempt_at: string | null;
  /** the order and its status word, for an order event */
  order: number | null;
  status: string | null;
}

/** GET user/webhook: the endpoint (null: none set) and its latest deliveries. */
export interface WebhookPage {
  endpoint: WebhookEndpointView | null;
  deliveries: WebhookDeliveryView[];
}
