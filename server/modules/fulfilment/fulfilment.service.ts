import type { OrderStatus } from '#shared/orders.ts';
import {
  ProviderError,
  ProviderUnavailable,
  type SmmProvider,
  type UpstreamOrderStatus,
} from '../../integrations/providers/smm-provider.ts';
import type { Logger } from '../../lib/logger.ts';
import { providerErrors } from '../../lib/metrics.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OrderWork, Progress, WorkOrder } from '../orders/orders.service.ts';

export interface FulfilmentOptions {
  /** names this worker in leases */
  workerId: string;
  /** how long a claimed order stays with its worker */
  leaseMs?: number;
  /** how often a running order is asked about */
  syncEveryMs?: number;
  /** retries of an unreachable provider: first wait, longest wait, and when to give up */
  retryBaseMs?: number;
  retryMaxMs?: number;
  giveUpAfterMs?: number;
}

/** Finds the client of an order's provider (the simulator in process, or a panel over HTTP). */
export type ProviderLookup = (providerId: string) => Promise<SmmProvider | null>;

/** One call an order made to its provider, for the staff console's order page. */
export interface OrderCall {
  orderId: number;
  providerId: string;
  action: 'add' | 'status' | 'cancel' | 'refill';
  request?: unknown;
  answer: unknown;
  ok: boolean;
}

/**
 * Counts provider calls per hour (providers-admin.service.ts `callCounter`), and notes the
 * calls of each order that sent or changed something.
 */
export interface ProviderCallCounter {
  count(providerId: string, failed: boolean): Promise<void>;
  log?(call: OrderCall): Promise<void>;
}

/** A panel's refusal of a service it does not know: the fallback provider is tried. */
export const UNKNOWN_SERVICE = /incorrect service id/i;

/** What a provider's final status word means for our order. */
export const ENDS: Partial<Record<UpstreamOrderStatus['status'], OrderStatus>> = {
  Completed: 'COMPLETED',
  Partial: 'PARTIAL',
  Canceled: 'CANCELED',
};

/** What createFulfilmentService is made with. */
export interface FulfilmentDeps {
  orders: OrderWork;
  providerOf: ProviderLookup;
  catalog: CatalogService;
  logger: Logger;
  now?: () => Date;
  options: FulfilmentOptions;
  /** counts each provider call and failure (the staff console's error rate) */
  calls?: ProviderCallCounter;
}

/** What the functions below work with: the dependencies and the state made from them once. */
export function fulfilmentContext({
  orders,
  providerOf,
  catalog,
  logger,
  now = () => new Date(),
  options,
  calls,
}: FulfilmentDeps) {
  const lease = { owner: options.workerId, leaseMs: options.leaseMs ?? 60_000 };
  const syncEveryMs = options.syncEveryMs ?? 60_000;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const retryMaxMs = options.retryMaxMs ?? 30 * 60_000;
  const giveUpAfterMs = options.giveUpAfterMs ?? 24 * 3_600_000;
  return {
    orders,
    providerOf,
    catalog,
    logger,
    now,
    options,
    calls,
    lease,
    syncEveryMs,
    retryBaseMs,
    retryMaxMs,
    giveUpAfterMs,
  };
}

export type FulfilmentContext = ReturnType<typeof fulfilmentContext>;

/** Counts a provider call for the console's error rate; a failure to count is only logged. */
export async function count(
  { logger, calls }: FulfilmentContext,
  providerId: string,
  failedCall: boolean,
) {
  if (!calls) return;
  try {
    await calls.count(providerId, failedCall);
  } catch (error) {
    logger.warn({ err: error, provider: providerId }, 'provider call not counted');
  }
}

/** Notes an order's call and its answer; a failure to note it is only logged. */
export async function note({ logger, calls }: FulfilmentContext, call: OrderCall) {
  if (!calls?.log) return;
  try {
    await calls.log(call);
  } catch (error) {
    logger.warn({ err: error, order: call.orderId }, 'provider call not noted');
  }
}

export async function leaveForCheck(
  { orders, logger }: FulfilmentContext,
  order: WorkOrder,
  error?: unknown,
) {
  await orders.leaveForCheck(order);
  logger.error({ err: error, order: order.public_id }, 'submit outcome unknown, needs a check');
}

