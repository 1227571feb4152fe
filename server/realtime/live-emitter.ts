import { Emitter } from '@socket.io/redis-emitter';
import { createClient } from 'redis';
import { LIVE_EVENT } from '#shared/notifications.ts';
import type { Logger } from '../lib/logger.ts';
import type { Publish } from '../modules/notifications/notifications.service.ts';
import { publishTo } from './live-gateway.ts';

/**
 * The worker process has no sockets: it emits into the users' rooms through Redis, and the
 * web instances' adapters hand the event to whichever holds the user's sockets.
 */
export async function createLiveEmitter({
  redisUrl,
  channelKey = 'socket.io',
  logger,
}: {
  redisUrl: string;
  /** the web instances' adapter key (LIVE_CHANNEL_KEY) */
  channelKey?: string;
  logger: Logger;
}): Promise<{ publish: Publish; close(): Promise<void> }> {
  const client = createClient({ url: redisUrl });
  client.on('error', (error: Error) => logger.error({ err: error }, 'live emitter: redis error'));
  await client.connect();
  const emitter = new Emitter(client, { key: channelKey });
  return {
    publish(userId, inLanguage) {
      publishTo((room, note) => emitter.to(room).emit(LIVE_EVENT, note), userId, inLanguage);
    },
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
