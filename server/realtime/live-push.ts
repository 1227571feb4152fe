import type { Logger } from '../lib/logger.ts';
import type {
  NotificationsService,
  Publish,
} from '../modules/notifications/notifications.service.ts';

/** How soon after a notify() in this process the outbox is looked at (its commit comes first). */
const AFTER_WRITE_MS = 30;

/**
 * The outbox loop: every `intervalMs`, and soon after this process wrote a notification,
 * committed notifications not yet pushed go to the live channel. A failed round is logged
 * and tried again; rows stay unpushed until a round takes them.
 */
export function startLivePush({
  notifications,
  publish,
  intervalMs,
  logger,
}: {
  notifications: NotificationsService;
  publish: Publish;
  intervalMs: number;
  logger: Logger;
}): { stop(): Promise<void>; runNow(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let soon: NodeJS.Timeout | null = null;

  const round = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await notifications.pushPending(publish);
        } catch (error) {
          logger.error({ err: error }, 'live push round failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  const unsubscribe = notifications.onWritten(() => {
    if (soon || stopped) return;
    soon = setTimeout(() => {
      soon = null;
      void round();
    }, AFTER_WRITE_MS);
    soon.unref();
  });

  return {
    runNow: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      unsubscribe();
      await running;
    },
  };
}
