import type { RouteObject } from 'react-router';
import type { Client } from '#shared/catalog.ts';
import type { Currency } from '#shared/regions.ts';

/**
 * What the order form looks up as it is filled in: loader-only routes it asks through
 * react-router fetchers (a newer `load` cancels the one in flight). Their loaders come with
 * the first look-up (`lazy`), not with the page (order-form.lookups.ts).
 */
export const ORDER_FORM_PATHS = {
  price: '/_/order-price',
  methods: '/_/order-methods',
  services: '/_/order-services',
  links: '/_/order-links',
  /** how long our own completed orders of a service took (the cabinet's facts beside the form) */
  average: '/_/order-average',
} as const;
type LookUp = keyof typeof ORDER_FORM_PATHS;

export const lookUp = (path: LookUp, query: Record<string, string>) =>
  `${ORDER_FORM_PATHS[path]}?${new URLSearchParams(query)}`;

export const orderFormRoutes: RouteObject[] = Object.entries(ORDER_FORM_PATHS).map(
  ([name, path]) => ({
    id: `order-form:${name}`,
    path,
    lazy: async () => ({
      loader: (await import('./order-form.lookups.ts')).LOOKUPS[name as LookUp],
    }),
  }),
);

export const servicesKey = (client: Client, platform: string) => `${client}|${platform}`;

export const quoteKey = (quote: {
  tag: string;
  count: number;
  currency: Currency;
  client: Client;
}) => `${quote.currency}|${quote.client}|${quote.tag}|${quote.count}`;
