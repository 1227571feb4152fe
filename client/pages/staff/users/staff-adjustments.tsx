import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { formatMoney } from '#client/lib/money.ts';
import { isCurrency } from '#shared/regions.ts';
import type { StaffAdjustment } from '#shared/staff.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import {
  DecideButtons,
  Failure,
  Money,
  Pages,
  Status,
  StatusTabs,
  Table,
  When,
} from '../staff-parts.tsx';
import { ADJUSTMENT_STATUSES, type StaffScreenData, tabOf } from '../staff-reads.ts';

/** An admin's approve (the adjustment is applied now) or reject, each confirmed. */
function Decide({
  adjustment,
  onDecided,
}: {
  adjustment: StaffAdjustment;
  onDecided: (adjustment: StaffAdjustment) => void;
}) {
  const intl = useIntl();
  const [confirm, confirmDialog] = useConfirm();
  // the answer is the adjustment as decided: its row shows it (the tab is not read again)
  const decision = useStaffWrite('POST staff/adjustments/:id/decision', { done: onDecided });
  const decide = async (status: 'APPROVED' | 'REJECTED') => {
    const amount = isCurrency(adjustment.currency)
      ? formatMoney(intl, adjustment.amount, adjustment.currency)
      : `${adjustment.amount / 100} ${adjustment.currency}`;
    const ask =
      status === 'APPROVED'
        ? 'staff.adjustments.approveConfirm'
        : 'staff.adjustments.rejectConfirm';
    const who = adjustment.user?.login ?? adjustment.user?.email ?? '—';
    if (
      !(await confirm(
        intl.formatMessage({ id: ask }, { amount, who, by: adjustment.requested_by.login }),
      ))
    )
      return;
    void decision.submit({ params: { id: String(adjustment.id) }, body: { status } });
  };
  return (
    <div className={styles.decide} data-testid="staff-adjustment-decide">
      <DecideButtons
        yes="staff.adjustments.approve"
        no="staff.adjustments.reject"
        busy={decision.pending}
        failure={decision.error?.message ?? null}
        onDecide={(yes) => decide(yes ? 'APPROVED' : 'REJECTED')}
      />
      {confirmDialog}
    </div>
  );
}

/**
 * Moderators' adjustments: who asked what, why, what it counts against the cap, and its
 * decision; one waiting is approved or rejected here by those who may (`adjustments`).
 */
export function AdjustmentsTable({
  items,
  onDecided,
  testId = 'staff-adjustments-table',
}: {
  items: StaffAdjustment[];
  onDecided: (adjustment: StaffAdjustment) => void;
  testId?: string;
}) {
  const to = useLocalePath();
  const { me } = useStaffSession();
  const mayDecide = Boolean(me?.capabilities.includes('adjustments'));
  return (
    <Table
      head={[
        'staff.time',
        'staff.orders.user',
        'staff.ledger.amount',
        'staff.adjustments.value',
        'staff.adjustments.reason',
        'staff.adjustments.by',
        'staff.orders.status',
        'staff.withdrawals.decision',
      ]}
      testId={testId}
      rows={items.map((item) => (
        <tr key={item.id} data-adjustment={item.id}>
          <td>
            <When iso={item.created_at} />
          </td>
          <td className={styles.wrap}>
            {item.user ? (
              <Link to={to('staff-user', { id: String(item.user.id) })}>
                {item.user.login ?? item.user.email}
              </Link>
            ) : (
              '—'
            )}
          </td>
          <td className={styles.num}>
            <Money minor={item.amount} currency={item.currency} />
          </td>
          <td className={styles.num}>
            <Money minor={item.value} currency={item.value_currency} />
          </td>
          <td className={styles.wrap}>{item.reason}</td>
          <td>{item.requested_by.login}</td>
          <td>
            <Status kind="adjustment" status={item.status} />
          </td>
          <td>
            {item.status === 'PENDING' && mayDecide ? (
              <Decide adjustment={item} onDecided={onDecided} />
            ) : item.decided_by ? (
              <span className={styles.muted}>
                {item.decided_by.login} · <When iso={item.decided_at} />
              </span>
            ) : (
              '—'
            )}
          </td>
        </tr>
      ))}
    />
  );
}

/** /staff/adjustments/: moderators' balance adjustments by status; a waiting one decided here. */
export function StaffAdjustmentsPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const status = tabOf(params, ADJUSTMENT_STATUSES);
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-adjustments'>>();
  const [decided, setDecided] = useState<Record<number, StaffAdjustment>>({});

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.adjustments.title' })}>
      <p className={styles.muted}>
        <FormattedMessage id="staff.adjustments.lead" />
      </p>
      <StatusTabs
        statuses={ADJUSTMENT_STATUSES}
        current={status}
        prefix="staff.adjustments.status"
        onChoose={(one) => setParams({ status: one })}
      />
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <div aria-busy={loading}>
        <AdjustmentsTable
          items={(data?.items ?? []).map((item) => decided[item.id] ?? item)}
          onDecided={(next) => setDecided((known) => ({ ...known, [next.id]: next }))}
        />
      </div>
      <Pages meta={data?.meta} onPage={(next) => setParams({ status, page: String(next) })} />
    </StaffFrame>
  );
}
