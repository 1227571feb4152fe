import type { ReadHandlers } from './http/reads.ts';
import { articlesReads } from './modules/articles/articles.reads.ts';
import { catalogReads } from './modules/catalog/catalog.reads.ts';
import { contentReads } from './modules/content/content.reads.ts';
import { ordersReads } from './modules/orders/orders.reads.ts';
import { paymentsReads } from './modules/payments/payments.reads.ts';
import { staffReads } from './modules/staff/staff.reads.ts';
import type { Services } from './services.ts';

/**
 * The API's reads the pages' loaders call in process on the server (server/ssr/in-process-api.ts):
 * the same handlers the modules' GET routes serve, so a loader gets one answer on both sides.
 */
export function pageReads(services: Services): ReadHandlers {
  const { catalog, paymentMethods, payments, orders } = services;
  return {
    ...catalogReads({ catalog, paymentMethods }),
    ...contentReads({
      legal: services.legal,
      guide: services.guide,
      landingCopy: services.landingCopy,
    }),
    ...articlesReads({ articles: services.articles }),
    ...ordersReads({ orders }),
    ...paymentsReads({ payments, orders, paymentMethods }),
    ...staffReads({ staffAuth: services.staffAuth, adjustments: services.staffAdjustments }),
  };
}
