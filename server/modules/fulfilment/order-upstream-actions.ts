import {
  ProviderError,
  type SmmProvider,
  type UpstreamService,
} from '../../integrations/providers/smm-provider.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OrderUpstream, Upstream, WorkOrder } from '../orders/orders.service.ts';
import {
  ENDS,
  type OrderCall,
  type ProviderCallCounter,
  type ProviderLookup,
} from './fulfilment.service.ts';

const FAILED_LIST_MS = 30_000;

/**
 * The buyer's cancel and refill at the provider an order was placed with (SMM API v2
 * `cancel`, `refill`, `refill_status`, `status`). Whether a service offers them comes from the
 * provider's `services` list, kept `cacheMs` per provider (a list that failed, 30 s). Each call
 * is counted for the provider's error rate, and a cancel or refill is noted on the order with
 * its answer (the staff console's order page), as the worker's add and status are.
 */
export function createOrderUpstreamActions({
  providerOf,
  catalog,
  logger,
  calls,
  cacheMs = 5 * 60_000,
  now = Date.now,
}: {
  providerOf: ProviderLookup;
  catalog: CatalogService;
  logger: Logger;
  calls?: ProviderCallCounter;
  cacheMs?: number;
  now?: () => number;
}): OrderUpstream {
  const lists = new Map<
    string,
    { at: number; ttl: number; services: Promise<Map<string, UpstreamService>> }
  >();

  function servicesOf(providerId: string, provider: SmmProvider) {
    const known = lists.get(providerId);
    if (known && now() - known.at < known.ttl) return known.services;
    const entry = {
      at: now(),
      ttl: cacheMs,
      services: Promise.resolve(new Map<string, UpstreamService>()),
    };
    entry.services = provider.services().then(
      (list) => new Map(list.map((service) => [service.service, service])),
      (error: unknown) => {
        entry.ttl = FAILED_LIST_MS;
        logger.warn({ err: error, provider: providerId }, 'provider services list failed');
        return new Map<string, UpstreamService>();
      },
    );
    lists.set(providerId, entry);
    return entry.services;
  }

  /** The provider that has the order and its service id there; null when not placed. */
  async function placement(order: WorkOrder) {
    if (!order.provider_order_id || !order.provider_id) return null;
    const provider = await providerOf(order.provider_id);
    if (!provider) return null;
    // the simulator sells test orders under their tag; a real panel under its own id
    // (an order the fallback provider took is known there by the fallback's id)
    const mapping = order.test ? undefined : await catalog.providerOf(order.service_id);
    const service = order.test
      ? order.tag
      : mapping?.fallback_provider_id === order.provider_id &&
          mapping?.provider_id !== order.provider_id
        ? mapping?.fallback_service
        : mapping?.provider_service;
    if (!service) return null;
    return { provider, providerId: order.provider_id, id: order.provider_order_id, service };
  }

  /** Counts the call and notes a cancel or refill on the order; a failure to do so is logged. */
  async function record(
    order: WorkOrder,
    providerId: string,
    action: OrderCall['action'] | null,
    request: unknown,
    answer: unknown,
    ok: boolean,
  ) {
    try {
      await calls?.count(providerId, !ok);
      if (action)
        await calls?.log?.({ orderId: order.id, providerId, action, request, answer, ok });
    } catch (error) {
      logger.warn({ err: error, order: order.public_id }, 'provider call not noted');
    }
  }

  async function ask<T>(
    order: WorkOrder,
    call: (at: NonNullable<Awaited<ReturnType<typeof placement>>>) => Promise<T>,
    noted: 'cancel' | 'refill' | null = null,
  ): Promise<Upstream<T>> {
    const at = await placement(order);
    if (!at)
      return { ok: false, reason: 'refused', message: 'The order is not placed with a provider' };
    const request = { order: at.id };
    try {
      const value = await call(at);
      await record(order, at.providerId, noted, request, value, true);
      return { ok: true, value };
    } catch (error) {
      const message = (error as Error).message;
      await record(order, at.providerId, noted, request, { error: message }, false);
      if (error instanceof ProviderError) return { ok: false, reason: 'refused', message };
      logger.warn(
        { err: error, order: order.public_id, provider: at.providerId },
        'provider call failed',
      );
      return { ok: false, reason: 'unavailable', message };
    }
  }

  return {
    async allows(order, action) {
      const at = await placement(order);
      if (!at) return false;
      const service = (await servicesOf(at.providerId, at.provider)).get(at.service);
      return Boolean(service?.[action]);
    },

    cancel: (order) =>
      ask(
        order,
        async ({ provider, id }) => {
          const answer = (await provider.cancel([id]))[id];
          if (!answer || 'error' in answer)
            throw new ProviderError('cancel', answer?.error ?? 'No answer for this order');
          return null;
        },
        'cancel',
      ),

    refill: (order) =>
      ask(order, async ({ provider, id }) => (await provider.refill(id)).refill, 'refill'),

    refillStatus: (order, refillId) =>
      ask(order, async ({ provider }) => (await provider.refillStatus(refillId)).status),

    status: (order) =>
      ask(order, async ({ provider, providerId, id }) => {
        const upstream = await provider.status(id);
        const startCount = Number.parseInt(upstream.start_count, 10);
        const remains = Number.parseInt(upstream.remains, 10);
        return {
          end: ENDS[upstream.status] ?? null,
          note: `${providerId}: ${upstream.status}`,
          progress: {
            start_count: Number.isFinite(startCount) ? startCount : null,
            remains: Number.isFinite(remains) ? remains : null,
            charge: upstream.charge,
          },
        };
      }),
  };
}
