import { REFERRAL_SHARE } from '#shared/referrals.ts';
import type { Db } from '../../db/database.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { ledger } from '../ledger/ledger.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { accountCreatedAt, adoptReferrer, referrerOf } from '../users/users.service.ts';

export interface Delivery {
  /** the user who paid the order */
  buyerId: number;
  /** minor units of `currency` that were delivered (the paid value × the delivered share) */
  deliveredValue: number;
  currency: string;
  /** the order that was paid (a `_MULTI` order, not its row) */
  orderId: number;
  orderPublicId: string;
  /** the order or row that was delivered */
  rowPublicId: string;
  at: string;
}

export type ReferralsService = ReturnType<typeof createReferralsService>;

/** Referral bonuses: paid on delivery, in the referrer's currency, through the ledger. */
export function createReferralsService({
  catalog,
  notifications,
}: {
  catalog: CatalogService;
  notifications: NotificationsService;
}) {
  return {
    /** Inside the transaction that ended the order; nothing when the buyer was not referred. */
    async rewardDelivery(trx: Db, delivery: Delivery): Promise<void> {
      const referrer = await referrerOf(trx, delivery.buyerId);
      if (!referrer) return;
      const earned = Math.round(delivery.deliveredValue * REFERRAL_SHARE);
      const bonus = await catalog.convert(earned, delivery.currency, referrer.currency, trx);
      if (bonus <= 0) return;
      await ledger.bonus(trx, {
        userId: referrer.id,
        amount: bonus,
        orderId: delivery.orderId,
        note: `referral: ${delivery.rowPublicId}`,
        at: delivery.at,
      });
      await notifications.notify(trx, {
        userId: referrer.id,
        type: 'bonus',
        data: { order: delivery.orderPublicId, amount: bonus, currency: referrer.currency },
      });
    },

    /**
     * A guest order placed with a referral code was claimed by the account of its buyer: if
     * that account was made after the order (the guest signed up), the code's owner becomes
     * its referrer (never the buyer themselves, never replacing another).
     */
    async adoptFromOrder(
      trx: Db,
      claim: { userId: number; refCode: string; orderCreatedAt: string; at: string },
    ): Promise<void> {
      const since = await accountCreatedAt(trx, claim.userId);
      if (!since || since < claim.orderCreatedAt) return;
      await adoptReferrer(trx, claim.userId, claim.refCode, claim.at);
    },
  };
}
