import type { Db } from '#server/db/database.ts';
import type { AverageTimeView } from '#shared/orders.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import { completionTimes } from './own-orders.repository.ts';

/**
 * A service's average time from payment to completion over its latest 500 completed orders
 * (GET c_orders/average_time), kept `cacheMs` per service; an unknown service is a 404.
 */
export function averageTimes({
  db,
  catalog,
  now,
  cacheMs,
}: {
  db: Db;
  catalog: Pick<CatalogService, 'serviceId'>;
  now: () => Date;
  cacheMs: number;
}) {
  const averages = new Map<string, { at: number; value: Promise<AverageTimeView> }>();
  return (tag: string): Promise<AverageTimeView> => {
    const cached = averages.get(tag);
    if (cached && now().getTime() - cached.at < cacheMs) return cached.value;
    const value = (async () => {
      await catalog.serviceId(tag);
      const spans = (await completionTimes(db, tag, 500)).flatMap(({ paid_at, completed_at }) =>
        paid_at && completed_at ? [(Date.parse(completed_at) - Date.parse(paid_at)) / 1000] : [],
      );
      const seconds = spans.length
        ? Math.round(spans.reduce((sum, span) => sum + span, 0) / spans.length)
        : null;
      return { tag, seconds, orders: spans.length };
    })();
    averages.set(tag, { at: now().getTime(), value });
    value.catch(() => averages.delete(tag));
    return value;
  };
}
