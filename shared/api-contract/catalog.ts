import type { CostPair, PriceTable, ServiceView } from '../catalog.ts';
import type { PaymentMethodsData } from '../payment-methods.ts';
import type { Currency } from '../regions.ts';
import {
  emptyQuery,
  informersTinyQuery,
  orderCostQuery,
  paymentMethodsQuery,
  pricesTinyQuery,
  servicesTinyQuery,
} from '../schemas/catalog.schemas.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/** A currency's rate: roubles per unit (refreshed every 5 minutes). */
export interface CurrencyRate {
  code: Currency;
  amount: number;
}

/** docs/api.md: Services, Prices, Payments (methods), Misc (currencies): catalog.routes.ts. */
export const CATALOG_API = {
  'GET user_services/tiny': {
    query: checked(servicesTinyQuery),
    answer: typed<ServiceView[]>(),
  },
  'GET prices/tiny': {
    query: checked(pricesTinyQuery),
    answer: typed<PriceTable>(),
  },
  'GET informers/tiny': {
    query: checked(informersTinyQuery),
    answer: typed<PriceTable>(),
  },
  'GET prices/orderCost': {
    query: checked(orderCostQuery),
    answer: typed<CostPair>(),
  },
  'GET currencies/data': {
    query: checked(emptyQuery),
    answer: typed<{ currencies: CurrencyRate[] }>(),
  },
  'GET payment/methods': {
    query: checked(paymentMethodsQuery),
    answer: typed<PaymentMethodsData>(),
  },
} satisfies Endpoints;
