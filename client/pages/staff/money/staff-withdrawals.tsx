import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { isRejectionNote } from '../../../../shared/schemas/staff-money.schemas.ts';
import type { StaffWithdrawal } from '../../../../shared/staff-money.ts';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid.ts';
import { errorOf, useStaffCall, useStaffData } from '../../../features/staff/use-staff-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { useLocalePath } from '../../../lib/locale.ts';
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

const STATUSES = ['PENDING', 'PAID', 'REJECTED'] as const;

/** Pay (a note is optional) or reject (a note is required: the customer reads it), confirmed. */
function Decide({
  request,
  onDecided,
}: {
  request: StaffWithdrawal;
  onDecided: (request: StaffWithdrawal) => void;
}) {
  const intl = useIntl();
  const call = useStaffCall();
  const [confirm, confirmDialog] = useConfirm();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  /** what failed, and whether it is the note's (said under it, which takes the focus) */
  const [failure, setFailure] = useState<{ text: string; note: boolean } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const idOf = useFieldIds();
  const noteError = failure?.note ? failure.text : null;
  const amount = `${intl.formatNumber(request.amount / 100)} ${request.currency}`;
  const decide = async (status: 'PAID' | 'REJECTED') => {
    const trimmed = note.trim();
    if (status === 'REJECTED' && !isRejectionNote(trimmed)) {
      focusFirstInvalid(box.current, () =>
        setFailure({
          text: intl.formatMessage({ id: 'staff.withdrawals.noteRequired' }),
          note: true,
        }),
      );
      return;
    }
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
    setBusy(true);
    setFailure(null);
    try {
      onDecided(
        await call('POST staff/withdrawals/:id/decision', {
          params: { id: request.id },
          body: { status, ...(trimmed ? { note: trimmed } : {}) },
        }),
      );
    } catch (caught) {
      const named = caught instanceof ApiError && Boolean(caught.fields.note);
      focusFirstInvalid(box.current, () =>
        setFailure({ text: errorOf(caught, 'note'), note: named }),
      );
    } finally {
      setBusy(false);
    }
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
        busy={busy}
        failure={failure && !failure.note ? failure.text : null}
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
  const status = (params.get('status') ?? 'PENDING') as (typeof STATUSES)[number];
  const page = params.get('page') ?? undefined;
  const { data, loading, error, retry } = useStaffData('GET staff/withdrawals', {
    query: { status, ...(page ? { page } : {}), limit: '50' },
  });
  const [decided, setDecided] = useState<Record<string, StaffWithdrawal>>({});

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.withdrawals.title' })}>
      <StatusTabs
        statuses={STATUSES}
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
