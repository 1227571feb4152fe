import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { errorOf } from '#client/features/staff/staff-errors.ts';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import type { StaffOrderDetail } from '#shared/staff.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { invalidProps, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { noteText } from '../staff-notes.ts';
import { Failure, LedgerTable, Money, Status, Table, When } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';
import {
  OrderFacts,
  PartialForm,
  ProviderCallsTable,
  SwitchProviderForm,
} from './staff-order-parts.tsx';

type Action = 'resend' | 'cancel' | 'partial' | 'switch' | 'refill';

/**
 * Resend, cancel and refund, mark partial, switch the provider, refill: the buttons `actions`
 * allows, each confirmed; each a write of the page's action, after which the page reads the
 * order again.
 */
function OrderActions({
  order,
  onDone,
}: {
  order: StaffOrderDetail;
  onDone: (action: Action) => void;
}) {
  const intl = useIntl();
  const [confirm, confirmDialog] = useConfirm();
  const [delivered, setDelivered] = useState('');
  const [provider, setProvider] = useState('');
  /** the action asked last: its refusal is the one said under the actions */
  const [asked, setAsked] = useState<Action | null>(null);
  const partialForm = useRef<HTMLFormElement>(null);
  const switchForm = useRef<HTMLFormElement>(null);
  /** a refusal is said under the actions, and a form's field is marked and focused */
  const writeOf = (action: Action, form?: RefObject<HTMLFormElement | null>) => ({
    done: () => onDone(action),
    failed: () => focusFirstInvalid(form?.current),
  });
  const writes = {
    resend: useStaffWrite('POST staff/orders/:id/resend', writeOf('resend')),
    cancel: useStaffWrite('POST staff/orders/:id/cancel', writeOf('cancel')),
    partial: useStaffWrite('POST staff/orders/:id/partial', writeOf('partial', partialForm)),
    switch: useStaffWrite('POST staff/orders/:id/provider', writeOf('switch', switchForm)),
    refill: useStaffWrite('POST staff/orders/:id/refill', writeOf('refill')),
  };
  const busy = Object.values(writes).some((write) => write.pending);
  const refused = asked ? writes[asked].error : null;
  const field = asked === 'partial' ? 'delivered' : asked === 'switch' ? 'provider' : undefined;
  const error = refused && asked ? { action: asked, text: errorOf(refused, field) } : null;
  const params = { id: String(order.id) };
  const idOf = useFieldIds();
  const run = (action: Action, send: () => unknown) => {
    setAsked(action);
    send();
  };

  /** The marks of the field of a form's action while that action's refusal shows. */
  const fieldOf = (action: Action) =>
    invalidProps(idOf('error'), error?.action === action ? error.text : null);
  const cancel = async () => {
    if (!(await confirm(intl.formatMessage({ id: 'staff.order.cancelConfirm' }, { id: order.id }))))
      return;
    run('cancel', () => writes.cancel.submit({ params }));
  };
  const partial = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(delivered);
    run('partial', () => writes.partial.submit({ params, body: { delivered: count } }));
  };
  const refill = async () => {
    if (!(await confirm(intl.formatMessage({ id: 'staff.order.refillConfirm' }, { id: order.id }))))
      return;
    run('refill', () => writes.refill.submit({ params }));
  };
  const switchTo = async (event: FormEvent) => {
    event.preventDefault();
    const next = provider.trim();
    if (
      !(await confirm(
        intl.formatMessage({ id: 'staff.order.switchConfirm' }, { id: order.id, provider: next }),
      ))
    )
      return;
    run('switch', () => writes.switch.submit({ params, body: { provider: next } }));
  };
  const { actions } = order;
  if (!actions.resend && !actions.cancel && !actions.partial && !actions.switch && !actions.refill)
    return (
      <p className={styles.notice}>
        <FormattedMessage id="staff.order.noActions" />
      </p>
    );
  return (
    <div className={styles.actions} data-testid="staff-order-actions">
      {actions.resend && (
        <button
          type="button"
          className={button('secondary')}
          disabled={busy}
          onClick={() => run('resend', () => writes.resend.submit({ params }))}
        >
          <FormattedMessage id="staff.order.resend" />
        </button>
      )}
      {actions.cancel && (
        <button
          type="button"
          className={`${button('secondary')} ${styles.danger}`}
          disabled={busy}
          onClick={cancel}
        >
          <FormattedMessage id="staff.order.cancel" />
        </button>
      )}
      {actions.partial && (
        <PartialForm
          formRef={partialForm}
          count={order.count}
          delivered={delivered}
          onDelivered={setDelivered}
          onSubmit={partial}
          busy={busy}
          fieldProps={fieldOf('partial')}
        />
      )}
      {actions.refill && (
        <button type="button" className={button('secondary')} disabled={busy} onClick={refill}>
          <FormattedMessage id="staff.order.refill" />
        </button>
      )}
      {actions.switch && (
        <SwitchProviderForm
          formRef={switchForm}
          provider={provider}
          onProvider={setProvider}
          onSubmit={switchTo}
          busy={busy}
          fieldProps={fieldOf('switch')}
        />
      )}
      {error && (
        <p
          id={`${idOf('error')}-error`}
          role="alert"
          className={styles.alert}
          style={{ width: '100%', margin: 0 }}
        >
          {error.text}
        </p>
      )}
      {confirmDialog}
    </div>
  );
}

