import type { PriceTable, ServiceView } from '../../../shared/catalog.ts';
import type { Currency } from '../../../shared/regions.ts';

/**
 * The smallest storefront price of each service page's single service: what a platform page
 * shows as "from …" on its service cards (minor units of the currency).
 */
export function fromPrices(
  services: ServiceView[],
  informers: PriceTable,
  currency: Currency,
): Record<string, number> {
  const prices: Record<string, number> = {};
  const table = informers[currency] ?? {};
  for (const service of services) {
    if (!service.page || service.tag.includes('_MULTI')) continue;
    const costs = Object.values(table[service.tag] ?? {}).map((entry) => entry.cost);
    if (costs.length) prices[service.page] = Math.min(...costs);
  }
  return prices;
}
