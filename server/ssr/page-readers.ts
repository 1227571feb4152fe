import type { Request, Response } from 'express';
import { ARTICLES_CONTEXT_KEY } from '../../client/features/content/articles.loader.ts';
import { LEGAL_CONTEXT_KEY, type LegalReader } from '../../client/features/content/legal.loader.ts';
import { STOREFRONT_CONTEXT_KEY } from '../../client/features/order-form/order-form.loader.ts';
import { PAYMENTS_CONTEXT_KEY } from '../../client/features/payment/payment.loader.ts';
import {
  STAFF_CONTEXT_KEY,
  type StaffPageAccess,
} from '../../client/features/staff/staff-route.loader.ts';
import { staffRoleOf } from '../../shared/staff-permissions.ts';
import { visitorOf } from '../http/visitor-hash.ts';
import type { ArticlesService } from '../modules/articles/articles.service.ts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import type { LandingCopyService } from '../modules/content/landing-copy.service.ts';
import type { LegalService } from '../modules/content/legal.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PaymentMethodsService } from '../modules/payments/payment-methods.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import { articlesReader } from './articles-reader.ts';
import { paymentsReader } from './payments-reader.ts';
import { storefrontReader } from './storefront-reader.ts';

export interface ReaderServices {
  catalog: CatalogService;
  payments: PaymentsService;
  paymentMethods: PaymentMethodsService;
  orders: OrdersService;
  legal: LegalService;
  articles: ArticlesService;
  landingCopy: LandingCopyService;
}

/**
 * The loaders' request context on the server: each loader reads its data through the
 * services in process (no HTTP hop), keyed as the loaders look for them.
 */
export function pageReaders(services: ReaderServices) {
  const thanks = paymentsReader(services.payments, services.orders, services.paymentMethods);
  const legal: LegalReader = {
    document: async (doc, region, lang) => services.legal.document(doc, region, lang),
  };
  return (req: Request, res: Response) => {
    const { visitor, user } = res.locals.context;
    return {
      [STOREFRONT_CONTEXT_KEY]: storefrontReader(
        services.catalog,
        services.landingCopy,
        visitor,
        user,
      ),
      [PAYMENTS_CONTEXT_KEY]: thanks,
      [LEGAL_CONTEXT_KEY]: legal,
      [ARTICLES_CONTEXT_KEY]: articlesReader(services.articles, visitorOf(req)),
      // the staff console's pages are the site's 404 for anyone without a staff role
      [STAFF_CONTEXT_KEY]: { staff: Boolean(user && staffRoleOf(user.roles)) } as StaffPageAccess,
    };
  };
}
