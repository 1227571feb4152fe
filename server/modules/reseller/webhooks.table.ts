import type { Generated, Selectable } from 'kysely';

/** A reseller's status webhook: where to POST, and the secret the bodies are signed with. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  /** `whsec_…`: kept as it is, since every delivery is signed with it */
  secret: string;
  created_at: string;
  updated_at: string;
}

export type WebhookState = 'PENDING' | 'DELIVERED' | 'FAILED';

/**
 * One event to deliver (the outbox: written in the transaction of the change it tells of,
 * sent by the worker, at least once) and what became of its attempts.
 */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  user_id: number;
  /** `evt_…`: the same in every attempt, so a receiver can drop repeats */
  event_id: string;
  type: string;
  /** the exact JSON body every attempt sends (and signs) */
  body: string;
  state: WebhookState;
  attempts: number;
  /** when the next attempt is due; while one is under way, when its lease ends */
  next_attempt_at: string;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
