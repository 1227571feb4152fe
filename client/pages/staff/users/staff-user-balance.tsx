import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { formatMoney } from '#client/lib/money.ts';
import { isCurrency } from '#shared/regions.ts';
import type { StaffAdjustCap, StaffUserDetail } from '#shared/staff.ts';
import styles from '../staff.module.css';
import { invalidProps, StaffField, useFieldIds } from '../staff-fields.tsx';

/** "12.50" or "-3" in major units → signed minor units (×100), or null if it is no amount. */
export function minorOf(text: string): number | null {
  const normal = text.trim().replace(',', '.').replace(/\s/g, '');
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(normal)) return null;
  const minor = Math.round(Number(normal) * 100);
  return minor === 0 ? null : minor;
}

/** A moderator's 24-hour cap in money, and what they used of it (`GET staff/me`). */
function CapNote({ cap }: { cap: StaffAdjustCap }) {
  const intl = useIntl();
  const money = (minor: number) =>
    isCurrency(cap.currency)
      ? formatMoney(intl, minor, cap.currency)
      : `${intl.formatNumber(minor / 100)} ${cap.currency}`;
  return (
    <p className={styles.muted} style={{ width: '100%', margin: 0 }} data-testid="staff-adjust-cap">
      <FormattedMessage
        id="staff.user.cap"
        values={{ limit: money(cap.limit), used: money(cap.used) }}
      />
    </p>
  );
}

/**
 * Adjust the balance: a signed amount in the user's currency and a reason, both required; a
 * moderator sees their cap beside it (the page's loader reads `me` again after the write).
 */
export function BalanceForm({
  user,
  onDone,
}: {
  user: StaffUserDetail;
  /** the adjustment was made, or waits for an admin */
  onDone: (waiting: boolean) => void;
}) {
  const intl = useIntl();
  const { me } = useStaffSession();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  /** the form's own check before the call */
  const [checked, setChecked] = useState<{ amount?: string; reason?: string }>({});
  const form = useRef<HTMLFormElement>(null);
  /** the adjustments the account had when the form was sent (the page is read again after) */
  const before = useRef<number[]>([]);
  const adjust = useStaffWrite('POST staff/users/:id/balance', {
    done: (next) => {
      // above a moderator's 24-hour cap the answer lists one more adjustment waiting
      onDone(next.adjustments.some((item) => !before.current.includes(item.id)));
      setAmount('');
      setReason('');
    },
    // a 400 naming the fields marks them, and the first takes the focus
    failed: () => focusFirstInvalid(form.current),
  });
  const refused = adjust.error;
  const named = Boolean(refused?.fields.amount || refused?.fields.reason);
  const errors = {
    amount: checked.amount ?? refused?.fields.amount,
    reason: checked.reason ?? refused?.fields.reason,
    form: refused && !named ? refused.message : undefined,
  };
  const idOf = useFieldIds();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = minorOf(amount);
    const local = {
      ...(minor === null ? { amount: intl.formatMessage({ id: 'staff.user.amountError' }) } : {}),
      ...(reason.trim().length < 3
        ? { reason: intl.formatMessage({ id: 'staff.user.reasonError' }) }
        : {}),
    };
    if (minor === null || local.reason) {
      // the first field at fault takes the focus (focus-first-invalid.ts)
      focusFirstInvalid(form.current, () => setChecked(local));
      return;
    }
    setChecked({});
    before.current = user.adjustments.map((item) => item.id);
    void adjust.submit({
      params: { id: String(user.id) },
      body: { amount: minor, reason: reason.trim() },
    });
  };

  return (
    <form
      ref={form}
      className={styles.actions}
      onSubmit={submit}
      noValidate
      data-testid="staff-balance-form"
    >
      <StaffField
        id={idOf('amount')}
        label={<FormattedMessage id="staff.user.amount" values={{ currency: user.cur }} />}
        error={errors.amount}
      >
        <input
          id={idOf('amount')}
          name="amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          placeholder="-10.00 / 25"
          size={12}
          {...invalidProps(idOf('amount'), errors.amount)}
        />
      </StaffField>
      <StaffField
        id={idOf('reason')}
        label={<FormattedMessage id="staff.user.reason" />}
        error={errors.reason}
        className={styles.search}
      >
        <input
          id={idOf('reason')}
          name="reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          {...invalidProps(idOf('reason'), errors.reason)}
        />
      </StaffField>
      <button type="submit" className={button('primary')} disabled={adjust.pending}>
        <FormattedMessage id="staff.user.adjust" />
      </button>
      {me?.adjustCap && <CapNote cap={me.adjustCap} />}
      {errors.form && (
        <p role="alert" className={styles.alert} style={{ width: '100%', margin: 0 }}>
          {errors.form}
        </p>
      )}
    </form>
  );
}
