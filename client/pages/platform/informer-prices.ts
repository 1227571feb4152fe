import type { PriceTable, ServiceView } from '#shared/catalog.ts';
import type { Currency } from '#shared/regions.ts';

/** Results by price table, services list and currency: the server's are the catalogue's memoised views. */
const made = new WeakMap<
  PriceTable,
  WeakMap<ServiceView[], Map<Currency, Record<string, number>>>
>();

/**
 * The smallest storefront price of each service page's single service: what a platform page
 * shows as "from …" on its service cards (minor units of the currency). Worked out once per
 * table, list and currency (the server renders every landing from the same views); the
 * answer is shared, so callers must not change it.
 */
export function fromPrices(
  services: ServiceView[],
  informers: PriceTable,
  currency: Currency,
): Readonly<Record<string, number>> {
  let byServices = made.get(informers);
  if (!byServices) {
    byServices = new WeakMap();
    made.set(informers, byServices);
  }
  let byCurrency = byServices.get(services);
  if (!byCurrency) {
    byCurrency = new Map();
    byServices.set(services, byCurrency);
  }
  let prices = byCurrency.get(currency);
  if (!prices) {
    prices = cheapest(services, informers, currency);
    byCurrency.set(currency, prices);
  }
  return prices;
}

function cheapest(
  services: ServiceView[],
  informers: PriceTable,
  currency: Currency,
): Record<string, number> {
  const prices: Record<string, number> = {};
  const table = informers[currency] ?? {};
  for (const service of services) {
    if (!service.page || service.tag.includes('_MULTI')) continue;
    let min = Number.POSITIVE_INFINITY;
    for (const entry of Object.values(table[service.tag] ?? {})) min = Math.min(min, entry.cost);
    if (min !== Number.POSITIVE_INFINITY) prices[service.page] = min;
  }
  return prices;
}
