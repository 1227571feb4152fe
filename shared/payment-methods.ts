import type { Currency } from './regions.ts';

/** Payment methods as `payment/methods` answers them, and the panel rules of docs/product.md §15. */

export const BALANCE_METHOD_ID = -1;

export type CountryFilter = 'every' | 'onlyAt' | 'everyExcept';

export interface PaymentMethod {
  id: number;
  /** names the method's label: `payment.method.<code>` */
  code: string;
  order: number;
  currencies: Currency[];
  country_filter: CountryFilter;
  countries: string[];
  /** minor units per currency */
  limits: Partial<Record<Currency, { min: number; max: number }>>;
  group: string | null;
  show_agreement_flag: boolean;
}

/** Whether a method pays by bank card (`card_ru`, `card_world`): a declined one asks for another card. */
export const isCardMethod = (code: string): boolean => code.startsWith('card_');

export interface PaymentGroup {
  id: string;
  order: number;
  /** ids of the group's methods, in order */
  methods: number[];
}

export interface PaymentMethodsData {
  methods: PaymentMethod[];
  groups: Record<string, PaymentGroup>;
}

/** docs/product.md §3 country filter: every country, only the listed ones, or all but the listed ones. */
export function availableIn(
  method: Pick<PaymentMethod, 'country_filter' | 'countries'>,
  country: string,
): boolean {
  switch (method.country_filter) {
    case 'onlyAt':
      return method.countries.includes(country);
    case 'everyExcept':
      return !method.countries.includes(country);
    default:
      return true;
  }
}

export type MethodState =
  | { shown: false }
  | { shown: true; disabled: false }
  | { shown: true; disabled: 'min' | 'max' };

/**
 * docs/product.md §15 method visibility for a price (minor units of `currency`, null while unknown): a
 * method outside its limits is hidden when its group has other methods, else shown disabled
 * with 'min' or 'max'. A method without the currency is hidden.
 */
export function methodState(
  method: PaymentMethod,
  data: PaymentMethodsData,
  currency: Currency,
  price: number | null,
): MethodState {
  const limits = method.limits[currency];
  if (!method.currencies.includes(currency) || !limits) return { shown: false };
  if (price === null) return { shown: true, disabled: false };
  const side = price < limits.min ? 'min' : price > limits.max ? 'max' : null;
  if (!side) return { shown: true, disabled: false };
  const groupSize = method.group ? (data.groups[method.group]?.methods.length ?? 1) : 1;
  return groupSize > 1 ? { shown: false } : { shown: true, disabled: side };
}

/**
 * docs/product.md §15 balance payment: only when enabled, a price is set, the user is logged in and the
 * balance (same currency, minor units) is at least the price.
 */
export function balanceAvailable({
  enabled,
  price,
  loggedIn,
  balance,
}: {
  enabled: boolean;
  price: number | null;
  loggedIn: boolean;
  balance: number;
}): boolean {
  return enabled && price !== null && price > 0 && loggedIn && balance >= price;
}
