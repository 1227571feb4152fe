import type { StaffPage } from '#shared/staff.ts';
import type {
  StaffPaymentDetail,
  StaffPaymentEvent,
  StaffPaymentRow,
  StaffPerson,
} from '#shared/staff-money.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { staffUserReads } from '../users/users.service.ts';
import {
  eventsOfPayment,
  paymentById,
  paymentByPublicId,
  type StaffPaymentFilter,
  searchPayments,
} from './payments.repository.ts';
import type { PaymentEventRow, PaymentRow } from './payments.table.ts';

export type { StaffPaymentFilter };

export const STAFF_PAYMENT_ERRORS = { notFound: 'Payment not found' } as const;

const eventView = (row: PaymentEventRow): StaffPaymentEvent => ({
  id: row.id,
  source: row.source,
  status: row.status,
  settled: Boolean(row.settled),
  detail: row.detail,
  created_at: row.created_at,
});

export type StaffPayments = ReturnType<typeof createStaffPayments>;

/**
 * Payments as the staff console reads them: every payer's, filtered by number,
 * public id or gateway ref, payer, status, purpose, gateway, method and day; a payment's page
 * with the gateway's events. Read-only: payments change only by their gateway's word.
 */
export function createStaffPayments({ db }: { db: Db }) {
  async function rowsView(rows: PaymentRow[]): Promise<StaffPaymentRow[]> {
    const people = new Map<number, StaffPerson>(
      (
        await staffUserReads.namesOf(
          db,
          rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
        )
      ).map((user) => [user.id, user]),
    );
    return rows.map((row) => ({
      id: row.id,
      public_id: row.public_id,
      user: row.user_id === null ? null : (people.get(row.user_id) ?? null),
      purpose: row.purpose,
      method_id: Number(row.method_id),
      gateway: row.gateway,
      gateway_ref: row.gateway_ref,
      amount: Number(row.amount),
      currency: row.currency,
      status: row.status,
      created_at: row.created_at,
      updated_at: row.updated_at,
      settled_at: row.settled_at,
    }));
  }

  return {
    async list(
      filter: StaffPaymentFilter,
      paging: { page: number; limit: number },
    ): Promise<StaffPage<StaffPaymentRow>> {
      const { rows, total } = await searchPayments(db, filter, paging);
      return { items: await rowsView(rows), meta: { total, ...paging } };
    },

    /**
     * A payment by its number or public id, with its events. The order it pays is the
     * caller's to add (payments know nothing of orders).
     */
    async detail(ref: string): Promise<Omit<StaffPaymentDetail, 'order'>> {
      const row = /^\d{1,10}$/.test(ref)
        ? await paymentById(db, Number(ref))
        : /^[\w-]{1,64}$/.test(ref)
          ? await paymentByPublicId(db, ref)
          : undefined;
      if (!row) throw new AppError(STAFF_PAYMENT_ERRORS.notFound, 404);
      const [[view], events] = await Promise.all([rowsView([row]), eventsOfPayment(db, row.id)]);
      return {
        ...view!,
        return_path: row.return_path,
        checkout_url: row.checkout_url,
        events: events.map(eventView),
        deposit: row.purpose === 'deposit' ? { credited: row.status === 'SUCCESS' } : null,
      };
    },
  };
}
