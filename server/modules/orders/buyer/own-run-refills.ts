import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { RefillView } from '#shared/orders.ts';
import type { OrderLifecycle } from '../lifecycle/order-lifecycle.ts';
import { rowsOf } from '../orders.repository.ts';
import type { OrderRefillRow, OrderRow } from '../orders.table.ts';
import type { OrderUpstream } from '../work/order-upstream.ts';
import {
  delivered,
  OWN_ORDER_ERRORS,
  refillEnded,
  refillOfRuns,
  refillRunning,
  toRefillView,
} from './own-order-rules.ts';
import {
  insertRefill,
  latestRefills,
  refillsMadeAt,
  setRefillStatus,
} from './own-orders.repository.ts';

/**
 * A drip-feed order's refill, through its runs (docs/api.md, refill): which runs may be
 * refilled, the refill asked of each run's provider, and the order's refill status from its
 * runs' (own-orders.ts uses them for the cabinet and the reseller API alike).
 */
export function createRunRefills({
  db,
  lifecycle,
  upstream,
  logger,
  now,
}: {
  db: Db;
  lifecycle: OrderLifecycle;
  upstream: OrderUpstream;
  logger: Logger;
  now: () => Date;
}) {
  /**
   * The runs of a drip-feed order its provider may refill now: delivered, no refill of their
   * own still running, their service refilled by the provider they were placed with.
   */
  async function refillableRuns(runs: OrderRow[], refills: Map<number, OrderRefillRow>) {
    const free = runs.filter((run) => delivered(run) && !refillRunning(refills.get(run.id)));
    const offered: OrderRow[] = [];
    for (const run of free) if (await upstream.allows(run, 'refill')) offered.push(run);
    return offered;
  }

  /**
   * A drip-feed order is refilled as one order, for all it delivered: each run its provider
   * may refill now is refilled there (a run it refuses, out of its refill window, is left
   * out), each run's refill is kept as its own, and one refill of the order stands for them
   * (its number is the reseller API's refill id; its provider id lists the runs' ids).
   */
  async function refillRuns(
    order: OrderRow,
    runs: OrderRow[],
    alsoIn?: (trx: Db) => Promise<void>,
  ): Promise<void> {
    if (!delivered(order)) throw new AppError(OWN_ORDER_ERRORS.refillNotAllowed, 409);
    const refills = await latestRefills(db, [order.id, ...runs.map((run) => run.id)]);
    if (refillRunning(refills.get(order.id)))
      throw new AppError(OWN_ORDER_ERRORS.refillRunning, 409);
    const done = runs.filter(delivered);
    if (!done.length) throw new AppError(OWN_ORDER_ERRORS.refillNotAllowed, 409);
    if (done.every((run) => refillRunning(refills.get(run.id))))
      throw new AppError(OWN_ORDER_ERRORS.refillRunning, 409);
    const offered = await refillableRuns(runs, refills);
    if (!offered.length) throw new AppError(OWN_ORDER_ERRORS.refillNotOffered, 409);
    const accepted: { run: OrderRow; id: string }[] = [];
    let down = false;
    let refusal: string | null = null;
    for (const run of offered) {
      const answer = await upstream.refill(run);
      if (answer.ok) accepted.push({ run, id: answer.value });
      else if (answer.reason === 'unavailable') down = true;
      else refusal ??= answer.message;
    }
    if (!accepted.length) {
      if (down) throw new AppError(OWN_ORDER_ERRORS.providerDown, 503);
      throw new AppError(`${OWN_ORDER_ERRORS.refillNotAllowed}: ${refusal}`, 409);
    }
    const at = now().toISOString();
    const ids = accepted.map(({ id }) => id).join(',');
    await db.transaction().execute(async (trx) => {
      for (const { run, id } of accepted) {
        await insertRefill(trx, {
          order_id: run.id,
          provider_refill_id: id,
          status: 'Pending',
          at,
        });
        await lifecycle.record(trx, [run.id], run.status, at, `refill requested: ${id}`);
      }
      // inserted last: the order's latest refill, made at the same time as its runs'
      await insertRefill(trx, {
        order_id: order.id,
        provider_refill_id: ids,
        status: 'Pending',
        at,
      });
      await lifecycle.record(
        trx,
        [order.id],
        order.status,
        at,
        `refill of ${accepted.length} of ${runs.length} runs requested: ${ids}`,
      );
      await alsoIn?.(trx);
    });
    logger.info({ order: order.public_id, runs: accepted.length }, 'drip-feed refill requested');
  }

  /**
   * A drip-feed order's refill, from its runs' refills made with it: each still running is
   * asked of its provider; the order's says what they say together (refillOfRuns).
   */
  async function runsRefillStatus(order: OrderRow, latest: OrderRefillRow): Promise<RefillView> {
    const runs = await rowsOf(db, [order.id]);
    const made = await refillsMadeAt(
      db,
      runs.map((run) => run.id),
      latest.created_at,
    );
    const at = now().toISOString();
    const words: string[] = [];
    for (const refill of made) {
      const run = runs.find((each) => each.id === refill.order_id);
      let status = refill.status;
      if (run && !refillEnded(status)) {
        const answer = await upstream.refillStatus(run, refill.provider_refill_id);
        if (answer.ok && answer.value !== status) {
          await setRefillStatus(db, refill.id, answer.value, at);
          status = answer.value;
        }
      }
      words.push(status);
    }
    const status = refillOfRuns(words) ?? latest.status;
    if (status === latest.status) return toRefillView(latest);
    await setRefillStatus(db, latest.id, status, at);
    return toRefillView({ ...latest, status, updated_at: at });
  }

  return { refillableRuns, refillRuns, runsRefillStatus };
}
