import type { ReadHandlers } from './http/reads.ts';
import { articlesReads } from './modules/articles/articles.reads.ts';
import { catalogReads } from './modules/catalog/catalog.reads.ts';
import { contentReads } from './modules/content/content.reads.ts';
import { ledgerReadsOf } from './modules/ledger/ledger.reads.ts';
import { notificationsReads } from './modules/notifications/notifications.reads.ts';
import { ordersReads } from './modules/orders/orders.reads.ts';
import { paymentsReads } from './modules/payments/payments.reads.ts';
import { referralsReads } from './modules/referrals/referrals.reads.ts';
import { resellerReads } from './modules/reseller/reseller.reads.ts';
import { staffPageReads } from './modules/staff/staff-page-reads.ts';
import { levelsReads } from './modules/users/users.reads.ts';
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
    ...staffPageReads(services),
    // the cabinet's
    ...ledgerReadsOf({ ledgerReads: services.ledgerReads }),
    ...levelsReads({ levels: services.levels }),
    ...notificationsReads({ notifications: services.notifications }),
    ...referralsReads({ income: services.income, withdrawals: services.withdrawals }),
    ...resellerReads(services),
  };
}
