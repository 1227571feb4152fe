import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_LOG_SIZE,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '#shared/webhooks.ts';
import type { Db } from '../../db/database.ts';
import type { WebhookSender } from '../../integrations/webhooks/webhook-sender.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { webhookAttempts } from '../../lib/metrics.ts';
import { checkTargetUrl } from '../../lib/public-address.ts';
import type { OrderStatusChange } from '../orders/orders.service.ts';
import { panelOrderStatus, panelStatus } from './panel-words.ts';
import {
  claimDue,
  countPending,
  deleteEndedBefore,
  deleteEndpoint,
  deliveriesOf,
  endpointOf,
  insertDelivery,
  putEndpoint,
  recordAttempt,
  setSecret,
} from './webhooks.repository.ts';
import type { WebhookDeliveryRow } from './webhooks.table.ts';

/** Deliveries are retried for this long after the event, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
/** Waits after the 1st, 2nd, … failed attempt (the last repeats until the window ends). */
export const WEBHOOK_BACKOFF_MS = [
  60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 14_400_000,
  21_600_000,
];
/** Test events a user may have waiting at once (the button is not a way to flood a URL). */
const MAX_QUEUED_TESTS = 3;
/** Ended deliveries are kept this long for the page's log. */
const KEEP_MS = 30 * 24 * 3_600_000;

export const WEBHOOK_ERRORS = {
  url: 'Enter a full http:// or https:// URL',
  scheme: 'The webhook URL must start with http:// or https://',
  credentials: 'Put no user name or password in the webhook URL',
  private: 'The webhook URL must point to a public address',
  none: 'Set a webhook URL first',
  tests: 'Wait until the test events already queued have been sent',
} as const;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as Stripe signs. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

const toView = (row: WebhookDeliveryRow): WebhookDeliveryView => {
  let data: { order?: unknown; status?: unknown } = {};
  try {
    data = (JSON.parse(row.body) as { data?: typeof data }).data ?? {};
  } catch {
    // a body is always our own JSON; a broken one still lists
  }
  return {
    id: row.event_id,
    type: row.type,
    state: row.state,
    attempts: row.attempts,
    last_status: row.last_status,
    last_error: row.last_error,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
    next_attempt_at: row.state === 'PENDING' ? row.next_attempt_at : null,
    order: typeof data.order === 'number' ? data.order : null,
    status: typeof data.status === 'string' ? data.status : null,
  };
};

/** What createWebhooksService is made with. */
export interface WebhooksDeps {
  db: Db;
  send: WebhookSender;
  allowPrivate: boolean;
  logger: Logger;
  now?: () => Date;
}

/** What the functions below work with: the dependencies. */
export function webhooksContext({
  db,
  send,
  allowPrivate,
  logger,
  now = () => new Date(),
}: WebhooksDeps) {
  return { db, send, allowPrivate, logger, now };
}

export type WebhooksContext = ReturnType<typeof webhooksContext>;

export function newSecret() {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
}

export async function enqueue(trx: Db, userId: number, type: string, data: object, at: string) {
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({ id: eventId, type, created: at, data });
  await insertDelivery(trx, { user_id: userId, event_id: eventId, type, body, at });
}

export async function endpoint(
  { db }: WebhooksContext,
  userId: number,
): Promise<WebhookEndpointView | null> {
  const row = await endpointOf(db, userId);
  return row
    ? { url: row.url, secret: row.secret, created_at: row.created_at, updated_at: row.updated_at }
    : null;
}

/** One attempt of one claimed delivery, and what it leaves for the next. */
export async function attempt(
  { db, send, logger, now }: WebhooksContext,
  row: WebhookDeliveryRow,
  target: Awaited<ReturnType<typeof endpointOf>>,
): Promise<boolean> {
  const at = now();
  const outcome = target
    ? await send(target.url, row.body, {
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(target.secret, row.body, at),
        'Boostly-Event-Id': row.event_id,
      })
    : { error: 'no webhook URL is set' };
  const ok = 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
  const wait = WEBHOOK_BACKOFF_MS[Math.min(row.attempts, WEBHOOK_BACKOFF_MS.length) - 1]!;
  const next = now().getTime() + wait;
  const over = !target || next > Date.parse(row.created_at) + WEBHOOK_RETRY_WINDOW_MS;
  await recordAttempt(db, row.id, {
    state: ok ? 'DELIVERED' : over ? 'FAILED' : 'PENDING',
    last_status: 'status' in outcome ? outcome.status : null,
    last_error: ok ? null : 'error' in outcome ? outcome.error.slice(0, 300) : null,
    next_attempt_at: new Date(next).toISOString(),
    delivered_at: ok ? now().toISOString() : null,
  });
  webhookAttempts.inc({ result: ok ? 'delivered' : over ? 'given_up' : 'failed' });
  if (!ok)
    logger.info(
      { event: row.event_id, attempt: row.attempts, ...outcome, givenUp: over },
      'webhook not delivered',
    );
  return ok;
}

