import type { Currency } from './regions.ts';

/** A currency's rate as the shop stores it: roubles per unit (docs/api.md, currencies). */
export interface Rate {
  code: Currency | string;
  amount: number;
}

/**
 * Minor units of one currency in another at the shop's rates, rounded to the minor unit: the
 * one conversion the server charges with and the pages show before paying. Null without a
 * rate for either currency.
 */
export function convertMinor(
  minor: number,
  from: string,
  to: string,
  rates: readonly Rate[],
): number | null {
  if (from === to) return minor;
  const rateFrom = rates.find((rate) => rate.code === from)?.amount;
  const rateTo = rates.find((rate) => rate.code === to)?.amount;
  if (!rateFrom || !rateTo) return null;
  return Math.round((minor * rateFrom) / rateTo);
}
