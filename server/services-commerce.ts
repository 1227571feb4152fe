import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { BRAND_NAME } from '#shared/brand.ts';
import { createSandboxGateway } from './integrations/payments/sandbox-gateway.ts';
import { createStripeGateway } from './integrations/payments/stripe-gateway.ts';
import { createWebhookSender } from './integrations/webhooks/webhook-sender.ts';
import type { Resolver } from './lib/public-address.ts';
import type { createSecretBox } from './lib/secret-box.ts';
import type { CatalogService } from './modules/catalog/catalog.service.ts';
import { createFulfilmentService } from './modules/fulfilment/fulfilment.service.ts';
import { createOrderUpstreamActions } from './modules/fulfilment/order-upstream-actions.ts';
import {
  builtInSimulator,
  providerRegistry,
  simulatorWatcher,
} from './modules/fulfilment/providers.ts';
import { callCounter } from './modules/fulfilment/providers-admin.service.ts';
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
import { createReferralsService } from './modules/referrals/referrals.service.ts';
import { createWebhooksService } from './modules/reseller/webhooks.service.ts';
import { createLevelsService } from './modules/users/levels.service.ts';

import type { Root } from './services-site.ts';

/** Parts of the composition root (server/services.ts): payments, orders and the worker's rounds. */
/** Payments through their gateways, the methods offered, and the notifications they send. */
export function buildPayments({
  config,
  db,
  logger,
  catalog,
  paymentMethods,
}: Omit<Root, 'mailer'> & { catalog: CatalogService; paymentMethods?: PaymentMethodsService }) {
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
  return { sandbox, notifications, payments, methods };
}

/**
 * Orders and what they reach: referrals, providers (and the calls to them), resellers'
 * webhooks, levels; and what a settled payment does to them.
 */
export function buildOrders({
  config,
  db,
  logger,
  mailer,
  catalog,
  secrets,
  providerResolve,
  payments,
  methods,
  notifications,
}: Root & {
  catalog: CatalogService;
  secrets: ReturnType<typeof createSecretBox>;
  providerResolve: Resolver | undefined;
  payments: PaymentsService;
  methods: PaymentMethodsService;
  notifications: ReturnType<typeof createNotificationsService>;
}) {
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
  return { referrals, simulator, webhooks, providerOf, providerCalls, orders, levels };
}

/** The worker's rounds: subscriptions' accounts watched, orders sent to and followed at providers. */
export function buildWorker({
  config,
  db,
  logger,
  catalog,
  secrets,
  simulator,
  providerOf,
  providerCalls,
  orders,
}: Omit<Root, 'mailer'> & {
  catalog: CatalogService;
  secrets: ReturnType<typeof createSecretBox>;
  simulator: ReturnType<typeof builtInSimulator>;
  providerOf: ReturnType<typeof providerRegistry>;
  providerCalls: ReturnType<typeof callCounter>;
  orders: ReturnType<typeof createOrdersService>;
}) {
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
  return { watchSubscriptions, fulfilment };
}
