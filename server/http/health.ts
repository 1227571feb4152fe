import { type Request, type Response, Router } from 'express';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';

/** What /readyz reports per check: `ok`, `off` (not configured), or why it failed. */
export type ReadinessReport = Record<string, string>;
export type Readiness = () => Promise<{ ready: boolean; checks: ReadinessReport }>;

/** A check that takes longer than this counts as failed (a probe must answer quickly). */
const CHECK_TIMEOUT_MS = 2000;

const within = <T>(promise: Promise<T>): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);

/**
 * Readiness: not draining, the database answers, every migration this build knows
 * is applied, and Redis answers when it is configured. Load balancers send traffic only to a
 * ready instance; a draining one turns unready before it stops listening.
 */
export function createReadiness({
  db,
  isDraining,
  redisPing,
}: {
  db: Db;
  isDraining: () => boolean;
  /** null when no Redis is configured */
  redisPing: (() => Promise<unknown>) | null;
}): Readiness {
  let migrationsCurrent = false;
  const check = async (run: () => Promise<unknown>): Promise<string> => {
    try {
      await within(run());
      return 'ok';
    } catch (error) {
      return `failed: ${(error as Error)?.message ?? error}`.slice(0, 200);
    }
  };
  return async () => {
    const [database, migrations, redis] = await Promise.all([
      check(() => sql`select 1`.execute(db)),
      // once current, a running build stays current (a newer one migrates forward only)
      migrationsCurrent
        ? Promise.resolve('ok')
        : check(async () => {
            const pending = await pendingMigrations(db);
            if (pending.length) throw new Error(`pending: ${pending.join(', ')}`);
            migrationsCurrent = true;
          }),
      redisPing ? check(redisPing) : Promise.resolve('off'),
    ]);
    const checks = { draining: isDraining() ? 'yes' : 'no', database, migrations, redis };
    const ready =
      checks.draining === 'no' &&
      database === 'ok' &&
      migrations === 'ok' &&
      (redis === 'ok' || redis === 'off');
    return { ready, checks };
  };
}

/** `/healthz`: the process is alive; `/readyz`: it should get traffic. Before anything else. */
export function healthRoutes({ readiness }: { readiness: Readiness | null }): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok', uptime: Math.round(process.uptime()) });
  });
  router.get('/readyz', async (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!readiness) return res.json({ status: 'ready', checks: {} });
    const { ready, checks } = await readiness();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unready', checks });
  });
  return router;
}
