import { createApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { startServer } from './http-server.ts';
import { workerJobs } from './jobs/jobs.ts';
import { startWorker } from './jobs/worker.ts';
import { preloadGeo } from './modules/geo/geo.service.ts';
import { attachLiveGateway } from './realtime/live-gateway.ts';
import { startLivePush } from './realtime/live-push.ts';
import { createAssets, loadManifest } from './ssr/assets.ts';

/** Process entry: bootstrap → app → listen; SIGTERM/SIGINT let in-flight requests finish. */
async function main(): Promise<void> {
  const { config, logger, database, services } = await bootstrap({ content: true });
  preloadGeo();
  let shuttingDown = false;
  const app = createApp({
    services,
    config,
    logger,
    assets: createAssets(loadManifest(config.clientDir)),
    isHealthy: () => !shuttingDown,
  });
  const running = await startServer(app, {
    port: config.port,
    host: config.host,
    timeoutMs: config.shutdownTimeoutMs,
    logger,
  });
  // the live channel shares the port; it pushes what the outbox holds, whoever wrote it
  const live = await attachLiveGateway(running.server, {
    auth: services.auth,
    redisUrl: config.redisUrl,
    channelKey: config.liveChannelKey,
    logger,
  });
  const push = startLivePush({
    notifications: services.notifications,
    publish: live.publish,
    intervalMs: config.livePushMs,
    logger,
  });
  logger.info(
    { port: running.port, env: config.nodeEnv, liveAdapter: config.redisUrl ? 'redis' : 'memory' },
    `listening on http://localhost:${running.port}`,
  );

  // the worker runs in this process unless WORKER_INTERVAL_MS=0 (then run it elsewhere)
  const worker = config.workerIntervalMs
    ? startWorker({
        jobs: workerJobs(services, config),
        intervalMs: config.workerIntervalMs,
        logger,
      })
    : null;

  const stop = async (signal: string) => {
    shuttingDown = true;
    // live sockets would hold the server open: they reconnect to another instance
    await push.stop();
    await live.close();
    const outcome = await running.shutdown(signal);
    await worker?.stop();
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
