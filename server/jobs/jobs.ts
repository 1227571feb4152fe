import type { Config } from '../config.ts';
import { fetchCbrRates } from '../integrations/rates/cbr-rates.ts';
import type { Logger } from '../lib/logger.ts';
import type { Services } from '../services.ts';
import { createRatesJob } from './rates.ts';
import type { Job } from './worker.ts';

/** What the worker does each round. */
export function workerJobs(services: Services, config: Config, logger: Logger): Job[] {
  const ratesUrl = config.ratesUrl;
  const refreshRates = ratesUrl
    ? createRatesJob({
        catalog: services.catalog,
        fetchRates: () => fetchCbrRates(ratesUrl, 10_000),
        everyMs: config.ratesRefreshMs,
        logger,
      })
    : null;
  return [
    ...(refreshRates
      ? [
          {
            // docs/product.md §13: currencies refresh every 5 minutes; a failing source keeps the last
            name: 'currencies.refresh',
            run: refreshRates,
          },
        ]
      : []),
    {
      // c_orders/async: the orders accepted at once are placed here
      name: 'orders.intake',
      run: () => services.orders.processQueued(),
    },
    {
      // docs/product.md: payments left WAITING are re-checked with their gateway and expire
      name: 'payments.recheck',
      run: () =>
        services.payments.recheckWaiting({
          recheckAfterMs: config.paymentRecheckAfterMs,
          expireAfterMs: config.paymentExpireAfterMs,
        }),
    },
    {
      // subscriptions (auto orders) look at their accounts: a new post gets its post order
      name: 'orders.subscriptions',
      run: () => services.watchSubscriptions(),
    },
    {
      // paid orders go to their provider
      name: 'fulfilment.submit',
      run: () => services.fulfilment.submitDue(),
    },
    {
      // running orders are asked about (multi-status, 100 a call) and followed to the end
      name: 'fulfilment.sync',
      run: () => services.fulfilment.syncRunning(),
    },
    {
      // docs/product.md: unpaid orders expire once their payment is over
      name: 'orders.expire',
      run: () => services.orders.expireUnpaid({ afterMs: config.paymentExpireAfterMs }),
    },
    {
      // resellers' status webhooks: due deliveries get one attempt each (retried for 24 h)
      name: 'webhooks.deliver',
      run: () => services.webhooks.deliverDue(),
    },
    {
      // the deliveries' log keeps a month
      name: 'webhooks.forget',
      run: () => services.webhooks.forgetOld(),
    },
    {
      // GA4 and Metrika events queued by mp, mpy and yaHit (a dead endpoint only logs)
      name: 'analytics.forward',
      run: () => services.analytics.forwardDue(),
    },
    {
      // web-vitals measurements keep 30 days
      name: 'analytics.forget',
      run: () => services.analytics.forgetOldVitals(),
    },
    {
      // each service's figures from the orders of the last 30 days (/api/v2 services, the
      // service pages); this process's catalogue shows new ones at once, others within its TTL
      name: 'orders.service-stats',
      run: async () => {
        const done = await services.orders.serviceStats.refreshDue(config.serviceStatsEveryMs);
        if ('services' in done) services.catalog.invalidate();
        return done;
      },
    },
    {
      // a view counts once per visitor and day: records of past days are of no more use
      name: 'articles.views',
      run: () => services.articles.forgetOldViews(),
    },
  ];
}
