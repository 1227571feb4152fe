import type { Logger } from '../lib/logger.ts';
import type { LiveGateway } from './live-gateway.ts';

/**
 * The staff dashboard live: while a staff console listens on this instance, the
 * latest change of any order is looked at every `intervalMs` (one indexed MAX, whoever made
 * the change: this process, another instance or the worker), and the staff room is told
 * when it moved; the console then fetches what changed.
 */
export function startStaffLive({
  channel,
  lastChange,
  intervalMs,
  logger,
}: {
  channel: Pick<LiveGateway, 'toStaff' | 'staffListening'>;
  lastChange: () => Promise<string | null>;
  intervalMs: number;
  logger: Logger;
}): { stop(): void; tick(): Promise<void> } {
  let seen: string | null | undefined;
  const tick = async () => {
    if (!channel.staffListening()) return;
    try {
      const at = await lastChange();
      if (seen !== undefined && at !== null && at !== seen) channel.toStaff({ kind: 'orders', at });
      seen = at;
    } catch (error) {
      logger.warn({ err: error }, 'staff live: looking for changes failed');
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
