import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRevalidator } from 'react-router';
import { isCurrency } from '../../../../shared/regions.ts';
import type { StaffAdjustCap, StaffUserDetail } from '../../../../shared/staff.ts';
import { button } from '../../../components/button/button.ts';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid.ts';
import { useStaffSession } from '../../../features/staff/staff-session.tsx';
import { errorOf, useStaffCall } from '../../../features/staff/use-staff-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/money.ts';
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
 * moderator sees their cap beside it (the session's `me` is asked again after an adjustment).
 */
export function BalanceForm({
  user,
  onDone,
}: {
  user: StaffUserDetail;
  /** the account's page after the call, and whether the adjustment waits for an admin */
  onDone: (user: StaffUserDetail, waiting: boolean) => void;
}) {
  const intl = useIntl();
  const call = useStaffCall();
  const { me } = useStaffSession();
  // the cap's use is `me`'s: the page's loader reads it again
  const { revalidate } = useRevalidator();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const idOf = useFieldIds();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const minor = minorOf(amount);
    const local = {
      ...(minor === null ? { amount: intl.formatMessage({ id: 'staff.user.amountError' }) } : {}),
      ...(reason.trim().length < 3
        ? { reason: intl.formatMessage({ id: 'staff.user.reasonError' }) }
        : {}),
    };
    if (minor === null || local.reason) {
      // the first field at fault takes the focus (focus-first-invalid.ts)
      focusFirstInvalid(form, () => setErrors(local));
      return;
    }
    setErrors(local);
    setBusy(true);
    try {
      const next = await call('POST staff/users/:id/balance', {
        params: { id: String(user.id) },
        body: { amount: minor, reason: reason.trim() },
      });
      // above a moderator's 24-hour cap the answer lists one more adjustment waiting
      const known = new Set(user.adjustments.map((item) => item.id));
      onDone(
        next,
        next.adjustments.some((item) => !known.has(item.id)),
      );
      setAmount('');
      setReason('');
      if (me?.adjustCap) void revalidate();
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      // a 400 naming the fields marks them, and the first takes the focus
      focusFirstInvalid(form, () =>
        setErrors(
          fields.amount || fields.reason
            ? { amount: fields.amount, reason: fields.reason }
            : { form: errorOf(failure) },
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.actions} onSubmit={submit} noValidate data-testid="staff-balance-form">
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
      <button type="submit" className={button('primary')} disabled={busy}>
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
