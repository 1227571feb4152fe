import { startServer } from '#server/http-server.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { attachLiveGateway, type LiveGateway } from '#server/realtime/live-gateway.ts';
import { startLivePush } from '#server/realtime/live-push.ts';
import type { TestApp } from './app.ts';

/** A test app served on a loopback port with its live channel, as server/main.ts runs them. */
export interface LiveServer {
  port: number;
  gateway: LiveGateway;
  /** the push, the gateway and the server, stopped in that order */
  stop(): Promise<void>;
}

/** Serves `t.app` on a free loopback port with the live gateway and the push (every 100 ms). */
export async function startLiveServer(t: TestApp, logger: Logger): Promise<LiveServer> {
  const running = await startServer(t.app, { port: 0, host: '127.0.0.1', timeoutMs: 2000, logger });
  const gateway = await attachLiveGateway(running.server, {
    auth: t.services.auth,
    staffSignedIn: t.services.staffAuth.isSignedIn,
    redisUrl: null,
    logger,
  });
  const push = startLivePush({
    notifications: t.services.notifications as NotificationsService,
    publish: gateway.publish,
    intervalMs: 100,
    logger,
  });
  return {
    port: running.port,
    gateway,
    async stop() {
      await push.stop();
      await gateway.close();
      await running.shutdown('test');
    },
  };
}