/** Sets where events go; a first URL gets a new signing secret. Answers the endpoint. */
export async function setUrl(
  ctx: WebhooksContext,
  userId: number,
  raw: unknown,
): Promise<WebhookEndpointView> {
  const { db, allowPrivate, now } = ctx;
  const checked = checkTargetUrl(typeof raw === 'string' ? raw.trim() : '', { allowPrivate });
  if ('refused' in checked) throw new AppError(WEBHOOK_ERRORS[checked.refused], 400);
  await putEndpoint(db, {
    user_id: userId,
    url: checked.url.href,
    secret: newSecret(),
    at: now().toISOString(),
  });
  return (await endpoint(ctx, userId))!;
}

/** A new signing secret; the old one signs nothing from now on. */
export async function rollSecret(
  ctx: WebhooksContext,
  userId: number,
): Promise<WebhookEndpointView> {
  const { db, now } = ctx;
  if (!(await setSecret(db, userId, newSecret(), now().toISOString())))
    throw new AppError(WEBHOOK_ERRORS.none, 404);
  return (await endpoint(ctx, userId))!;
}

/** Stops the webhooks; what is still pending fails at its next attempt. */
export async function remove({ db }: WebhooksContext, userId: number): Promise<boolean> {
  return deleteEndpoint(db, userId);
}

export async function deliveries(
  { db }: WebhooksContext,
  userId: number,
): Promise<WebhookDeliveryView[]> {
  return (await deliveriesOf(db, userId, WEBHOOK_LOG_SIZE)).map(toView);
}

/** "Send test event": queued like any other, delivered by the worker. */
export async function sendTest({ db, now }: WebhooksContext, userId: number): Promise<void> {
  if (!(await endpointOf(db, userId))) throw new AppError(WEBHOOK_ERRORS.none, 409);
  if ((await countPending(db, userId, 'test')) >= MAX_QUEUED_TESTS)
    throw new AppError(WEBHOOK_ERRORS.tests, 429);
  const at = now().toISOString();
  await enqueue(db, userId, 'test', { message: 'This is a test event' }, at);
}

/**
 * The orders lifecycle's listener: a change of the protocol's status word becomes an
 * `order.status` event, in the caller's transaction (so it exists exactly when the change
 * does). Users without a webhook URL cost one indexed read.
 */
export async function orderChanged(trx: Db, change: OrderStatusChange): Promise<void> {
  const status = panelStatus(change.now);
  if (status === panelStatus(change.previous)) return;
  if (!(await endpointOf(trx, change.userId))) return;
  await enqueue(
    trx,
    change.userId,
    'order.status',
    { order: change.order, ...panelOrderStatus(change.now) },
    change.at,
  );
}

/**
 * The worker's job: one attempt for each due delivery. Receivers are served side by side
 * (a slow one holds the round for about one timeout); one receiver's events go one after
 * the other, oldest first, so they arrive in order unless a retry intervenes.
 */
export async function deliverDue(ctx: WebhooksContext, { limit = 25 }: { limit?: number } = {}) {
  const { db, now } = ctx;
  const at = now();
  const claimed = await claimDue(db, {
    at: at.toISOString(),
    // longer than one attempt can take: a worker that dies leaves it due again
    leaseUntil: new Date(at.getTime() + 5 * 60_000).toISOString(),
    limit,
  });
  const byUser = new Map<number, WebhookDeliveryRow[]>();
  for (const row of [...claimed].sort((a, b) => a.id - b.id))
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  let delivered = 0;
  await Promise.all(
    [...byUser].map(async ([userId, rows]) => {
      // the receiver's URL and secret, read once for its events of this round
      const target = await endpointOf(db, userId);
      for (const row of rows) if (await attempt(ctx, row, target)) delivered++;
    }),
  );
  return { attempted: claimed.length, delivered };
}

export function forgetOld({ db, now }: WebhooksContext): Promise<number> {
  return deleteEndedBefore(db, new Date(now().getTime() - KEEP_MS).toISOString());
}

/**
 * Resellers' status webhooks: the endpoint a reseller sets on /cp/api/, the events
 * written as outbox rows in the transaction of the change they tell of, and their delivery by
 * the worker (signed, retried with backoff for 24 hours, at least once, SSRF-safe).
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const ctx = webhooksContext(deps);
  return Object.freeze({
    endpoint: (userId: number) => endpoint(ctx, userId),
    setUrl: (userId: number, raw: unknown) => setUrl(ctx, userId, raw),
    rollSecret: (userId: number) => rollSecret(ctx, userId),
    remove: (userId: number) => remove(ctx, userId),
    deliveries: (userId: number) => deliveries(ctx, userId),
    sendTest: (userId: number) => sendTest(ctx, userId),
    orderChanged: (trx: Db, change: OrderStatusChange) => orderChanged(trx, change),
    deliverDue: (options?: { limit?: number }) => deliverDue(ctx, options),
    forgetOld: () => forgetOld(ctx),
  });
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
