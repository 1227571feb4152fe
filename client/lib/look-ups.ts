import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import type { Client, CostPair, ServiceView } from '#shared/catalog.ts';
import type { PaymentMethodsData } from '#shared/payment-methods.ts';
import type { Currency } from '#shared/regions.ts';

/**
 * Look-ups: loader-only routes a form asks through react-router fetchers as it is filled in
 * (a newer `load` cancels the one in flight). They answer fetchers only; a failure is an
 * answer the form shows. Their routes: client/app/look-up-routes.ts.
 */
export const LOOK_UP_PATHS = {
  /** the price of a count of a service (the order form) */
  price: '/_/order-price',
  /** a currency's payment methods (the order form, the top-up) */
  methods: '/_/order-methods',
  /** a platform's services (the order form) */
  services: '/_/order-services',
  /** where the short links of a link field lead (the order form) */
  links: '/_/order-links',
  /** how long our own completed orders of a service took (the cabinet's facts beside the form) */
  average: '/_/order-average',
} as const;
export type LookUp = keyof typeof LOOK_UP_PATHS;

export const lookUp = (path: LookUp, query: Record<string, string>) =>
  `${LOOK_UP_PATHS[path]}?${new URLSearchParams(query)}`;

export type PriceAnswer = { key: string; pair: CostPair | null; error?: string };
/** `data` null: the methods could not be read */
export type MethodsAnswer = { currency: Currency; data: PaymentMethodsData | null };
export type ServicesAnswer = { client: Client; platform: string; services: ServiceView[] | null };
/** where each line of `typed` leads (null: no short link, or it could not be followed) */
export type LinksAnswer = { typed: string; followed: (string | null)[] };

const NO_METHODS: PaymentMethodsData = { methods: [], groups: {} };

/**
 * The payment methods of `currency` and, once the buyer pays by a method of another currency,
 * of `payCurrency`, by the methods look-up: null while a list loads, none when it failed.
 */
export function usePaymentMethods(currency: Currency, payCurrency: Currency | null) {
  const own = useFetcher<MethodsAnswer>();
  const other = useFetcher<MethodsAnswer>();
  const { load: loadOwn } = own;
  const { load: loadOther } = other;
  const ownAt = lookUp('methods', { currency });
  const otherAt = payCurrency && lookUp('methods', { currency: payCurrency });
  useEffect(() => void loadOwn(ownAt), [loadOwn, ownAt]);
  useEffect(() => {
    if (otherAt) void loadOther(otherAt);
  }, [loadOther, otherAt]);
  const methodsOf = (answer: MethodsAnswer | undefined, of: Currency | null) =>
    answer && answer.currency === of ? (answer.data ?? NO_METHODS) : null;
  return { methods: methodsOf(own.data, currency), payMethods: methodsOf(other.data, payCurrency) };
}
