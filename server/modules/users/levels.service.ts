import type { LevelView, PremiumStatuses } from '#shared/ledger.ts';
import type { NotificationView } from '#shared/notifications.ts';
import { levelReached } from '#shared/pricing.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import type { PublicUser } from '#shared/user.ts';
import type { Db } from '../../db/database.ts';
import type { CatalogService, DiscountLevelView } from '../catalog/catalog.service.ts';
import { findUserForUpdate, raiseDiscountLevel } from './users.repository.ts';

/** The catalogue's levels (the table prices use) with thresholds in one currency's minor units. */
export function levelsIn(levels: readonly DiscountLevelView[], currency: Currency): LevelView[] {
  return [...levels]
    .sort((a, b) => a.level - b.level)
    .map((level) => ({
      level: level.level,
      from: level.from[currency],
      percent: { ...level.percent },
      personalManager: level.personal_manager,
    }));
}

export type LevelsService = ReturnType<typeof createLevelsService>;

/**
 * What levels ask of the payments and notifications modules, stated here so that users
 * imports neither (server/services.ts passes their services).
 */
export interface LevelsDeps {
  db: Db;
  catalog: Pick<CatalogService, 'levels'>;
  payments: {
    /** total paid in by settled payments in one currency, minor units */
    paidIn(trx: Db, userId: number, currency: string): Promise<number>;
  };
  notifications: {
    notify(
      trx: Db,
      notification: { userId: number; type: string; data: NotificationView['data'] },
    ): Promise<void>;
  };
}

/**
 * Discount levels (docs/product.md): reached by total paid in (settled payments in the account
 * currency) and never lowered. The level rises in the transaction that settles a payment,
 * so the next price a user is quoted already carries it.
 */
export function createLevelsService({ db, catalog, payments, notifications }: LevelsDeps) {
  /** Raises a user to the level their total paid in reaches; answers the new level or null. */
  async function raise(trx: Db, userId: number, at: string): Promise<number | null> {
    // the row lock makes a second settlement of this user wait and then see this one's sum
    const user = await findUserForUpdate(trx, userId);
    if (!user || !isCurrency(user.cur)) return null;
    const held = Number(user.discount_level);
    const paid = await payments.paidIn(trx, userId, user.cur);
    const levels = levelsIn(await catalog.levels(trx), user.cur);
    const level = levelReached(levels, paid, { held, referred: user.referrer_id !== null });
    const reached = levels.find((entry) => entry.level === level);
    if (!reached || level <= held || !(await raiseDiscountLevel(trx, userId, level, at)))
      return null;
    await notifications.notify(trx, {
      userId,
      type: 'level.reached',
      data: { level, percent: Math.max(...Object.values(reached.percent)) },
    });
    return level;
  }

  return {
    raise,

    /** A payment settled, inside its transaction (wired in server/services.ts): a successful one may lift its payer's level. */
    async paymentSettled(trx: Db, payment: { status: string; user_id: number | null }, at: string) {
      if (payment.status === 'SUCCESS' && payment.user_id !== null)
        await raise(trx, payment.user_id, at);
    },

    /**
     * `user/premium_statuses`: the levels in the user's currency with theirs, the total paid
     * in and what is left to the next; a guest gets the levels in the visitor's currency.
     */
    async statusesOf(user: PublicUser | null, visitorCurrency: Currency): Promise<PremiumStatuses> {
      const currency = user && isCurrency(user.cur) ? user.cur : visitorCurrency;
      const levels = levelsIn(await catalog.levels(), currency);
      if (!user) return { levels, current: null, paid_in: null, next: null, currency };
      const paid = await payments.paidIn(db, user.id, currency);
      const next = levels.find((level) => level.level > user.discountLevel);
      return {
        levels,
        current: user.discountLevel,
        paid_in: paid,
        next: next
          ? { level: next.level, from: next.from, left: Math.max(0, next.from - paid) }
          : null,
        currency,
      };
    },
  };
}
