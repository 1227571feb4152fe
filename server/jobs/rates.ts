import type { Rates } from '../integrations/rates/cbr-rates.ts';
import type { Logger } from '../lib/logger.ts';
import { ratesAge } from '../lib/metrics.ts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';

/** Rates older than this are stale: logged as an error (an alert) until a refresh works. */
export const STALE_RATES_MS = 24 * 3_600_000;

/**
 * The currency rates job (docs/product.md §13: currencies refresh every 5 minutes): at most
 * every `everyMs` it asks the source; good rates replace the stored ones (prices follow), a
 * failing source leaves the last good ones, and rates older than a day are reported.
 */
export function createRatesJob({
  catalog,
  fetchRates,
  everyMs,
  logger,
  now = () => new Date(),
}: {
  catalog: Pick<CatalogService, 'setRates' | 'ratesUpdatedAt'>;
  fetchRates: () => Promise<Rates>;
  everyMs: number;
  logger: Logger;
  now?: () => Date;
}) {
  let lastAttempt = Number.NEGATIVE_INFINITY;
  return async function refreshRates() {
    const at = now();
    if (at.getTime() - lastAttempt < everyMs) return { skipped: true };
    lastAttempt = at.getTime();
    try {
      const rates = await fetchRates();
      await catalog.setRates({ USD: rates.USD, EUR: rates.EUR }, at);
      ratesAge.set(0);
      return { updated: true, USD: rates.USD, EUR: rates.EUR, date: rates.date };
    } catch (error) {
      const since = await catalog.ratesUpdatedAt();
      const age = since ? at.getTime() - since.getTime() : Number.POSITIVE_INFINITY;
      ratesAge.set(Number.isFinite(age) ? age / 1000 : -1);
      if (age > STALE_RATES_MS)
        logger.error(
          { err: error, since: since?.toISOString() ?? null },
          'currency rates stale: the source has failed for over a day',
        );
      else logger.warn({ err: error }, 'currency rates: the source failed, the last rates stay');
      return { updated: false };
    }
  };
}
