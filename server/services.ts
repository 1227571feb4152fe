import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { BRAND_NAME } from '../shared/brand.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createUnshortener } from './integrations/links/unshorten.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { createSandboxGateway } from './integrations/payments/sandbox-gateway.ts';
import { createStripeGateway } from './integrations/payments/stripe-gateway.ts';
import { createWebhookSender } from './integrations/webhooks/webhook-sender.ts';
import type { Logger } from './lib/logger.ts';
import type { Resolver } from './lib/public-address.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createArticlesService } from './modules/articles/articles.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { type CatalogService, createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCrawlService } from './modules/content/crawl.service.ts';
import { createGuideService } from './modules/content/guide.service.ts';
import { createLandingCopy } from './modules/content/landing-copy.service.ts';
import { createLegalService } from './modules/content/legal.service.ts';
import { createFulfilmentService } from './modules/fulfilment/fulfilment.service.ts';
import { createOrderUpstreamActions } from './modules/fulfilment/order-upstream-actions.ts';
import {
  builtInSimulator,
  providerRegistry,
  simulatorWatcher,
} from './modules/fulfilment/providers.ts';
import {
  callCounter,
  createProvidersAdmin,
  orderCalls,
} from './modules/fulfilment/providers-admin.service.ts';
import { createLedgerReads } from './modules/ledger/ledger-reads.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import {
  createPaymentMethodsService,
  type PaymentMethodsService,
} from './modules/payments/payment-methods.service.ts';
import {
  createPaymentsService,
  type PaymentsService,
} from './modules/payments/payments.service.ts';
import { createIncomeService } from './modules/referrals/income.service.ts';
import { createReferralsService } from './modules/referrals/referrals.service.ts';
import { createWithdrawalsService } from './modules/referrals/withdrawals.service.ts';
import { createApiKeysService } from './modules/reseller/api-keys.service.ts';
import { createMassOrdersService } from './modules/reseller/mass-orders.service.ts';
import { createPanelApiService } from './modules/reseller/panel-api.service.ts';
import { createWebhooksService } from './modules/reseller/webhooks.service.ts';
import { createAudit } from './modules/staff/audit.service.ts';
import { createStaffAdjustments } from './modules/staff/staff-adjustments.service.ts';
import { createStaffAuth } from './modules/staff/staff-auth.service.ts';
import { createStaffCatalogue } from './modules/staff/staff-catalogue.service.ts';
import { createStaffDashboard } from './modules/staff/staff-dashboard.service.ts';
import { createStaffUsers } from './modules/staff/staff-users.service.ts';
import { createLevelsService } from './modules/users/levels.service.ts';
import { createProfileService } from './modules/users/profile.service.ts';

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
  // SECRETS_KEY seals staff two-factor secrets and providers' API keys
  const secrets = createSecretBox(config.secretsKey);
  // the staff console: its own two-factor sign-in and the audit log
  const audit = createAudit({ db });
  const staffAuth = createStaffAuth({
    db,
    box: secrets,
    audit,
    sessionMs: config.staffSessionMs,
  });
  // a password changed or reset, or a deletion asked, ends the account's staff sessions too
  const auth = createAuthService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    onCredentialsChanged: staffAuth.signOutEverywhere,
  });
  // the sandbox gateway delivers its signed webhook in process, through the same check
  let paymentsRef: PaymentsService | null = null;
  const sandbox = createSandboxGateway({
    publicUrl: config.publicUrl,
    secret: config.sandboxSecret,
    deliver: async (body, headers) => {
      await paymentsRef?.handleWebhook('sandbox', body, headers);
    },
  });
  const notifications = createNotificationsService({ db });
  const payments = createPaymentsService({
    db,
    notifications,
    gateways: {
      ...(config.paymentSandbox ? { sandbox } : {}),
      ...(config.stripe
        ? {
            stripe: createStripeGateway({
              ...config.stripe,
              expiresAfterMs: config.paymentExpireAfterMs,
            }),
          }
        : {}),
    },
    publicUrl: config.publicUrl,
    logger,
    // a payment in another currency than its order's or the account's: the shop's rate
    convert: (minor, from, to) => catalog.convert(minor, from, to),
  });
  paymentsRef = payments;
  // a method is offered only when a gateway serves it (the balance needs none)
  const methods =
    paymentMethods ??
    createPaymentMethodsService({
      db,
      served: (gateway) => gateway === 'balance' || payments.gatewayFor(gateway) !== null,
    });
  const referrals = createReferralsService({ catalog, notifications });
  const simulator = builtInSimulator(catalog, {
    key: 'simulator-key',
    ...config.simulator,
  });
  const webhooks = createWebhooksService({
    db,
    send: createWebhookSender({
      allowPrivate: config.webhookAllowPrivate,
      timeoutMs: config.webhookTimeoutMs,
      userAgent: `${BRAND_NAME}-Webhooks/1.0`,
    }),
    allowPrivate: config.webhookAllowPrivate,
    logger,
  });
  // providers staff type in reach public addresses only, over https in production, unless
  // PROVIDER_ALLOW_PRIVATE; SIMULATOR_URL is the operator's own and not checked
  const providerOf = providerRegistry({
    db,
    simulator,
    simulatorUrl: config.simulatorUrl,
    box: secrets,
    allowPrivate: config.providerAllowPrivate,
    requireHttps: config.nodeEnv === 'production',
    ...(providerResolve ? { resolve: providerResolve } : {}),
  });
  // each provider call counted per hour (the staff console's error rate), an order's noted
  const providerCalls = callCounter(db);
  const orders = createOrdersService({
    db,
    catalog,
    paymentMethods: methods,
    payments,
    notifications,
    referrals,
    mailer,
    publicUrl: config.publicUrl,
    logger,
    // the buyer's cancel and refill reach the provider the order was placed with
    // (counted for the provider's error rate and noted on the order, as the worker's calls)
    upstream: createOrderUpstreamActions({ providerOf, catalog, logger, calls: providerCalls }),
    // a reseller's webhook hears of each change of their orders, in its transaction
    onStatus: webhooks.orderChanged,
  });
  // services carry their figures of the last 30 days (the service pages show them)
  catalog.figuresFrom(orders.serviceStats);
  const levels = createLevelsService({ db, catalog, payments, notifications });
  // what a settled payment does, in this order: inside the settling transaction its order is
  // paid (or closed), then its payer's discount level may rise; once committed, the receipt
  payments.onSettled(orders.paymentSettled);
  payments.onSettled(levels.paymentSettled);
  payments.onSettledCommitted(orders.paymentCommitted);
  const ledgerReads = createLedgerReads({ db, orders, payments });
  const withdrawals = createWithdrawalsService({
    db,
    notifications,
    withdrawMin: config.withdrawMin,
  });
  const profile = createProfileService({ db, auth, orders, payments, withdrawals });
  const income = createIncomeService({ db, ledgerReads, orders, withdrawMin: config.withdrawMin });
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const watcher = simulatorWatcher({
    db,
    simulator,
    simulatorUrl: config.simulatorUrl,
    box: secrets,
  });
  const subscriptions = orders.subscriptionsOn();
  /** one round of looking at subscriptions' accounts for new posts (the worker's job) */
  const watchSubscriptions = () =>
    subscriptions.watchDue({
      watcher,
      lease: { owner: workerId, leaseMs: config.workerLeaseMs },
      checkEveryMs: config.subscriptionCheckMs,
    });
  const fulfilment = createFulfilmentService({
    orders: orders.workOn(),
    providerOf,
    catalog,
    logger,
    options: {
      workerId,
      leaseMs: config.workerLeaseMs,
      syncEveryMs: config.fulfilmentSyncMs,
    },
    // each provider call counted per hour: the staff console's error rate
    calls: providerCalls,
  });
  const legal = createLegalService({
    dir: path.join(config.contentDir, 'legal'),
    details: {
      operator_name: config.legal.operatorName,
      operator_address: config.legal.operatorAddress,
      operator_registration: config.legal.operatorRegistration,
      operator_tax_id: config.legal.operatorTaxId,
      operator_jurisdiction: config.legal.operatorJurisdiction,
      contact_email: config.legal.contactEmail,
      privacy_email: config.legal.privacyEmail,
      site_url: config.publicUrl,
      brand: BRAND_NAME,
    },
  });
  const articles = createArticlesService({ db, dir: path.join(config.contentDir, 'articles') });
  const crawl = createCrawlService({
    publicUrl: config.publicUrl,
    articles,
    hiddenServicePages: () => catalog.hiddenServicePages(),
  });
  // the reseller API guide's examples: this shop's address and services (the panel's, below)
  const guide = createGuideService({
    dir: path.join(config.contentDir, 'api-guide'),
    facts: {
      apiUrl: `${config.publicUrl}/api/v2`,
      services: (lang) => panel.guideServices(lang),
    },
  });
  // the landings' own texts with staff's edits over them (the console's landing copy)
  const landingCopy = createLandingCopy({ db });
  const apiKeys = createApiKeysService({ db });
  const analytics = createAnalyticsService({
    db,
    forwarders: { ga4: config.ga4, metrika: config.metrika, timeoutMs: config.analyticsTimeoutMs },
    logger,
  });
  // POST unshorten: short links followed to their end, public addresses only
  const unshorten = createUnshortener();
  const panel = createPanelApiService({ catalog, orders });
  const staffDashboard = createStaffDashboard({
    db,
    orders,
    catalog,
    quietMs: config.staffQuietMs,
  });
  // balance adjustments: a moderator's within a rolling 24-hour cap, above it an admin's call
  const staffAdjustments = createStaffAdjustments({
    db,
    audit,
    convert: catalog.convert,
    limit: config.moderatorAdjustLimit,
    currency: config.moderatorAdjustCurrency,
  });
  const staffUsers = createStaffUsers({
    db,
    orders,
    payments,
    income,
    apiKeys,
    auth,
    staffAuth,
    audit,
    adjustments: staffAdjustments,
  });
  // the console's catalogue, prices, import and providers (issue 33.5, 33.6)
  const staffCatalogue = createStaffCatalogue({
    catalog,
    providers: createProvidersAdmin({ db, box: secrets, registry: providerOf, logger }),
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
