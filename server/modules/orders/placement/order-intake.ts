import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/app-error.ts';
import { newPublicId } from '#server/lib/ids.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { OrderInput } from '#shared/schemas/orders.schemas.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import { publicUserById } from '../../users/users.service.ts';
import {
  type IntakeView,
  type OrderContext,
  type PlacedOrder,
  toIntakeView,
  toOrderView,
} from '../order-views.ts';
import { orderOfIntake } from '../orders.repository.ts';
import {
  insertIntake,
  intakeByPublicId,
  intakeIds,
  takeIntake,
  updateIntake,
} from './order-intake.repository.ts';
import type { OrderPlacement } from './order-placement.ts';

/**
 * Async orders (POST c_orders/async): the payload is checked for form and kept; the worker
 * places it with the same `place()` as c_orders/main and keeps the answer or the refusal.
 */
export function createOrderIntake({
  db,
  place,
  payments,
  logger,
  now,
}: {
  db: Db;
  place: OrderPlacement['place'];
  payments: PaymentsService;
  logger: Logger;
  now: () => Date;
}) {
  const stamp = () => now().toISOString();

  /** An intake a dead worker left PROCESSING: finished from its order, else queued again. */
  async function recover(id: number): Promise<void> {
    const placed = await orderOfIntake(db, id);
    if (!placed) {
      await updateIntake(db, id, { status: 'QUEUED', updated_at: stamp() });
      return;
    }
    // its payment (if any) keeps the checkout page, so a card order can still be paid
    const payment = placed.payment_id ? await payments.byId(placed.payment_id) : undefined;
    const result: PlacedOrder = {
      order: toOrderView(placed),
      payment: payment ? { id: payment.public_id, status: payment.status } : null,
      redirect: payment?.checkout_url ?? null,
    };
    await updateIntake(db, id, {
      status: 'DONE',
      result: JSON.stringify(result),
      updated_at: stamp(),
    });
  }

  return {
    async queue(input: OrderInput, context: OrderContext): Promise<IntakeView> {
      const at = stamp();
      const row = await insertIntake(db, {
        public_id: newPublicId(),
        user_id: context.user?.id ?? null,
        payload: JSON.stringify(input),
        context: JSON.stringify({
          lang: context.lang,
          country: context.country,
          returnPath: context.returnPath,
          refCode: context.refCode ?? null,
        }),
        status: 'QUEUED',
        result: null,
        error: null,
        created_at: at,
        updated_at: at,
      });
      return toIntakeView(row);
    },

    async intake(publicId: string): Promise<IntakeView> {
      const row = await intakeByPublicId(db, publicId);
      if (!row) throw new AppError('Order not found', 404);
      return toIntakeView(row);
    },

    /**
     * The worker's round: queued intakes are claimed one by one (a conditional UPDATE, so two
     * workers never take the same) and placed like c_orders/main.
     */
    async processQueued({
      limit = 50,
      staleAfterMs = 5 * 60_000,
    }: {
      limit?: number;
      staleAfterMs?: number;
    } = {}): Promise<{ done: number; failed: number }> {
      const stale = new Date(now().getTime() - staleAfterMs).toISOString();
      for (const id of await intakeIds(db, { status: 'PROCESSING', updatedBefore: stale }))
        await recover(id);

      let done = 0;
      let failed = 0;
      for (const id of await intakeIds(db, { status: 'QUEUED', limit })) {
        const row = await takeIntake(db, id, stamp());
        if (!row) continue;
        const saved = JSON.parse(row.context) as Omit<OrderContext, 'user'>;
        const user = row.user_id ? await publicUserById(db, row.user_id) : null;
        try {
          const placed = await place(
            JSON.parse(row.payload) as OrderInput,
            { ...saved, user },
            { intakeId: row.id },
          );
          await updateIntake(db, row.id, {
            status: 'DONE',
            result: JSON.stringify(placed),
            updated_at: stamp(),
          });
          done += 1;
        } catch (error) {
          const message = error instanceof AppError ? error.message : 'An error occurred';
          if (!(error instanceof AppError))
            logger.error({ err: error, intake: row.public_id }, 'async order failed');
          await updateIntake(db, row.id, { status: 'FAILED', error: message, updated_at: stamp() });
          failed += 1;
        }
      }
      return { done, failed };
    },
  };
}
