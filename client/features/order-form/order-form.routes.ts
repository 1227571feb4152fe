import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { CatalogPlatform, Client, CostPair, ServiceView } from '../../../shared/catalog.ts';
import type { PaymentMethodsData } from '../../../shared/payment-methods.ts';
import { type Currency, isCurrency } from '../../../shared/regions.ts';
import { shortLinkOf } from '../../../shared/short-links.ts';
import { apiOf } from '../../lib/route-api.ts';

/**
 * What the order form looks up as it is filled in: loader-only routes the form asks through
 * react-router fetchers (a newer `load` of a fetcher cancels the one in flight). They answer
 * fetchers in the browser only; a document request for one of these paths is the site's 404.
 * A failure is an answer (`error`), so that it stays in the form rather than the page's
 * error boundary.
 */
export const ORDER_FORM_PATHS = {
  price: '/_/order-price',
  methods: '/_/order-methods',
  services: '/_/order-services',
  links: '/_/order-links',
} as const;

export type PriceAnswer = { key: string; pair: CostPair | null; error?: string };
export type MethodsAnswer = { currency: Currency; data: PaymentMethodsData | null };
export type ServicesAnswer = { key: string; services: ServiceView[] | null };
/** where each line of `typed` leads (null: no short link, or it could not be followed) */
export type LinksAnswer = { typed: string; followed: (string | null)[] };

/** The form's look-up URL: one of its paths with a query. */
export const lookUp = (path: keyof typeof ORDER_FORM_PATHS, query: Record<string, string>) =>
  `${ORDER_FORM_PATHS[path]}?${new URLSearchParams(query)}`;

type Loader = (args: LoaderFunctionArgs, query: URLSearchParams) => Promise<unknown>;

const fetcherOnly =
  (loader: Loader) =>
  (args: LoaderFunctionArgs): Promise<unknown> => {
    if (typeof document === 'undefined') throw data(null, { status: 404, statusText: 'Not Found' });
    return loader(args, new URL(args.request.url).searchParams);
  };

const message = (error: unknown) => (error as Error).message;

export const orderFormRoutes: RouteObject[] = [
  {
    id: 'order-form:price',
    path: ORDER_FORM_PATHS.price,
    loader: fetcherOnly(async ({ context }, query): Promise<PriceAnswer> => {
      const key = query.get('key') ?? '';
      const client = query.get('client');
      try {
        const pair = await apiOf(context)('GET prices/orderCost', {
          query: {
            tag: query.get('tag') ?? '',
            count: query.get('count') ?? '',
            cur: query.get('cur') ?? undefined,
            ...(client === 'CLIENT_LK' ? { client } : {}),
          },
        });
        return { key, pair };
      } catch (error) {
        return { key, pair: null, error: message(error) };
      }
    }),
  },
  {
    id: 'order-form:methods',
    path: ORDER_FORM_PATHS.methods,
    loader: fetcherOnly(async ({ context }, query): Promise<MethodsAnswer> => {
      const currency = query.get('currency');
      if (!isCurrency(currency)) return { currency: 'USD', data: null };
      // a failure leaves the panel empty, saying so; the next currency switch asks again
      const methods = apiOf(context)('GET payment/methods', { query: { currency } });
      return { currency, data: await methods.catch(() => null) };
    }),
  },
  {
    id: 'order-form:services',
    path: ORDER_FORM_PATHS.services,
    loader: fetcherOnly(async ({ context }, query): Promise<ServicesAnswer> => {
      const client = (query.get('client') ?? 'CLIENT_MAIN') as Client;
      const platform = (query.get('platform') ?? '') as CatalogPlatform;
      const services = apiOf(context)('GET user_services/tiny', {
        query: { labels: `${client} VISIBLE`, platform, lang: query.get('lang') ?? '' },
      });
      return { key: servicesKey(client, platform), services: await services.catch(() => null) };
    }),
  },
  {
    id: 'order-form:links',
    path: ORDER_FORM_PATHS.links,
    loader: fetcherOnly(async ({ context }, query): Promise<LinksAnswer> => {
      const typed = query.get('typed') ?? '';
      const follow = async (link: string | null) => {
        if (!link) return null;
        try {
          return (await apiOf(context)('POST unshorten', { body: { link } })).url;
        } catch (error) {
          // checked as typed: a short link the API could not follow is the buyer's to fix
          console.warn('unshorten: not followed', link, error);
          return null;
        }
      };
      return { typed, followed: await Promise.all(typed.split('\n').map(shortLinkOf).map(follow)) };
    }),
  },
];

export const servicesKey = (client: Client, platform: CatalogPlatform): string =>
  `${client}|${platform}`;

export const quoteKey = (request: {
  tag: string;
  count: number;
  currency: Currency;
  client: Client;
}): string => `${request.currency}|${request.client}|${request.tag}|${request.count}`;
