import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createFulfilmentService } from '#server/modules/fulfilment/fulfilment.service.ts';
import { providerRegistry } from '#server/modules/fulfilment/providers.ts';
import type { TestApp } from './app.ts';

const logger = createLogger(loadConfig({ NODE_ENV: 'test' }));

/** A fulfilment worker whose clock runs `aheadMs` ahead, on the test app's own simulator. */
export function testWorker(t: TestApp, aheadMs: number) {
  const clock = () => new Date(Date.now() + aheadMs);
  return createFulfilmentService({
    orders: t.services.orders.workOn(clock),
    providerOf: providerRegistry({
      db: t.database.db,
      simulator: t.services.simulator,
      simulatorUrl: null,
    }),
    catalog: t.services.catalog,
    logger,
    now: clock,
    options: { workerId: `test-${aheadMs}` },
  });
}
