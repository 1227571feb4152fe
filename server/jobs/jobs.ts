import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import type { Job } from './worker.ts';

/** What the worker does each round. */
export function workerJobs(services: Services, config: Config): Job[] {
  return [
    {
      // c_orders/async: the orders accepted at once are placed here
      name: 'orders.intake',
      run: () => services.orders.processQueued(),
    },
    {
      // DOMAIN.md: payments left WAITING are re-checked with their gateway and expire
      name: 'payments.recheck',
      run: () =>
        services.payments.recheckWaiting({
          recheckAfterMs: config.paymentRecheckAfterMs,
          expireAfterMs: config.paymentExpireAfterMs,
        }),
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
      // DOMAIN.md: unpaid orders expire once their payment is over
      name: 'orders.expire',
      run: () => services.orders.expireUnpaid({ afterMs: config.paymentExpireAfterMs }),
    },
    {
      // a view counts once per visitor and day: records of past days are of no more use
      name: 'articles.views',
      run: () => services.articles.forgetOldViews(),
    },
  ];
}
