import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrdersPage, OwnOrderView } from '../../../shared/orders.ts';
import type { OrdersListQuery } from '../../../shared/schemas/orders.schemas.ts';
import { ApiError } from '../../lib/api.ts';
import { pathOf } from '../../lib/endpoints.ts';
import { fetchOrders, isMoving } from './orders.api.ts';

/** How often orders on screen that may still change are asked about again. */
export const POLL_MS = 10_000;

export interface OrdersList {
  /** the last answer, kept while the next loads (nothing jumps) */
  page: OrdersPage | null;
  loading: boolean;
  error: ApiError | null;
  /** asks again now (after a cancel, a refill or a failure) */
  reload: () => void;
  /** puts one order's new view in place (the answer of a cancel or refill) */
  replace: (order: OwnOrderView) => void;
}

/**
 * One page of the buyer's orders for an API query; while some of them are paid or running
 * and the tab is visible, the page is read again every POLL_MS, without a skeleton.
 */
export function useOrders(query: OrdersListQuery, pollMs = POLL_MS): OrdersList {
  // the call as text: a new query asks again (a new object of the same query does not)
  const asked = pathOf('GET c_orders', { query });
  const [page, setPage] = useState<OrdersPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [tick, setTick] = useState(0);
  const shown = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry or a poll (attempt, tick) asks again
  useEffect(() => {
    const controller = new AbortController();
    // a poll of the same query refreshes quietly; a new query shows it is loading
    const quiet = shown.current === asked;
    if (!quiet) setLoading(true);
    fetchOrders(query, controller.signal)
      .then((answer) => {
        shown.current = asked;
        setPage(answer);
        setError(null);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        // a failed poll keeps what is shown; the next one tries again
        if (quiet) return;
        setError(failure instanceof ApiError ? failure : new ApiError('An error occurred', 0));
        setLoading(false);
      });
    return () => controller.abort();
  }, [asked, attempt, tick]);

  const moving = Boolean(page?.items.some(isMoving));
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (page) starts the next wait
  useEffect(() => {
    if (!moving) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible')
        timer = setTimeout(() => setTick((value) => value + 1), pollMs);
    };
    schedule();
    // a hidden tab asks nothing; coming back, it asks soon
    document.addEventListener('visibilitychange', schedule);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', schedule);
    };
  }, [moving, page, pollMs]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const replace = useCallback((order: OwnOrderView) => {
    setPage((current) =>
      current
        ? { ...current, items: current.items.map((item) => (item.id === order.id ? order : item)) }
        : current,
    );
  }, []);

  return { page, loading, error, reload, replace };
}
