import type { IntlShape } from 'react-intl';
import { isCurrency } from '#shared/regions.ts';
import { isTemplate, textPattern, valuesOf } from '../../features/staff/staff-templates.ts';
import { formatMoney } from '../../lib/money.ts';

/**
 * The notes the server writes in English on an order's history and its ledger rows (orders,
 * fulfilment, subscriptions, referrals and withdrawals write them: server/modules/orders/*,
 * server/modules/fulfilment/*), each as the server writes it, a `{name}` for a part filled
 * in, with the console's message id. First match wins, so the generic ones come last. A note
 * not here (an adjustment's reason, a note of a new kind) is shown as it is.
 */
export const NOTE_IDS: readonly [template: string, id: string][] = [
  // payment
  ['paid', 'staff.note.paid'],
  ['paid from balance', 'staff.note.paidFromBalance'],
  ['not paid in time', 'staff.note.notPaidInTime'],
  ['payment failed', 'staff.note.paymentFailed'],
  // the buyer
  ['canceled by the buyer', 'staff.note.canceledByBuyer'],
  ['cancel requested', 'staff.note.cancelRequested'],
  ['refill requested: {refill}', 'staff.note.refillRequested'],
  // rows and refunds
  ['follows its links', 'staff.note.followsLinks'],
  ['refund due to the buyer: {amount} {currency}', 'staff.note.refundDueBuyer'],
  ['refund due: {amount} {currency}', 'staff.note.refundDue'],
  ['{unused} unused posts refunded', 'staff.note.unusedRefunded'],
  // subscriptions
  ['the subscription expired', 'staff.note.subscriptionExpired'],
  ['every post ordered', 'staff.note.everyPostOrdered'],
  ['watching {account}', 'staff.note.watching'],
  ['paused: {reason}', 'staff.note.paused'],
  ['the account is visible again', 'staff.note.visibleAgain'],
  // the provider
  ['submit outcome unknown: check with the provider', 'staff.note.checkNeeded'],
  ['no provider for {tag}', 'staff.note.noProvider'],
  ['submitted to {provider} as {order}', 'staff.note.submitted'],
  ['refused by {provider}: {reason}', 'staff.note.refusedBy'],
  ['{provider} unreachable for too long', 'staff.note.unreachable'],
  // staff
  ['switched to {provider} by staff', 'staff.note.switched'],
  ['sent again by staff', 'staff.note.sentAgain'],
  ['canceled by staff, refunded', 'staff.note.staffCanceled'],
  [
    'canceled by staff, refunded; the provider offers no cancel',
    'staff.note.staffCanceledNoCancel',
  ],
  ['canceled by staff, refunded; canceled at the provider', 'staff.note.staffCanceledAtProvider'],
  [
    'canceled by staff, refunded; the provider did not cancel: {reason}',
    'staff.note.staffCanceledNotAtProvider',
  ],
  ['marked partial by staff: {delivered} delivered', 'staff.note.markedPartial'],
  // ledger rows
  ['{unused} unused posts: {order}', 'staff.note.unusedPosts'],
  ['referral: {row}', 'staff.note.referral'],
  ['withdrawal: {id}', 'staff.note.withdrawal'],
  ['withdrawal returned: {id}', 'staff.note.withdrawalReturned'],
  ['{status:completed|partial|canceled|error|expired}: {order}', 'staff.note.refundOf'],
  // the provider's own end of an order (its status word)
  ['{provider}: {status:Completed|Partial|Canceled}', 'staff.note.providerEnd'],
];

const COMPILED = NOTE_IDS.map(([template, id]) => ({
  id,
  template,
  pattern: isTemplate(template) ? textPattern(template) : null,
}));

/** The message id and values of a note, if it is one the server writes. */
export function noteOf(note: string): { id: string; values: Record<string, string> } | null {
  for (const { id, template, pattern } of COMPILED) {
    if (!pattern) {
      if (note === template) return { id, values: {} };
      continue;
    }
    const values = valuesOf(pattern, note);
    if (values) return { id, values };
  }
  return null;
}

/** A note in the console's language; an unknown one as it is. */
export function noteText(intl: IntlShape, note: string | null): string {
  if (note === null) return '—';
  const known = noteOf(note);
  if (!known || !intl.messages[known.id]) return note;
  const { amount, currency, ...values } = known.values;
  // an amount in minor units of a currency, as money
  const money =
    amount !== undefined && currency !== undefined
      ? {
          amount: isCurrency(currency)
            ? formatMoney(intl, Number(amount), currency)
            : `${intl.formatNumber(Number(amount) / 100)} ${currency}`,
        }
      : {};
  return intl.formatMessage(
    { id: known.id },
    {
      ...values,
      ...money,
      ...(values.unused ? { unused: Number(values.unused) } : {}),
      ...(values.delivered ? { delivered: Number(values.delivered) } : {}),
    },
  );
}
