import type { ServiceFigures } from '#shared/catalog.ts';
import type {
  StaffPerformance,
  StaffProviderPerformance,
  StaffServicePerformance,
} from '#shared/staff.ts';
import type { StaffService } from '#shared/staff-catalogue.ts';

/** The console's languages: the names it shows. */
const CONSOLE_LANGS = ['ru', 'en'] as const;

type Figure = Exclude<keyof ServiceFigures, 'orders_30d'>;
const FIGURES: readonly Figure[] = [
  'start_median_min',
  'speed_p90_min_per_1000',
  'completion_rate',
  'refill_rate_30d',
];
/** minutes stay whole, rates keep 3 decimals (as each service's figures are) */
const DECIMALS: Record<Figure, number> = {
  start_median_min: 0,
  speed_p90_min_per_1000: 0,
  completion_rate: 3,
  refill_rate_30d: 3,
};

/**
 * One provider's figures from its services': each the mean of the services' figures weighted
 * by their orders of the window, over the services that have it (a service below the minimum
 * of orders has none and weighs nothing); `orders_30d` is the sum.
 */
export function weightedFigures(services: readonly ServiceFigures[]): ServiceFigures {
  const result: ServiceFigures = {
    start_median_min: null,
    speed_p90_min_per_1000: null,
    completion_rate: null,
    refill_rate_30d: null,
    orders_30d: services.reduce((sum, service) => sum + service.orders_30d, 0),
  };
  for (const figure of FIGURES) {
    let weight = 0;
    let sum = 0;
    for (const service of services) {
      const value = service[figure];
      if (value === null || service.orders_30d <= 0) continue;
      weight += service.orders_30d;
      sum += value * service.orders_30d;
    }
    const scale = 10 ** DECIMALS[figure];
    result[figure] = weight ? Math.round((sum / weight) * scale) / scale : null;
  }
  return result;
}

/**
 * The dashboard's performance: each service with orders in the window (busiest first) with its
 * provider, and each provider's figures over its services (by the mapping as it is now).
 */
export function performanceOf(
  services: readonly StaffService[],
  figures: ReadonlyMap<string, ServiceFigures>,
): StaffPerformance {
  const rows: StaffServicePerformance[] = services
    .flatMap((service) => {
      const own = figures.get(service.tag);
      if (!own || own.orders_30d <= 0) return [];
      const names = Object.fromEntries(
        CONSOLE_LANGS.map((lang) => [lang, service.texts[lang]?.name ?? service.tag]),
      );
      return [{ tag: service.tag, names, provider: service.mapping.provider_id, ...own }];
    })
    .sort((a, b) => b.orders_30d - a.orders_30d || a.tag.localeCompare(b.tag));
  const byProvider = new Map<string | null, StaffServicePerformance[]>();
  for (const row of rows)
    byProvider.set(row.provider, [...(byProvider.get(row.provider) ?? []), row]);
  const providers: StaffProviderPerformance[] = [...byProvider]
    .map(([provider, list]) => ({ provider, services: list.length, ...weightedFigures(list) }))
    .sort((a, b) => b.orders_30d - a.orders_30d);
  return { services: rows, providers };
}
