import type { Logger } from '../lib/logger.ts';
import { jobDuration, jobFailures, workerLag, workerLastRound } from '../lib/metrics.ts';

export interface Job {
  name: string;
  run(): Promise<unknown>;
}

export interface Worker {
  /** Runs every job once, one after the other (tests call this directly). */
  tick(): Promise<void>;
  /** Stops the loop; resolves when the round in progress has finished. */
  stop(): Promise<void>;
}

/**
 * The background worker (docs/architecture.md): a loop that runs its jobs every `intervalMs`. A job
 * that throws is logged and the others still run; rounds never overlap.
 */
export function startWorker({
  jobs,
  intervalMs,
  logger,
}: {
  jobs: Job[];
  intervalMs: number;
  logger: Logger;
}): Worker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function tick() {
    for (const job of jobs) {
      const end = jobDuration.startTimer({ job: job.name });
      try {
        const result = await job.run();
        logger.debug({ job: job.name, result }, 'job done');
      } catch (error) {
        jobFailures.inc({ job: job.name });
        logger.error({ err: error, job: job.name }, 'job failed');
      } finally {
        end();
      }
    }
    workerLastRound.setToCurrentTime();
  }

  const schedule = () => {
    if (stopped) return;
    const due = Date.now() + intervalMs;
    timer = setTimeout(() => {
      workerLag.set(Math.max(0, Date.now() - due) / 1000);
      running = tick().finally(() => {
        running = null;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
