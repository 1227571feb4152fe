import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from './lib/logger.ts';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  shutdown(signal: string): Promise<'clean' | 'timeout'>;
}

/**
 * Listens and knows how to stop gracefully: new connections are refused, idle keep-alive
 * sockets are closed, busy ones finish their response; after `timeoutMs` the rest are cut.
 */
export function startServer(
  handler: RequestListener,
  {
    port,
    host,
    timeoutMs,
    logger,
  }: { port: number; host: string; timeoutMs: number; logger: Logger },
): Promise<RunningServer> {
  const server = createServer(handler);
  let stopping: Promise<'clean' | 'timeout'> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= new Promise((resolve) => {
      logger.info({ signal }, 'shutting down: finishing in-flight requests');
      const timer = setTimeout(() => {
        logger.warn('shutdown timed out: closing the remaining connections');
        server.closeAllConnections();
        resolve('timeout');
      }, timeoutMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve('clean');
      });
      server.closeIdleConnections();
    });
    return stopping;
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : port,
        shutdown,
      });
    });
  });
}
