import { data, type LoaderFunctionArgs } from 'react-router';
import type { CatalogPlatform, Client } from '#shared/catalog.ts';
import { isPlatformLink } from '#shared/link-rules.ts';
import type { Locale } from '#shared/locales.ts';
import type { AverageTimeView } from '#shared/orders.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import { shortLinkOf } from '#shared/short-links.ts';
import type {
  LinksAnswer,
  LookUp,
  MethodsAnswer,
  PriceAnswer,
  ServicesAnswer,
} from '../lib/look-ups.ts';
import { apiOf } from '../lib/route-api.ts';

type Loader<T> = (args: LoaderFunctionArgs) => Promise<T>;

/**
 * They answer fetchers in the browser only: a document request for one is the site's 404. A
 * failure is an answer, so that it stays in the form rather than the page's error boundary.
 */
function fetcherOnly<T>(loader: (query: URLSearchParams, args: LoaderFunctionArgs) => Promise<T>) {
  return (args: LoaderFunctionArgs) => {
    if (typeof document === 'undefined') throw data(null, { status: 404, statusText: 'Not Found' });
    return loader(new URL(args.request.url).searchParams, args);
  };
}

/** The look-ups' loaders (client/lib/look-ups.ts), which come with the first look-up. */
export const LOOKUPS: Record<LookUp, Loader<unknown>> = {
  price: fetcherOnly(async (query, { context }): Promise<PriceAnswer> => {
    const key = query.get('key') ?? '';
    const client = query.get('client') === 'CLIENT_LK' ? { client: 'CLIENT_LK' as const } : {};
    const cur = (query.get('cur') || undefined) as Currency | undefined;
    try {
      const pair = await apiOf(context)('GET prices/orderCost', {
        query: { tag: query.get('tag') ?? '', count: query.get('count') ?? '', cur, ...client },
      });
      return { key, pair };
    } catch (error) {
      return { key, pair: null, error: (error as Error).message };
    }
  }),
  methods: fetcherOnly(async (query, { context }): Promise<MethodsAnswer> => {
    const currency = query.get('currency');
    if (!isCurrency(currency)) return { currency: 'USD', data: null };
    // a failure leaves the panel empty, saying so; the next currency switch asks again
    const methods = apiOf(context)('GET payment/methods', { query: { currency } });
    return { currency, data: await methods.catch(() => null) };
  }),
  services: fetcherOnly(async (query, { context }): Promise<ServicesAnswer> => {
    const client = (query.get('client') ?? 'CLIENT_MAIN') as Client;
    const platform = (query.get('platform') ?? '') as CatalogPlatform;
    const services = apiOf(context)('GET user_services/tiny', {
      query: { labels: `${client} VISIBLE`, platform, lang: query.get('lang') as Locale },
    });
    return { client, platform, services: await services.catch(() => null) };
  }),
  links: fetcherOnly(async (query, { context }): Promise<LinksAnswer> => {
    const typed = query.get('typed') ?? '';
    const follow = async (link: string | null) => {
      if (!link) return null;
      try {
        const { url } = await apiOf(context)('POST unshorten', { body: { link } });
        // a login or consent page is no link: only a platform's own is taken in its place
        return isPlatformLink(url) ? url : null;
      } catch (error) {
        // checked as typed: a short link the API could not follow is the buyer's to fix
        console.warn('unshorten: not followed', link, error);
        return null;
      }
    };
    return { typed, followed: await Promise.all(typed.split('\n').map(shortLinkOf).map(follow)) };
  }),
  average: fetcherOnly(async (query, { context }): Promise<AverageTimeView> => {
    const tag = query.get('tag') ?? '';
    // a failure says nothing of the average: no orders to tell it from
    return apiOf(context)('GET c_orders/average_time', { query: { tag } }).catch(() => ({
      tag,
      seconds: null,
      orders: 0,
    }));
  }),
};
