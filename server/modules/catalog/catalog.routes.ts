import { type Response, Router } from 'express';
import type { ServiceType } from '#shared/catalog.ts';
import type { PaymentMethodsData } from '#shared/payment-methods.ts';
import {
  CURRENCIES,
  type Currency,
  currencyOfCountry,
  REGION_BY_CURRENCY,
  type Region,
} from '#shared/regions.ts';
import {
  type CatalogQuery,
  emptyQuery,
  servicesFindQuery,
  tagsByCurQuery,
} from '#shared/schemas/catalog.schemas.ts';
import { mountReads } from '../../http/reads.ts';
import { contextOf, priceCurrency } from '../../http/request-context.ts';
import { validate } from '../../lib/validate.ts';
import { catalogReads, clientOf, labelsOf, langOf, viewerOf } from './catalog.reads.ts';
import type { CatalogService } from './catalog.service.ts';

const ok = (res: Response, data: unknown) => res.json({ status: 'success', data });

/**
 * The catalogue's API (docs/api.md: services, prices, payment methods, region, currencies,
 * endpoints); the reads of the contract are catalog.reads.ts. The discount levels
 * (user/premium_statuses) are the users module's (levels.routes.ts). Every query is checked
 * by its schema; unknown keys are refused.
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

  mountReads(router, catalogReads({ catalog, paymentMethods }));

  router.get('/user_services/find', async (req, res) => {
    const query = validate<CatalogQuery>(servicesFindQuery, req.query);
    const context = contextOf(res);
    const labels = labelsOf(query.labels);
    const client = clientOf(context, labels, query.client);
    const viewer = viewerOf(context);
    const lang = langOf(context, query);
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
    // the region decides the currency of the smallest order's price (docs/product.md §13 regions); a
    // logged-in user is always priced in their own currency
    const region = (
      context.user || !query.region ? REGION_BY_CURRENCY[priceCurrency(context)] : query.region
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
    const context = contextOf(res);
    const client = clientOf(context, [], query.client);
    const currencies = query.cur ? [query.cur as Currency] : [...CURRENCIES];
    ok(res, await catalog.menu(client, langOf(context, query), currencies, viewerOf(context)));
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

  return router;
}
