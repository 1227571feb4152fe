import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Logger } from './lib/logger.ts';

export interface RunningServer {
  server: Server;
  port: number;
  /** True from the moment a shutdown starts (the readiness probe answers 503). */
  draining(): boolean;
  /** Drains (see startServer) and resolves when every connection has closed. */
  shutdown(signal: string): Promise<'clean' | 'timeout'>;
}

/**
 * How long a kept-alive connection that is idle when the drain starts is left open: a client
 * between two requests (the next one already on the wire) is answered with
 * `Connection: close` rather than reset.
 */
export const IDLE_GRACE_MS = 1000;

/**
 * Listens and drains properly on shutdown:
 * 1. `draining()` turns true (readiness fails), and after `delayMs` the listener closes: no new
 *    connections;
 * 2. every response from then on, and every one in flight whose headers are not yet out,
 *    carries `Connection: close`, so each kept-alive connection ends after its next answer
 *    instead of being reset with a request already on its way;
 * 3. connections idle at the start are closed after IDLE_GRACE_MS (one that receives a
 *    request meanwhile is answered first), and whatever remains after `timeoutMs` is cut.
 */
export function startServer(
  handler: RequestListener,
  {
    port,
    host,
    timeoutMs,
    delayMs = 0,
    timeouts,
    logger,
  }: {
    port: number;
    host: string;
    timeoutMs: number;
    delayMs?: number;
    /** Node's server timeouts (config: HEADERS_, KEEP_ALIVE_, REQUEST_TIMEOUT_MS) */
    timeouts?: { headersMs: number; keepAliveMs: number; requestMs: number };
    logger: Logger;
  },
): Promise<RunningServer> {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  /** per open connection: since when it has been idle, or null while it serves a request */
  const idleSince = new Map<Socket, number | null>();
  const server = createServer((req, res) => {
    inFlight.add(res);
    idleSince.set(req.socket, null);
    res.once('close', () => {
      inFlight.delete(res);
      if (idleSince.has(req.socket)) idleSince.set(req.socket, Date.now());
    });
    if (draining) res.setHeader('Connection', 'close');
    handler(req, res);
  });
  if (timeouts) {
    server.headersTimeout = timeouts.headersMs;
    server.keepAliveTimeout = timeouts.keepAliveMs;
    server.requestTimeout = timeouts.requestMs;
  }
  server.on('connection', (socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => idleSince.delete(socket));
  });

  /** Closes the connections idle for IDLE_GRACE_MS: no request came, none will. */
  const sweep = (now: number) => {
    for (const [socket, since] of idleSince)
      if (since !== null && now - since >= IDLE_GRACE_MS) socket.destroy();
  };

  let stopping: Promise<'clean' | 'timeout'> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= new Promise((resolve) => {
      draining = true;
      const start = Date.now();
      logger.info(
        { signal, connections: idleSince.size },
        'draining: finishing in-flight requests',
      );
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      // an idle connection gets its grace from now
      for (const [socket, since] of idleSince) if (since !== null) idleSince.set(socket, start);
      const sweeper = setInterval(() => sweep(Date.now()), 100);
      sweeper.unref();
      const timer = setTimeout(() => {
        logger.warn({ connections: idleSince.size }, 'shutdown timed out: cutting connections');
        clearInterval(sweeper);
        for (const socket of idleSince.keys()) socket.destroy();
        resolve('timeout');
      }, timeoutMs);
      timer.unref();
      setTimeout(() => {
        // net.Server's close: stop listening and wait for the connections, without
        // http.Server's immediate closing of idle ones (their next request may be on its way)
        NetServer.prototype.close.call(server, () => {
          clearTimeout(timer);
          clearInterval(sweeper);
          resolve('clean');
        });
      }, delayMs).unref();
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
        draining: () => draining,
        shutdown,
      });
    });
  });
}
