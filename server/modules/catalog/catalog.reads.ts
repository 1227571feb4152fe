import type { Client, ServiceType } from '#shared/catalog.ts';
import { QUANTITY_PRESETS } from '#shared/constants.ts';
import { isLocale, type Locale } from '#shared/locales.ts';
import type { PaymentMethodsData } from '#shared/payment-methods.ts';
import { CURRENCIES, type Currency } from '#shared/regions.ts';
import type { CatalogQuery } from '#shared/schemas/catalog.schemas.ts';
import { serializedOnce } from '#shared/serialize.ts';
import type { ReadHandlers } from '../../http/reads.ts';
import { priceCurrency, type RequestContext } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CatalogService, GUEST, type Viewer } from './catalog.service.ts';

/** The prices a request sees: a logged-in user's level (staff see FAKE services), else a guest's. */
export const viewerOf = ({ user }: RequestContext): Viewer =>
  user ? { staff: user.isStaff, level: user.discountLevel } : GUEST;

/** The language a call asks for, else the request's. */
export const langOf = (context: RequestContext, query: Pick<CatalogQuery, 'lang'>): Locale =>
  isLocale(query.lang) ? query.lang : context.visitor.locale;

export const labelsOf = (raw: string | undefined): string[] => (raw ? raw.split(' ') : []);

/** CLIENT_LK (cabinet) data is for logged-in users; everything else is the storefront's. */
export function clientOf(context: RequestContext, labels: string[], asked?: string): Client {
  const client: Client =
    asked === 'CLIENT_LK' || labels.includes('CLIENT_LK') ? 'CLIENT_LK' : 'CLIENT_MAIN';
  if (client === 'CLIENT_LK' && !context.user)
    throw new AppError('Log in to see the cabinet prices', 401);
  return client;
}

const countsOf = (raw: string | undefined): number[] =>
  raw ? [...new Set(raw.split(',').map(Number))] : [...QUANTITY_PRESETS];

/**
 * The catalogue's reads of the API contract (docs/api.md: services, prices, currencies,
 * payment methods): served over HTTP by catalog.routes.ts and in process to the pages'
 * loaders (server/ssr/in-process-api.ts). Every query is checked by its contract schema first.
 * The services and the informers are the catalogue snapshot's memoised views, never changed
 * once made: marked `serializedOnce`, every page state that carries them reuses their JSON.
 */
export function catalogReads({
  catalog,
  paymentMethods,
}: {
  catalog: CatalogService;
  /** the payments module's methods for a currency and country (catalog imports no payments) */
  paymentMethods: { list(currency: Currency, country: string): Promise<PaymentMethodsData> };
}) {
  return {
    'GET user_services/tiny': ({ query }, { context }) => {
      const labels = labelsOf(query.labels);
      return catalog
        .services(
          {
            client: clientOf(context, labels),
            labels,
            lang: langOf(context, query),
            ...(query.platform ? { platform: query.platform } : {}),
            ...(query.type ? { type: query.type as ServiceType } : {}),
          },
          viewerOf(context),
        )
        .then(serializedOnce);
    },

    'GET prices/tiny': ({ query }, { context }) => {
      const labels = labelsOf(query.labels);
      const client = clientOf(context, labels);
      // `cur` for the storefront only: the cabinet prices in the user's own currency
      const currency = priceCurrency(context, client === 'CLIENT_MAIN' ? query.cur : undefined);
      return catalog.priceTable(
        {
          client,
          labels,
          currencies: [currency],
          counts: countsOf(query.counts),
          ...(query.platform ? { platform: query.platform } : {}),
        },
        viewerOf(context),
      );
    },

    'GET informers/tiny': ({ query }) => {
      const labels = labelsOf(query.labels);
      if (labels.includes('CLIENT_LK'))
        throw new AppError('Informers show the storefront prices: use CLIENT_MAIN', 400);
      // informers are the public storefront prices, per currency code, without a level
      // discount: what a guest sees, whoever asks
      return catalog
        .priceTable(
          {
            client: 'CLIENT_MAIN',
            labels,
            currencies: query.cur ? [query.cur as Currency] : [...CURRENCIES],
            counts: countsOf(query.counts),
            ...(query.platform ? { platform: query.platform } : {}),
          },
          GUEST,
        )
        .then(serializedOnce);
    },

    'GET prices/orderCost': ({ query }, { context }) =>
      catalog.orderCost(
        {
          tag: query.tag,
          count: Number(query.count),
          currency: priceCurrency(context, query.cur),
          client: clientOf(context, [], query.client),
        },
        viewerOf(context),
      ),

    'GET currencies/data': async () => ({ currencies: await catalog.currencies() }),

    'GET payment/methods': ({ query }, { context }) =>
      paymentMethods.list(query.currency as Currency, context.visitor.country),
  } satisfies ReadHandlers;
}
