/**
 * `npm run worker`: the background worker as its own process (docs/architecture.md), beside web
 * instances started with WORKER_INTERVAL_MS=0. Same configuration as the server; several
 * workers may run against one PostgreSQL database (work is claimed with leases).
 */
import { collectDefaultMetrics } from 'prom-client';
import { bootstrap } from '#server/bootstrap.ts';
import { startMetricsServer } from '#server/http/metrics.ts';
import { workerJobs } from '#server/jobs/jobs.ts';
import { startWorker } from '#server/jobs/worker.ts';
import { registry } from '#server/lib/metrics.ts';
import { createLiveEmitter } from '#server/realtime/live-emitter.ts';
import { startLivePush } from '#server/realtime/live-push.ts';

const { config, logger, database, services } = await bootstrap();
const intervalMs = config.workerIntervalMs || 30_000;
const worker = startWorker({ jobs: workerJobs(services, config, logger), intervalMs, logger });
// with Redis the worker pushes its own notifications live at once; without it the web
// instance's outbox round picks them up (one web instance is then the set-up)
const emitter = config.redisUrl
  ? await createLiveEmitter({
      redisUrl: config.redisUrl,
      channelKey: config.liveChannelKey,
      logger,
    })
  : null;
const push = emitter
  ? startLivePush({
      notifications: services.notifications,
      publish: emitter.publish,
      intervalMs: config.livePushMs,
      logger,
    })
  : null;
// the worker's own metrics (job times, failures, lag, provider errors) on METRICS_PORT
collectDefaultMetrics({ register: registry });
const metricsServer = config.metricsPort
  ? await startMetricsServer(config.metricsPort, config.metricsHost)
  : null;
logger.info(
  { intervalMs, engine: database.engine, live: emitter ? 'redis-emitter' : 'web outbox' },
  'worker started',
);

const stop = async (signal: string) => {
  logger.info({ signal }, 'worker stopping');
  await worker.stop();
  await push?.stop();
  metricsServer?.close();
  await emitter?.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
// the loop's timer is unref'd: keep the process alive until a signal
setInterval(() => {}, 1 << 30);
