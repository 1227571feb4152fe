import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { isRejectionNote } from '#shared/schemas/staff-money.schemas.ts';
import type { StaffWithdrawal } from '#shared/staff-money.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { FieldError, invalidProps, useFieldIds } from '../staff-fields.tsx';
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
  wordOf,
} from '../staff-parts.tsx';
import { type StaffScreenData, tabOf, WITHDRAWAL_STATUSES } from '../staff-reads.ts';

/** Pay (a note is optional) or reject (a note is required: the customer reads it), confirmed. */
function Decide({
  request,
  onDecided,
}: {
  request: StaffWithdrawal;
  onDecided: (request: StaffWithdrawal) => void;
}) {
  const intl = useIntl();
  const [confirm, confirmDialog] = useConfirm();
  const [note, setNote] = useState('');
  /** the note's own check before the call (said under it, which takes the focus) */
  const [checked, setChecked] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // the answer is the request as decided: its row shows it (the tab is not read again); a
  // refusal naming the note is said under it, which takes the focus
  const decision = useStaffWrite('POST staff/withdrawals/:id/decision', {
    done: onDecided,
    failed: () => focusFirstInvalid(box.current),
  });
  const refused = decision.error;
  const idOf = useFieldIds();
  const noteError = checked ?? refused?.fields.note ?? null;
  const amount = `${intl.formatNumber(request.amount / 100)} ${request.currency}`;
  const decide = async (status: 'PAID' | 'REJECTED') => {
    const trimmed = note.trim();
    if (status === 'REJECTED' && !isRejectionNote(trimmed)) {
      focusFirstInvalid(box.current, () =>
        setChecked(intl.formatMessage({ id: 'staff.withdrawals.noteRequired' })),
      );
      return;
    }
    setChecked(null);
    const ask =
      status === 'PAID' ? 'staff.withdrawals.payConfirm' : 'staff.withdrawals.rejectConfirm';
    if (
      !(await confirm(
        intl.formatMessage(
          { id: ask },
          {
            amount,
            who: request.user?.login ?? request.user?.email ?? '—',
            method: wordOf(intl, 'method', request.method),
            details: request.details,
          },
        ),
      ))
    )
      return;
    void decision.submit({
      params: { id: request.id },
      body: { status, ...(trimmed ? { note: trimmed } : {}) },
    });
  };
  return (
    <div ref={box} className={styles.decide} data-testid="staff-withdrawal-decide">
      <input
        name="note"
        value={note}
        maxLength={500}
        size={22}
        aria-label={intl.formatMessage({ id: 'staff.withdrawals.note' })}
        placeholder={intl.formatMessage({ id: 'staff.withdrawals.note' })}
        onChange={(event) => setNote(event.target.value)}
        {...invalidProps(idOf('note'), noteError)}
      />
      <DecideButtons
        yes="staff.withdrawals.pay"
        no="staff.withdrawals.reject"
        busy={decision.pending}
        failure={refused && !refused.fields.note ? refused.message : null}
        onDecide={(yes) => decide(yes ? 'PAID' : 'REJECTED')}
      />
      {/* the note's message after the buttons, where a decision's failure stands */}
      <FieldError id={idOf('note')} error={noteError} />
      {confirmDialog}
    </div>
  );
}

/** /staff/withdrawals/: requests by status; a pending one is paid or rejected here. */
export function StaffWithdrawalsPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const [params, setParams] = useSearchParams();
  const status = tabOf(params, WITHDRAWAL_STATUSES);
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-withdrawals'>>();
  const [decided, setDecided] = useState<Record<string, StaffWithdrawal>>({});

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.withdrawals.title' })}>
      <StatusTabs
        statuses={WITHDRAWAL_STATUSES}
        current={status}
        prefix="staff.withdrawals.status"
        onChoose={(one) => setParams({ status: one })}
      />
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <div aria-busy={loading}>
        <Table
          head={[
            'staff.time',
            'staff.orders.user',
            'staff.ledger.amount',
            'staff.withdrawals.method',
            'staff.withdrawals.details',
            'staff.orders.status',
            'staff.withdrawals.note',
            'staff.withdrawals.decision',
          ]}
          testId="staff-withdrawals-table"
          rows={(data?.items ?? []).map((listed) => {
            const request = decided[listed.id] ?? listed;
            return (
              <tr key={request.id} data-withdrawal={request.id}>
                <td>
                  <When iso={request.created_at} />
                </td>
                <td className={styles.wrap}>
                  {request.user ? (
                    <Link to={to('staff-user', { id: String(request.user.id) })}>
                      {request.user.login ?? request.user.email}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={styles.num}>
                  <Money minor={request.amount} currency={request.currency} />
                </td>
                <td>{wordOf(intl, 'method', request.method)}</td>
                <td className={styles.wrap}>{request.details}</td>
                <td>
                  <Status kind="withdrawal" status={request.status} />
                </td>
                <td className={styles.wrap}>{request.note ?? '—'}</td>
                <td>
                  {request.status === 'PENDING' ? (
                    <Decide
                      request={request}
                      onDecided={(next) => setDecided((known) => ({ ...known, [next.id]: next }))}
                    />
                  ) : (
                    <span className={styles.muted}>
                      {request.decided_by ?? '—'} · <When iso={request.decided_at} />
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        />
      </div>
      <Pages meta={data?.meta} onPage={(next) => setParams({ status, page: String(next) })} />
    </StaffFrame>
  );
}
