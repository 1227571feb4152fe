import type { CostPair, PriceTable, ServiceView } from '../catalog.ts';
import type { PaymentMethodsData } from '../payment-methods.ts';
import type { Currency } from '../regions.ts';
import {
  type CatalogQuery,
  emptyQuery,
  informersTinyQuery,
  orderCostQuery,
  paymentMethodsQuery,
  pricesTinyQuery,
  servicesTinyQuery,
} from '../schemas/catalog.schemas.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/** Query fields arrive as text: numbers as digits, lists comma- or space-separated. */
type Fields<
  Optional extends keyof CatalogQuery,
  Required extends keyof CatalogQuery = never,
> = Pick<CatalogQuery, Optional> & { [Name in Required]-?: string };

/** A currency's rate: roubles per unit (SPEC §9: refreshed every 5 minutes). */
export interface CurrencyRate {
  code: Currency;
  amount: number;
}

/** SPEC §7 Services, Prices, Payments (methods), Misc (currencies): catalog.routes.ts. */
export const CATALOG_API = {
  'GET user_services/tiny': {
    query: checked<Fields<'labels' | 'platform' | 'lang' | 'type'>>(servicesTinyQuery),
    answer: typed<ServiceView[]>(),
  },
  'GET prices/tiny': {
    query: checked<Fields<'cur' | 'labels' | 'platform' | 'counts'>>(pricesTinyQuery),
    answer: typed<PriceTable>(),
  },
  'GET informers/tiny': {
    query: checked<Fields<'cur' | 'labels' | 'platform' | 'counts'>>(informersTinyQuery),
    answer: typed<PriceTable>(),
  },
  'GET prices/orderCost': {
    query: checked<Fields<'cur' | 'client', 'tag' | 'count'>>(orderCostQuery),
    answer: typed<CostPair>(),
  },
  'GET currencies/data': {
    query: checked<Fields<never>>(emptyQuery),
    answer: typed<{ currencies: CurrencyRate[] }>(),
  },
  'GET payment/methods': {
    query: checked<Fields<never, 'currency'>>(paymentMethodsQuery),
    answer: typed<PaymentMethodsData>(),
  },
} satisfies Endpoints;