export async function submit(
  ctx: FulfilmentContext,
  order: WorkOrder,
): Promise<'submitted' | 'refused' | 'retry' | 'unknown'> {
  const { orders, providerOf, catalog, logger, lease } = ctx;
  if (order.submit_started_at && !order.provider_order_id) {
    // a worker died between recording the submit and the answer: never send it again
    await leaveForCheck(ctx, order);
    return 'unknown';
  }
  const mapping = await catalog.providerOf(order.service_id);
  // the simulator sells every service under its tag; a real panel under its own id. A
  // service may name a fallback: used when the main provider is disabled, or refuses the
  // service as unknown ("Incorrect service ID")
  const mapped = [
    { providerId: mapping?.provider_id ?? 'simulator', service: mapping?.provider_service },
    { providerId: mapping?.fallback_provider_id, service: mapping?.fallback_service },
  ];
  // staff switched the order to its fallback (the console's "switch provider"): that first
  const chosen = order.switched_to
    ? [...mapped].sort((a) => (a.providerId === order.switched_to ? -1 : 0))
    : mapped;
  const candidates = order.test ? [{ providerId: 'simulator', service: order.tag }] : chosen;
  const usable: { providerId: string; service: string; provider: SmmProvider }[] = [];
  for (const { providerId, service } of candidates) {
    if (!providerId || !service || usable.some((known) => known.providerId === providerId))
      continue;
    const provider = await providerOf(providerId);
    if (provider) usable.push({ providerId, service, provider });
  }
  if (!usable.length) {
    await orders.move(order, 'PAID', 'ERROR', `no provider for ${order.tag}`);
    return 'refused';
  }
  for (const [index, { providerId, service, provider }] of usable.entries()) {
    // a worker whose lease ran out (another took the order) leaves it alone
    if (!(await orders.recordSubmitIntent(order, lease, providerId))) return 'retry';
    try {
      const placed = await provider.add({
        service,
        link: order.link,
        quantity: order.count,
        ...(order.comments ? { comments: order.comments } : {}),
      });
      await count(ctx, providerId, false);
      await note(ctx, {
        orderId: order.id,
        providerId,
        action: 'add',
        request: { service, link: order.link, quantity: order.count },
        answer: placed,
        ok: true,
      });
      await orders.move(order, 'PAID', 'RUNNING', `submitted to ${providerId} as ${placed.order}`, {
        provider_order_id: placed.order,
      });
      return 'submitted';
    } catch (error) {
      await count(ctx, providerId, true);
      await note(ctx, {
        orderId: order.id,
        providerId,
        action: 'add',
        request: { service, link: order.link, quantity: order.count },
        answer: { error: (error as Error).message },
        ok: false,
      });
      providerErrors.inc({
        provider: providerId,
        kind:
          error instanceof ProviderError
            ? 'refused'
            : error instanceof ProviderUnavailable && error.placed === 'no'
              ? 'unreachable'
              : 'unknown',
      });
      const next = usable[index + 1];
      if (error instanceof ProviderError && next && UNKNOWN_SERVICE.test(error.message)) {
        // refused outright, so surely not placed: the fallback may have it
        logger.warn(
          { order: order.public_id, provider: providerId, fallback: next.providerId },
          'provider does not know the service, trying the fallback',
        );
        continue;
      }
      return failed(ctx, order, providerId, error);
    }
  }
  return 'refused';
}

/** What a failed `add` means for the order. */
export async function failed(
  ctx: FulfilmentContext,
  order: WorkOrder,
  providerId: string,
  error: unknown,
): Promise<'refused' | 'retry' | 'unknown'> {
  const { orders, logger, now, retryBaseMs, retryMaxMs, giveUpAfterMs } = ctx;
  if (error instanceof ProviderError) {
    await orders.move(order, 'PAID', 'ERROR', `refused by ${providerId}: ${error.message}`);
    return 'refused';
  }
  if (error instanceof ProviderUnavailable && error.placed === 'no') {
    const paidFor = now().getTime() - Date.parse(order.updated_at);
    if (paidFor > giveUpAfterMs) {
      await orders.withdrawIntent(order);
      await orders.move(order, 'PAID', 'ERROR', `${providerId} unreachable for too long`);
      logger.error({ order: order.public_id, provider: providerId }, 'gave up on the provider');
      return 'refused';
    }
    const wait = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(order.submit_attempts, 10));
    await orders.retryLater(order, wait);
    logger.warn(
      { order: order.public_id, provider: providerId, waitMs: wait },
      'provider unreachable, retrying later',
    );
    return 'retry';
  }
  // the provider may have the order: checking beats sending it twice
  await leaveForCheck(ctx, order, error);
  return 'unknown';
}

