import type { FormEvent, RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import type { StaffOrderDetail } from '#shared/staff.ts';
import styles from '../staff.module.css';
import type { invalidProps } from '../staff-fields.tsx';
import {
  compactJson,
  Facts,
  Money,
  ServiceTag,
  Status,
  Table,
  When,
  wordOf,
} from '../staff-parts.tsx';

interface ActionFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  /** the marks of the form's field while its action's refusal shows */
  fieldProps: ReturnType<typeof invalidProps>;
}

/** Mark the order partial: how many of its `count` were delivered. */
export function PartialForm({
  formRef,
  count,
  delivered,
  onDelivered,
  onSubmit,
  busy,
  fieldProps,
}: ActionFormProps & { count: number; delivered: string; onDelivered: (value: string) => void }) {
  return (
    <form ref={formRef} className={styles.filters} onSubmit={onSubmit} style={{ margin: 0 }}>
      <label className={styles.filter}>
        <FormattedMessage id="staff.order.delivered" values={{ count }} />
        <input
          type="number"
          name="delivered"
          min={0}
          max={count}
          step={1}
          value={delivered}
          onChange={(event) => onDelivered(event.target.value)}
          {...fieldProps}
        />
      </label>
      <button type="submit" className={button('secondary')} disabled={busy || delivered === ''}>
        <FormattedMessage id="staff.order.partial" />
      </button>
    </form>
  );
}

/** Switch the order to another provider, by its id. */
export function SwitchProviderForm({
  formRef,
  provider,
  onProvider,
  onSubmit,
  busy,
  fieldProps,
}: ActionFormProps & { provider: string; onProvider: (value: string) => void }) {
  return (
    <form ref={formRef} className={styles.filters} onSubmit={onSubmit} style={{ margin: 0 }}>
      <label className={styles.filter}>
        <FormattedMessage id="staff.order.switchTo" />
        <input
          name="provider"
          value={provider}
          maxLength={64}
          size={14}
          onChange={(event) => onProvider(event.target.value)}
          {...fieldProps}
        />
      </label>
      <button type="submit" className={button('secondary')} disabled={busy || !provider.trim()}>
        <FormattedMessage id="staff.order.switch" />
      </button>
    </form>
  );
}

/** The order's fields: who, what, where, how much, the provider's side, and when. */
export function OrderFacts({ order }: { order: StaffOrderDetail }) {
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <Facts
      items={[
        ['staff.orders.publicId', order.public_id],
        [
          'staff.orders.user',
          order.user ? (
            <Link key="user" to={to('staff-user', { id: String(order.user.id) })}>
              {order.user.login ?? order.user.email} ({order.user.email})
            </Link>
          ) : (
            order.email
          ),
        ],
        ['staff.orders.status', <Status kind="order" key="status" status={order.status} />],
        [
          'staff.orders.service',
          <ServiceTag key="service" tag={order.tag} names={order.service_names} />,
        ],
        ['staff.orders.link', order.link],
        ['staff.orders.count', intl.formatNumber(order.count)],
        ['staff.orders.cost', <Money key="cost" minor={order.cost} currency={order.currency} />],
        [
          'staff.order.refunded',
          <Money key="refunded" minor={order.refunded} currency={order.currency} />,
        ],
        ['staff.orders.provider', order.provider_id],
        ['staff.order.providerOrder', order.provider_order_id],
        ['staff.order.startCount', order.start_count ?? null],
        ['staff.order.remains', order.remains ?? null],
        [
          'staff.order.needsCheck',
          intl.formatMessage({ id: order.needs_check ? 'staff.yes' : 'staff.no' }),
        ],
        ['staff.orders.created', <When key="created" iso={order.created_at} />],
        ['staff.order.updated', <When key="updated" iso={order.updated_at} />],
      ]}
    />
  );
}

/** The order's calls to its providers, each with its request and answer. */
export function ProviderCallsTable({
  calls,
}: {
  calls: NonNullable<StaffOrderDetail['provider_calls']>;
}) {
  const intl = useIntl();
  return (
    <Table
      head={[
        'staff.time',
        'staff.orders.id',
        'staff.orders.provider',
        'staff.order.callAction',
        'staff.order.callOk',
        'staff.order.callRequest',
        'staff.order.callAnswer',
      ]}
      testId="staff-order-calls"
      rows={calls.map((providerCall, index) => (
        // calls have no id of their own; their order is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <tr key={index}>
          <td>
            <When iso={providerCall.created_at} />
          </td>
          <td>#{providerCall.order_id}</td>
          <td>{providerCall.provider_id}</td>
          <td>{wordOf(intl, 'callAction', providerCall.action)}</td>
          <td>{intl.formatMessage({ id: providerCall.ok ? 'staff.yes' : 'staff.no' })}</td>
          <td className={styles.json}>{compactJson(providerCall.request)}</td>
          <td className={styles.json}>{compactJson(providerCall.answer)}</td>
        </tr>
      ))}
    />
  );
}
