import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createUnshortener } from './integrations/links/unshorten.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { Logger } from './lib/logger.ts';
import type { Resolver } from './lib/public-address.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { type CatalogService, createCatalogService } from './modules/catalog/catalog.service.ts';
import { orderCalls } from './modules/fulfilment/providers-admin.service.ts';
import { createLedgerReads } from './modules/ledger/ledger-reads.service.ts';
import type { PaymentMethodsService } from './modules/payments/payment-methods.service.ts';
import { createIncomeService } from './modules/referrals/income.service.ts';
import { createWithdrawalsService } from './modules/referrals/withdrawals.service.ts';
import { createApiKeysService } from './modules/reseller/api-keys.service.ts';
import { createMassOrdersService } from './modules/reseller/mass-orders.service.ts';
import { createPanelApiService } from './modules/reseller/panel-api.service.ts';
import { createProfileService } from './modules/users/profile.service.ts';
import { buildOrders, buildPayments, buildWorker } from './services-commerce.ts';
import { buildAccounts, buildContent, buildStaff } from './services-site.ts';

/**
 * The domain services, made once per process and shared by the HTTP app and the worker.
 * Tests may hand in their own catalogue, payment methods or resolver of providers' names.
 */
export function createServices({
  config,
  logger,
  db,
  mailer,
  catalog = createCatalogService({ db }),
  paymentMethods,
  providerResolve,
}: {
  config: Config;
  logger: Logger;
  db: Db;
  mailer: Mailer;
  catalog?: CatalogService;
  paymentMethods?: PaymentMethodsService;
  /** how providers' host names are resolved (tests hand in their own) */
  providerResolve?: Resolver;
}) {
  const root = { config, logger, db, mailer };
  const { secrets, audit, staffAuth, auth } = buildAccounts(root);
  const { sandbox, notifications, payments, methods } = buildPayments({
    ...root,
    catalog,
    ...(paymentMethods ? { paymentMethods } : {}),
  });
  const { referrals, simulator, webhooks, providerOf, providerCalls, orders, levels } = buildOrders(
    { ...root, catalog, secrets, providerResolve, payments, methods, notifications },
  );
  const ledgerReads = createLedgerReads({ db, orders, payments });
  const withdrawals = createWithdrawalsService({
    db,
    notifications,
    withdrawMin: config.withdrawMin,
  });
  const profile = createProfileService({ db, auth, orders, payments, withdrawals });
  const income = createIncomeService({ db, ledgerReads, orders, withdrawMin: config.withdrawMin });
  const { watchSubscriptions, fulfilment } = buildWorker({
    ...root,
    catalog,
    secrets,
    simulator,
    providerOf,
    providerCalls,
    orders,
  });
  const { legal, articles, crawl, guide, landingCopy } = buildContent({
    ...root,
    catalog,
    // the reseller API guide's examples: the panel's services (below)
    guideServices: (lang) => panel.guideServices(lang),
  });
  const apiKeys = createApiKeysService({ db });
  const analytics = createAnalyticsService({
    db,
    forwarders: { ga4: config.ga4, metrika: config.metrika, timeoutMs: config.analyticsTimeoutMs },
    logger,
  });
  // POST unshorten: short links followed to their end, public addresses only
  const unshorten = createUnshortener();
  const panel = createPanelApiService({ catalog, orders });
  const { staffDashboard, staffAdjustments, staffUsers, staffCatalogue } = buildStaff({
    ...root,
    catalog,
    secrets,
    providerOf,
    orders,
    payments,
    income,
    apiKeys,
    auth,
    staffAuth,
    audit,
  });
  // the cabinet's mass order: /api/v2's numbers and rates, placed as one transaction
  const massOrders = createMassOrdersService({ catalog, orders });
  return {
    staffAuth,
    audit,
    staffUsers,
    staffAdjustments,
    staffDashboard,
    /** orders' calls to their providers and the answers (the staff console's order page) */
    orderCalls: (ids: number[]) => orderCalls(db, ids),
    staffCatalogue,
    secrets,
    apiKeys,
    panel,
    massOrders,
    webhooks,
    unshorten,
    analytics,
    crawl,
    guide,
    landingCopy,
    auth,
    legal,
    articles,
    profile,
    notifications,
    referrals,
    simulator,
    fulfilment,
    watchSubscriptions,
    catalog,
    paymentMethods: methods,
    payments,
    orders,
    levels,
    ledgerReads,
    income,
    withdrawals,
    sandbox: config.paymentSandbox ? sandbox : null,
  };
}

export type Services = ReturnType<typeof createServices>;
