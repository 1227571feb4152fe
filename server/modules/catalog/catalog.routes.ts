import { type Response, Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import type { Client, ServiceType } from '../../../shared/catalog.ts';
import { QUANTITY_PRESETS } from '../../../shared/constants.ts';
import { isLocale, type Locale } from '../../../shared/locales.ts';
import type { PaymentMethodsData } from '../../../shared/payment-methods.ts';
import {
  CURRENCIES,
  type Currency,
  currencyOfCountry,
  REGION_BY_CURRENCY,
  type Region,
} from '../../../shared/regions.ts';
import {
  type CatalogQuery,
  emptyQuery,
  servicesFindQuery,
  tagsByCurQuery,
} from '../../../shared/schemas/catalog.schemas.ts';
import { contextOf, currentUser, priceCurrency } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { type CatalogService, GUEST, type Viewer } from './catalog.service.ts';

const ok = (res: Response, data: unknown) => res.json({ status: 'success', data });

/**
 * SPEC §7 Services, Prices, Payments (methods), Misc (region, currencies, endpoints); the
 * discount levels (user/premium_statuses) are the users module's (levels.routes.ts). Every
 * query is checked by its schema; unknown keys are refused.
 */
export function catalogRoutes({
  catalog,
  paymentMethods,
  endpoints,
}: {
  catalog: CatalogService;
  /** the payments module's methods for a currency and country (catalog imports no payments) */
  paymentMethods: { list(currency: Currency, country: string): Promise<PaymentMethodsData> };
  /** every API call (GET endpoints), from the app's router */
  endpoints: () => string[];
}): Router {
  const router = Router();

  const viewerOf = (res: Response): Viewer => {
    const user = currentUser(res);
    return user ? { staff: user.isStaff, level: user.discountLevel } : GUEST;
  };
  /** The language a call asks for, else the request's. */
  const langOf = (res: Response, query: CatalogQuery): Locale =>
    isLocale(query.lang) ? query.lang : contextOf(res).visitor.locale;
  /** The currency of prices: the user's own when logged in, else the asked or the visitor's. */
  const currencyOf = (res: Response, asked?: string): Currency =>
    priceCurrency(contextOf(res), asked);
  const labelsOf = (raw: string | undefined): string[] => (raw ? raw.split(' ') : []);
  /** CLIENT_LK (cabinet) data is for logged-in users; everything else is the storefront's. */
  const clientOf = (res: Response, labels: string[], asked?: string): Client => {
    const client: Client =
      asked === 'CLIENT_LK' || labels.includes('CLIENT_LK') ? 'CLIENT_LK' : 'CLIENT_MAIN';
    if (client === 'CLIENT_LK' && !currentUser(res))
      throw new AppError('Log in to see the cabinet prices', 401);
    return client;
  };
  const countsOf = (raw: string | undefined): number[] =>
    raw ? [...new Set(raw.split(',').map(Number))] : [...QUANTITY_PRESETS];

  router.get('/user_services/tiny', async (req, res) => {
    const query = validate<CatalogQuery>(API['GET user_services/tiny'].query.schema, req.query);
    const labels = labelsOf(query.labels);
    const client = clientOf(res, labels);
    const services = await catalog.services(
      {
        client,
        labels,
        lang: langOf(res, query),
        ...(query.platform ? { platform: query.platform } : {}),
        ...(query.type ? { type: query.type as ServiceType } : {}),
      },
      viewerOf(res),
    );
    ok(res, services);
  });

  router.get('/user_services/find', async (req, res) => {
    const query = validate<CatalogQuery>(servicesFindQuery, req.query);
    const labels = labelsOf(query.labels);
    const client = clientOf(res, labels, query.client);
    const viewer = viewerOf(res);
    const lang = langOf(res, query);
    const services = await catalog.services(
      {
        client,
        labels: labels.length ? labels : ['VISIBLE'],
        lang,
        ...(query.platform ? { platform: query.platform } : {}),
        ...(query.type ? { type: query.type as ServiceType } : {}),
        ...(query.tag ? { tag: query.tag } : {}),
        ...(query.q ? { search: query.q } : {}),
      },
      viewer,
    );
    // the region decides the currency of the smallest order's price (SPEC §9 regions); a
    // logged-in user is always priced in their own currency
    const region = (
      currentUser(res) || !query.region ? REGION_BY_CURRENCY[currencyOf(res)] : query.region
    ) as Region;
    const currency = (Object.keys(REGION_BY_CURRENCY) as Currency[]).find(
      (code) => REGION_BY_CURRENCY[code] === region,
    )!;
    const menu = await catalog.menu(client, lang, [currency], viewer);
    const fromOf = new Map(
      Object.values(menu[currency] ?? {})
        .flat()
        .map((item) => [item.tag, item.from]),
    );
    ok(res, {
      region,
      currency,
      services: services.map((service) => ({
        ...service,
        from: fromOf.get(service.tag) ?? null,
      })),
    });
  });

  router.get('/user_services/tags_by_cur', async (req, res) => {
    const query = validate<CatalogQuery>(tagsByCurQuery, req.query);
    const client = clientOf(res, [], query.client);
    const currencies = query.cur ? [query.cur as Currency] : [...CURRENCIES];
    ok(res, await catalog.menu(client, langOf(res, query), currencies, viewerOf(res)));
  });

  router.get('/prices/tiny', async (req, res) => {
    const query = validate<CatalogQuery>(API['GET prices/tiny'].query.schema, req.query);
    const labels = labelsOf(query.labels);
    const client = clientOf(res, labels);
    // SPEC §7: cur for the main client only; the cabinet prices in the user's currency
    const currency = client === 'CLIENT_MAIN' ? currencyOf(res, query.cur) : currencyOf(res);
    ok(
      res,
      await catalog.priceTable(
        {
          client,
          labels,
          currencies: [currency],
          counts: countsOf(query.counts),
          ...(query.platform ? { platform: query.platform } : {}),
        },
        viewerOf(res),
      ),
    );
  });

  router.get('/informers/tiny', async (req, res) => {
    const query = validate<CatalogQuery>(API['GET informers/tiny'].query.schema, req.query);
    const labels = labelsOf(query.labels);
    if (labels.includes('CLIENT_LK'))
      throw new AppError('Informers show the storefront prices: use CLIENT_MAIN', 400);
    // informers are the public storefront prices, per currency code, without a level discount
    ok(
      res,
      await catalog.priceTable(
        {
          client: 'CLIENT_MAIN',
          labels,
          currencies: query.cur ? [query.cur as Currency] : [...CURRENCIES],
          counts: countsOf(query.counts),
          ...(query.platform ? { platform: query.platform } : {}),
        },
        // the public storefront prices: what a guest sees, whoever asks
        GUEST,
      ),
    );
  });

  router.get('/prices/orderCost', async (req, res) => {
    const query = validate<CatalogQuery>(API['GET prices/orderCost'].query.schema, req.query);
    const client = clientOf(res, [], query.client);
    const pair = await catalog.orderCost(
      {
        tag: query.tag!,
        count: Number(query.count),
        currency: currencyOf(res, query.cur),
        client,
      },
      viewerOf(res),
    );
    ok(res, pair);
  });

  router.get('/currencies/data', async (req, res) => {
    validate(API['GET currencies/data'].query.schema, req.query);
    ok(res, { currencies: await catalog.currencies() });
  });

  router.get('/region', (req, res) => {
    validate(emptyQuery, req.query);
    const { country } = contextOf(res).visitor;
    const currency = currencyOfCountry(country);
    ok(res, { country, currency, region: REGION_BY_CURRENCY[currency] });
  });

  router.get('/endpoints', (req, res) => {
    validate(emptyQuery, req.query);
    ok(res, endpoints());
  });

  router.get('/payment/methods', async (req, res) => {
    const query = validate<CatalogQuery>(API['GET payment/methods'].query.schema, req.query);
    ok(res, await paymentMethods.list(query.currency as Currency, contextOf(res).visitor.country));
  });

  return router;
}
