import { createServer } from 'node:http';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { createAssets, loadManifest } from './ssr/assets.ts';

/** Process entry: config → app → listen; SIGTERM/SIGINT finish in-flight requests first. */
function main(): void {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config);
  let shuttingDown = false;
  const app = createApp({
    config,
    logger,
    assets: createAssets(loadManifest(config.clientDir)),
    isHealthy: () => !shuttingDown,
  });
  const server = createServer(app);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, env: config.nodeEnv }, `listening on http://localhost:${port}`);
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close(() => {
      logger.info('stopped');
      process.exit(0);
    });
    // idle keep-alive sockets would hold close() open; busy ones finish their response
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn('shutdown timed out: closing remaining connections');
      server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main();
