import { useCallback, useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { OrdersPage } from '#shared/orders.ts';
import { useLiveRefresh } from '../../features/notifications/use-live-refresh.ts';
import { isMoving } from '../../features/orders/orders.api.ts';

/** How often orders on screen that may still change are asked about again. */
export const POLL_MS = 10_000;

/**
 * Keeps a page's orders current through its loader: a live event about an order revalidates
 * at once, and while some shown order is paid or running and the tab is visible, the page is
 * revalidated every POLL_MS (a hidden tab asks nothing; coming back, it asks soon).
 */
export function useLiveOrders(page: OrdersPage | null, pollMs = POLL_MS): void {
  const { revalidate } = useRevalidator();
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  useLiveRefresh('order.', refresh);
  useEffect(() => {
    // each answer (page) starts the next wait
    if (!page?.items.some(isMoving)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible') timer = setTimeout(refresh, pollMs);
    };
    schedule();
    document.addEventListener('visibilitychange', schedule);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', schedule);
    };
  }, [page, pollMs, refresh]);
}