export async function apply(
  ctx: FulfilmentContext,
  order: WorkOrder,
  upstream: UpstreamOrderStatus,
) {
  const { orders } = ctx;
  const startCount = Number.parseInt(upstream.start_count, 10);
  const remains = Number.parseInt(upstream.remains, 10);
  const progress: Progress = {
    start_count: Number.isFinite(startCount) ? startCount : null,
    remains: Number.isFinite(remains) ? remains : null,
    charge: upstream.charge,
  };
  const to = ENDS[upstream.status];
  // the answers that change something: the provider's start, and its end
  if (to || (order.start_count === null && progress.start_count != null))
    await note(ctx, {
      orderId: order.id,
      providerId: order.provider_id ?? 'simulator',
      action: 'status',
      request: { order: order.provider_order_id },
      answer: upstream,
      ok: true,
    });
  if (to)
    await orders.move(order, 'RUNNING', to, `${order.provider_id}: ${upstream.status}`, progress);
  else await orders.recordProgress(order, progress);
}

/** One round of submitting paid orders. */
export async function submitDue(ctx: FulfilmentContext, limit = 50) {
  const { orders, lease } = ctx;
  const counts = { submitted: 0, refused: 0, retry: 0, unknown: 0 };
  for (const order of await orders.claimToSubmit(lease, limit))
    counts[await submit(ctx, order)] += 1;
  return counts;
}

/** One round of asking providers about running orders (multi-status, 100 a call). */
export async function syncRunning(ctx: FulfilmentContext, limit = 500) {
  const { orders, providerOf, logger, lease, syncEveryMs } = ctx;
  const claimed = await orders.claimToSync(lease, limit, syncEveryMs);
  const byProvider = new Map<string, WorkOrder[]>();
  for (const order of claimed) {
    const providerId = order.provider_id ?? 'simulator';
    byProvider.set(providerId, [...(byProvider.get(providerId) ?? []), order]);
  }
  let synced = 0;
  for (const [providerId, list] of byProvider) {
    const provider = await providerOf(providerId);
    try {
      if (!provider) throw new ProviderUnavailable('status', `no provider ${providerId}`);
      const answers = await provider.statuses(list.map((order) => order.provider_order_id!));
      await count(ctx, providerId, false);
      for (const order of list) {
        const answer = answers[order.provider_order_id!];
        if (!answer || 'error' in answer) {
          logger.warn({ order: order.public_id, answer }, 'provider has no status for the order');
          await orders.markSynced(order);
          continue;
        }
        await apply(ctx, order, answer);
        synced += 1;
      }
    } catch (error) {
      // an unreachable provider: the orders wait for the next round
      if (provider) await count(ctx, providerId, true);
      providerErrors.inc({ provider: providerId, kind: 'sync' });
      logger.warn({ err: error, provider: providerId }, 'status sync failed');
      await orders.release(list);
    }
  }
  return { claimed: claimed.length, synced };
}

/**
 * Fulfilment (docs/architecture.md, Fulfilment): paid orders are submitted to their
 * provider and followed to the end. Orders are claimed with leases, so several workers never
 * take one order; the submit intent is recorded before the provider is called, so a worker
 * that dies mid-call never sends an order twice. Every change of state is asked of the
 * orders module (`orders.move`), whose lifecycle writes the history, refunds and bonuses.
 */
export function createFulfilmentService(deps: FulfilmentDeps) {
  const ctx = fulfilmentContext(deps);
  return Object.freeze({
    submitDue: (limit?: number) => submitDue(ctx, limit),
    syncRunning: (limit?: number) => syncRunning(ctx, limit),
  });
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
