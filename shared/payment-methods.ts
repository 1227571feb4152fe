import { convertMinor, type Rate } from './currency-conversion.ts';
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

/**
 * Whom a payment is for: the methods of its currency and, for an account paying by a method
 * of another currency (`payCurrency`, at the shop's `rates`), that currency's methods.
 */
export interface MethodsOffer {
  currency: Currency;
  methods: PaymentMethodsData | null;
  payCurrency: Currency | null;
  payMethods: PaymentMethodsData | null;
  rates: readonly Rate[] | null;
  /** the balance pays a logged-in user's price it covers */
  loggedIn: boolean;
  balance: number;
}

/** What paying `price` by a method of `payCurrency` is charged, at the shop's rate. */
export function chargeOf(
  offer: Pick<MethodsOffer, 'currency' | 'payCurrency' | 'rates'>,
  price: number | null,
): number | null {
  if (!offer.payCurrency || price === null || !offer.rates) return null;
  return convertMinor(price, offer.currency, offer.payCurrency, offer.rates);
}

export interface ShownMethod {
  method: PaymentMethod;
  state: Extract<MethodState, { shown: true }>;
}

/**
 * The methods offered for `price`, in their order, with their disabled state (methodState);
 * the balance only where it pays. Paying in another currency: the balance and that currency's
 * methods, judged by the charge.
 */
export function shownMethods(offer: MethodsOffer, price: number | null): ShownMethod[] {
  const { methods, payCurrency, payMethods, loggedIn, balance } = offer;
  if (!methods) return [];
  const shown: ShownMethod[] = [];
  const byOrder = (data: PaymentMethodsData) => [...data.methods].sort((a, b) => a.order - b.order);
  const judge = (
    method: PaymentMethod,
    data: PaymentMethodsData,
    currency: Currency,
    at: number | null,
  ) => {
    const state = methodState(method, data, currency, at);
    if (state.shown) shown.push({ method, state });
  };
  for (const method of byOrder(methods)) {
    if (method.id !== BALANCE_METHOD_ID) {
      if (!payCurrency) judge(method, methods, offer.currency, price);
    } else if (balanceAvailable({ enabled: true, price, loggedIn, balance }))
      shown.push({ method, state: { shown: true, disabled: false } });
  }
  if (payCurrency && payMethods)
    for (const method of byOrder(payMethods))
      if (method.id !== BALANCE_METHOD_ID)
        judge(method, payMethods, payCurrency, chargeOf(offer, price));
  return shown;
}

/** A top-up of a `missing` amount through `method`: within the method's limits. */
export function topUpAmount(missing: number, method: PaymentMethod | undefined, cur: Currency) {
  const limits = method?.limits[cur];
  return limits ? Math.min(Math.max(missing, limits.min), limits.max) : missing;
}