/** /staff/orders/:id/: an order's fields, rows, history and ledger rows, and what staff may do. */
export function StaffOrderPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { id = '' } = useParams();
  const { data: order, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-order'>>();
  const [done, setDone] = useState<Action | null>(null);

  const title = intl.formatMessage({ id: 'staff.order.title' }, { id });
  return (
    <StaffFrame title={title}>
      <p>
        <Link to={to('staff-orders')}>← {intl.formatMessage({ id: 'staff.orders.title' })}</Link>
      </p>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {!order && loading && <p aria-busy="true">…</p>}
      {order && (
        <div data-testid="staff-order">
          {done && (
            <p className={styles.notice} role="status">
              <FormattedMessage id={`staff.order.done.${done}`} />
            </p>
          )}
          <OrderFacts order={order} />
          <OrderActions order={order} onDone={setDone} />
          {order.children.length > 0 && (
            <>
              <h2 className={styles.subtitle}>
                <FormattedMessage id="staff.order.rows" values={{ count: order.children.length }} />
              </h2>
              <Table
                head={[
                  'staff.orders.id',
                  'staff.orders.link',
                  'staff.orders.count',
                  'staff.orders.cost',
                  'staff.orders.status',
                  'staff.orders.provider',
                  'staff.orders.created',
                ]}
                rows={order.children.map((row) => (
                  <tr key={row.id}>
                    <td>#{row.id}</td>
                    <td className={styles.wrap}>{row.link}</td>
                    <td className={styles.num}>{intl.formatNumber(row.count)}</td>
                    <td className={styles.num}>
                      <Money minor={row.cost} currency={row.currency} />
                    </td>
                    <td>
                      <Status kind="order" status={row.status} />
                    </td>
                    <td>{row.provider_id ?? '—'}</td>
                    <td>
                      <When iso={row.created_at} />
                    </td>
                  </tr>
                ))}
              />
            </>
          )}
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.order.history" />
          </h2>
          <Table
            head={['staff.time', 'staff.orders.status', 'staff.order.note']}
            testId="staff-order-history"
            rows={order.history.map((event, index) => (
              // events have no id of their own; their order is their identity
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                <td>
                  <When iso={event.created_at} />
                </td>
                <td>
                  <Status kind="order" status={event.status} />
                </td>
                <td className={styles.note}>{noteText(intl, event.note)}</td>
              </tr>
            ))}
          />
          {order.provider_calls && (
            <>
              <h2 className={styles.subtitle}>
                <FormattedMessage id="staff.order.providerCalls" />
              </h2>
              <ProviderCallsTable calls={order.provider_calls} />
            </>
          )}
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.ledger" />
          </h2>
          <LedgerTable rows={order.ledger} />
        </div>
      )}
    </StaffFrame>
  );
}
