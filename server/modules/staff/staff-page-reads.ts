import type { ReadHandlers } from '../../http/reads.ts';
import type { Services } from '../../services.ts';
import { staffCatalogueReads, staffProvidersReads } from './sections/staff-catalogue.reads.ts';
import { staffContentReads } from './sections/staff-content.reads.ts';
import { staffMoneyReads } from './sections/staff-money.reads.ts';
import { staffOrdersReads, staffUsersReads } from './sections/staff-sections.reads.ts';
import { staffReads } from './staff.reads.ts';

/**
 * Every read of the staff console (its session, dashboard and audit log, and each section's),
 * for the staff pages' loader in process (server/page-reads.ts): the handlers the console's
 * GET routes serve, each asking the staff gate itself.
 */
export function staffPageReads(services: Services): ReadHandlers {
  const { staffAuth, staffCatalogue: catalogue } = services;
  return {
    ...staffReads({
      staffAuth,
      adjustments: services.staffAdjustments,
      dashboard: services.staffDashboard,
      audit: services.audit,
    }),
    ...staffOrdersReads({ staffAuth, orders: services.orders, callsOf: services.orderCalls }),
    ...staffUsersReads({
      staffAuth,
      users: services.staffUsers,
      adjustments: services.staffAdjustments,
    }),
    ...staffCatalogueReads({ staffAuth, catalogue }),
    ...staffProvidersReads({ staffAuth, catalogue }),
    ...staffMoneyReads({
      staffAuth,
      payments: services.payments,
      orders: services.orders,
      withdrawals: services.withdrawals,
    }),
    ...staffContentReads({
      staffAuth,
      articles: services.articles,
      landingCopy: services.landingCopy,
    }),
  };
}
