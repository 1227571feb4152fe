import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import type { PriceTable } from '#shared/catalog.ts';
import type { Currency } from '#shared/regions.ts';

/**
 * A landing's prices (its loader's informers) came for the currency of the first render:
 * when the visitor picks another one (the header's switcher or the form's "pay in …"), the
 * route's loader runs again for it. A currency is asked for once until its prices come (an
 * answer without them cannot start a loop); once they came, picking it again later (after
 * another currency's prices replaced them) asks again. Answers whether the prices of
 * `currency` are still on their way.
 */
export function useCurrencyInformers(informers: PriceTable, currency: Currency): boolean {
  const revalidator = useRevalidator();
  const asked = useRef(new Set<string>());
  const missing = !informers[currency];
  useEffect(() => {
    for (const present of Object.keys(informers)) asked.current.delete(present);
  }, [informers]);
  useEffect(() => {
    if (!missing || revalidator.state !== 'idle' || asked.current.has(currency)) return;
    asked.current.add(currency);
    void revalidator.revalidate();
  }, [missing, revalidator, currency]);
  return missing;
}
