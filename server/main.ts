import { collectDefaultMetrics } from 'prom-client';
import { createClient } from 'redis';
import { createApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { createReadiness } from './http/health.ts';
import { startMetricsServer } from './http/metrics.ts';
import { createLimits } from './http/rate-limit.ts';
import { type RunningServer, startServer } from './http-server.ts';
import { workerJobs } from './jobs/jobs.ts';
import { startWorker } from './jobs/worker.ts';
import { gaugeOf, registry } from './lib/metrics.ts';
import { preloadGeo } from './modules/geo/geo.service.ts';
import { attachLiveGateway } from './realtime/live-gateway.ts';
import { startLivePush } from './realtime/live-push.ts';
import { startStaffLive } from './realtime/staff-live.ts';
import { createAssets, loadManifest } from './ssr/assets.ts';

/**
 * Process entry: bootstrap → app → listen; SIGTERM/SIGINT drain (http-server.ts): readiness
 * fails at once, in-flight and already-sent requests are answered with `Connection: close`,
 * then the worker stops and the process exits 0.
 */
async function main(): Promise<void> {
  const { config, logger, database, services } = await bootstrap({ content: true });
  preloadGeo();
  // rate limits count in Redis when it is configured, so every instance agrees
  const redis = config.redisUrl ? createClient({ url: config.redisUrl }) : null;
  if (redis) {
    redis.on('error', (error: Error) => logger.error({ err: error }, 'limits: redis error'));
    await redis.connect();
  }
  // the server comes after the app: readiness asks it when probed
  let running: RunningServer | null = null;
  const app = createApp({
    services,
    config,
    logger,
    assets: createAssets(loadManifest(config.clientDir)),
    limits: createLimits(redis, `${config.liveChannelKey}:limits`),
    readiness: createReadiness({
      db: database.db,
      isDraining: () => running?.draining() ?? false,
      redisPing: redis ? () => redis.ping() : null,
    }),
  });
  const server = await startServer(app, {
    port: config.port,
    host: config.host,
    timeoutMs: config.shutdownTimeoutMs,
    delayMs: config.shutdownDelayMs,
    timeouts: {
      headersMs: config.headersTimeoutMs,
      keepAliveMs: config.keepAliveTimeoutMs,
      requestMs: config.requestTimeoutMs,
    },
    logger,
  });
  running = server;
  // the live channel shares the port; it pushes what the outbox holds, whoever wrote it
  const channel = await attachLiveGateway(server.server, {
    auth: services.auth,
    staffSignedIn: services.staffAuth.isSignedIn,
    redisUrl: config.redisUrl,
    channelKey: config.liveChannelKey,
    logger,
  });
  // staff consoles hear when orders move (their dashboard refreshes)
  const staffLive = startStaffLive({
    channel,
    lastChange: services.orders.staff.lastChange,
    intervalMs: 3_000,
    logger,
  });
  const push = startLivePush({
    notifications: services.notifications,
    publish: channel.publish,
    intervalMs: config.livePushMs,
    logger,
  });
  // what is counted when scraped: the process, payments by state, live sockets
  collectDefaultMetrics({ register: registry });
  gaugeOf('payments', 'Payments by state', ['state'], async (set) => {
    for (const [state, count] of Object.entries(await services.payments.countByStatus()))
      set({ state }, count);
  });
  gaugeOf('live_socket_connections', 'Live channel sockets on this instance', [], (set) =>
    set({}, channel.connections()),
  );
  const metricsServer = config.metricsPort
    ? await startMetricsServer(config.metricsPort, config.metricsHost)
    : null;
  logger.info(
    { port: server.port, env: config.nodeEnv, liveAdapter: config.redisUrl ? 'redis' : 'memory' },
    `listening on http://localhost:${server.port}`,
  );

  // the worker runs in this process unless WORKER_INTERVAL_MS=0 (then run it elsewhere)
  const worker = config.workerIntervalMs
    ? startWorker({
        jobs: workerJobs(services, config, logger),
        intervalMs: config.workerIntervalMs,
        logger,
      })
    : null;

  const stop = async (signal: string) => {
    // readiness fails at once; the listener closes after SHUTDOWN_DELAY_MS
    const drained = server.shutdown(signal);
    // live sockets would hold the server open: they reconnect to another instance
    staffLive.stop();
    await push.stop();
    await channel.close();
    const outcome = await drained;
    await worker?.stop();
    metricsServer?.close();
    await redis?.quit().catch(() => {});
    await database.close();
    logger.info({ outcome }, 'stopped');
    process.exit(outcome === 'clean' ? 0 : 1);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('failed to start', error);
  process.exit(1);
});
