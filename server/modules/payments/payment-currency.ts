import type { Currency } from '#shared/regions.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentRow } from './payments.table.ts';

export const PAYMENT_CURRENCY_ERRORS = {
  rate: 'The exchange rate has changed: check the new amount and pay again',
  noRate: 'Paying in this currency is not available right now',
} as const;

/** A charge in the currency a method takes, and what it is worth in the one it pays for. */
export interface Charge {
  amount: number;
  currency: Currency;
  credit?: { amount: number; currency: Currency };
}

/** What a payment is worth to the shop: its credit, or (older rows) its charge. */
export const creditOf = (payment: PaymentRow): { amount: number; currency: string } => ({
  amount: Number(payment.credit_amount ?? payment.amount),
  currency: payment.credit_currency ?? payment.currency,
});

/**
 * What paying `amount` of `currency` costs in `payIn`, the currency of a method that does not
 * take `currency` (a rouble account paying by a card that takes dollars): converted at the
 * shop's rate (shared/currency-conversion.ts, as the page showed it). `seen` is the charge the
 * page showed: another one means the rate moved since (409, nothing charged).
 */
export function chargeIn(convert: (minor: number, from: string, to: string) => Promise<number>) {
  return async (
    amount: number,
    currency: Currency,
    payIn?: Currency,
    seen?: number,
  ): Promise<Charge> => {
    if (!payIn || payIn === currency) return { amount, currency };
    const charge = await convert(amount, currency, payIn);
    if (charge <= 0) throw new AppError(PAYMENT_CURRENCY_ERRORS.noRate, 400);
    if (seen !== undefined && seen !== charge)
      throw new AppError(PAYMENT_CURRENCY_ERRORS.rate, 409);
    return { amount: charge, currency: payIn, credit: { amount, currency } };
  };
}
