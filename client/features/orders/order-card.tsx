import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { OwnOrderView, SubscriptionView } from '#shared/orders.ts';
import type { Currency } from '#shared/regions.ts';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import type { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { messageOr } from '../../lib/intl.ts';
import { useLocalePath } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { useWrite } from '../../lib/route-write.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import styles from './orders.module.css';
import { ProgressBar } from './progress-bar.tsx';
import { serviceNameOf } from './service-name.ts';

export interface OrderCardProps {
  order: OwnOrderView;
  /** after a cancel or a refill, with the order as it is now */
  onChanged?: (order: OwnOrderView) => void;
}

type Action = 'cancel' | 'refill';

/** The API's refusals the buyer may meet, in the page's language. */
const ERROR_IDS: Record<string, string> = {
  'This order can no longer be canceled': 'cp.orders.error.cancelTooLate',
  'This service cannot be canceled': 'cp.orders.error.cancelNotOffered',
  'This order cannot be refilled': 'cp.orders.error.refillNotAllowed',
  'This service cannot be refilled': 'cp.orders.error.refillNotOffered',
  'A refill of this order is still running': 'cp.orders.error.refillRunning',
  'The provider cannot be reached: try again in a few minutes': 'cp.orders.error.providerDown',
};

function errorText(intl: IntlShape, error: ApiError): string {
  const { message } = error;
  const id =
    ERROR_IDS[message] ??
    (message.startsWith('This order cannot be refilled')
      ? 'cp.orders.error.refillNotAllowed'
      : 'cp.orders.error.generic');
  return intl.formatMessage({ id });
}

/** A refill's word from the provider, in the page's language when it is a known one. */
function refillWord(intl: IntlShape, status: string): string {
  return messageOr(intl, `cp.orders.refill.${status.toLowerCase().replace(/\s+/g, '')}`, status);
}

/**
 * Cancel or refill with a confirm step, through the page's action (`orderCardAction`), which
 * reads the page's orders again after it; the answer goes to `onDone`.
 */
function OrderActions({
  order,
  onDone,
}: {
  order: OwnOrderView;
  onDone?: (order: OwnOrderView) => void;
}) {
  const intl = useIntl();
  const [asking, setAsking] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const promptId = useId();
  const outcome = {
    done: (changed: OwnOrderView) => {
      setAsking(null);
      onDone?.(changed);
    },
    failed: (failure: ApiError) => {
      setError(errorText(intl, failure));
      setAsking(null);
    },
  };
  const cancel = useWrite('POST c_orders/:id/cancel', outcome);
  const refill = useWrite('POST c_orders/:id/refill', outcome);
  const busy = cancel.pending || refill.pending;
  if (!order.can_cancel && !order.can_refill && !asking && !error) return null;

  function confirm(action: Action) {
    setError(null);
    void (action === 'cancel' ? cancel : refill).submit({ params: { id: order.id } });
  }

  return (
    <div className={styles.actions}>
      {asking ? (
        <fieldset className={styles.confirm} aria-labelledby={promptId}>
          <p id={promptId} className={styles.confirmText}>
            <FormattedMessage id={`cp.orders.${asking}Confirm`} />
          </p>
          <div className={styles.confirmButtons}>
            <button
              type="button"
              className={asking === 'cancel' ? styles.danger : styles.action}
              disabled={busy}
              aria-busy={busy}
              onClick={() => confirm(asking)}
            >
              <FormattedMessage id={`cp.orders.${asking}Yes`} />
            </button>
            <button
              type="button"
              className={styles.quiet}
              disabled={busy}
              onClick={() => setAsking(null)}
            >
              <FormattedMessage id="cp.orders.keep" />
            </button>
          </div>
        </fieldset>
      ) : (
        <div className={styles.actionButtons}>
          {order.can_cancel && (
            <button type="button" className={styles.action} onClick={() => setAsking('cancel')}>
              <FormattedMessage id="cp.orders.cancel" />
            </button>
          )}
          {order.can_refill && (
            <button type="button" className={styles.action} onClick={() => setAsking('refill')}>
              <FormattedMessage id="cp.orders.refill" />
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** One link of a `_MULTI` order: its link, state, progress and refill. */
function OrderRow({
  row,
  onChanged,
}: {
  row: OwnOrderView;
  onChanged?: (order: OwnOrderView) => void;
}) {
  const intl = useIntl();
  return (
    <li className={styles.row} data-testid="order-row">
      <div className={styles.rowHead}>
        <a
          className={styles.link}
          href={row.link}
          title={row.link}
          target="_blank"
          rel="noreferrer noopener"
        >
          {row.link}
        </a>
        <OrderStatusBadge status={row.status} />
      </div>
      <ProgressBar delivered={row.delivered} count={row.count} progress={row.progress} />
      {row.refill && (
        <p className={styles.note}>
          <FormattedMessage
            id="cp.orders.refillStatus"
            values={{ status: refillWord(intl, row.refill.status) }}
          />
        </p>
      )}
      <OrderActions order={row} onDone={onChanged} />
    </li>
  );
}

/**
 * Where a subscription stands: watching, paused (its account cannot be seen, or the balance is
 * short of the next post order: a top-up resumes it), over; its posts ordered so far (of those
 * paid for in advance), the range per post and its last day.
 */
function SubscriptionNote({ subscription: sub }: { subscription: SubscriptionView }) {
  const intl = useIntl();
  const to = useLocalePath();
  const state = sub.state === 'PAUSED' && sub.paused_for === 'funds' ? 'PAUSED.funds' : sub.state;
  // a range per post, or the one number when its least and most are the same
  const range = {
    range: [...new Set([sub.min, sub.max])].map((n) => intl.formatNumber(n)).join('–'),
  };
  return (
    <p className={styles.note} data-testid="order-subscription">
      <strong>
        <FormattedMessage
          id={`cp.orders.subscription.${state}`}
          values={{ topUp: (chunks: ReactNode[]) => <Link to={to('cp-payment')}>{chunks}</Link> }}
        />
      </strong>{' '}
      {/* posts 0: every new post until the last day, none paid for in advance */}
      {sub.posts === 0 ? (
        <FormattedMessage
          id="cp.orders.subscription.open"
          values={{ placed: sub.posts_placed, ...range }}
        />
      ) : (
        <FormattedMessage
          id="cp.orders.subscription"
          values={{ placed: sub.posts_placed, posts: sub.posts, ...range }}
        />
      )}
      {sub.expiry && (
        <>
          {' '}
          <FormattedMessage
            id="cp.orders.subscription.until"
            // a day, never "3 hours ago": formatDate's clock set before it
            values={{ day: formatDate(intl, `${sub.expiry}T12:00:00Z`, 0) }}
          />
        </>
      )}
    </p>
  );
}

/** The rows of an order (its links, runs or posts), folded until the buyer opens them. */
function OrderRows({
  rows,
  rowsOf,
  onChanged,
}: {
  rows: OwnOrderView[];
  rowsOf: 'Runs' | 'Posts' | 'Links';
  onChanged?: (order: OwnOrderView) => void;
}) {
  const [open, setOpen] = useState(false);
  const rowsId = useId();
  return (
    <div className={styles.rows}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={rowsId}
        onClick={() => setOpen(!open)}
      >
        <FormattedMessage
          id={`cp.orders.${open ? 'hide' : 'show'}${rowsOf}`}
          values={{ count: rows.length }}
        />
      </button>
      <ul id={rowsId} className={styles.rowList} hidden={!open}>
        {rows.map((row) => (
          <OrderRow key={row.id} row={row} onChanged={onChanged} />
        ))}
      </ul>
    </div>
  );
}

/**
 * An order of the buyer's cabinet as a card: service and platform, status, link, quantity,
 * cost, start count, remains, progress, date, its `_MULTI` links, cancel and refill. Used by
 * /cp/orders/ and the dashboard.
 */
export function OrderCard({ order, onChanged }: OrderCardProps) {
  const intl = useIntl();
  const money = (minor: number) => formatMoney(intl, minor, order.currency as Currency);
  const number = (value: number | null) => (value === null ? '—' : intl.formatNumber(value));
  const links = order.children.length;
  // the rows are runs of a drip-feed or post orders of a subscription, else the order's links
  const rowsOf = order.drip_feed ? 'Runs' : order.subscription ? 'Posts' : 'Links';
  return (
    <article
      className={styles.card}
      data-testid="order-card"
      data-order={order.id}
      data-platform={order.platform ?? undefined}
    >
      <header className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          {order.platform && <PlatformIcon platform={order.platform} size={20} />}
        </span>
        <div className={styles.title}>
          <h3 className={styles.service}>{serviceNameOf(intl, order.tag)}</h3>
          <span className={styles.id}>
            <FormattedMessage id="cp.orders.number" values={{ number: String(order.number) }} /> ·{' '}
            {order.id}
          </span>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      {links && rowsOf === 'Links' ? (
        <p className={styles.linkLine}>
          <FormattedMessage id="cp.orders.links" values={{ count: links }} />
        </p>
      ) : (
        <p className={styles.linkLine}>
          <a
            className={styles.link}
            href={order.link}
            title={order.link}
            target="_blank"
            rel="noreferrer noopener"
          >
            {order.link}
          </a>
        </p>
      )}

      <dl className={styles.facts}>
        <div>
          <dt>
            <FormattedMessage id="cp.orders.quantity" />
          </dt>
          <dd>{number(order.count)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="cp.orders.cost" />
          </dt>
          <dd>{money(order.cost)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="cp.orders.startCount" />
          </dt>
          <dd>{number(order.start_count)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="cp.orders.remains" />
          </dt>
          <dd>{number(order.remains)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="cp.orders.created" />
          </dt>
          <dd>
            <time dateTime={order.created_at} title={order.created_at}>
              {formatDate(intl, order.created_at)}
            </time>
          </dd>
        </div>
      </dl>

      {/* every new post has no total to deliver: each post order shows its own progress */}
      {order.subscription?.posts !== 0 && (
        <ProgressBar delivered={order.delivered} count={order.count} progress={order.progress} />
      )}

      {order.drip_feed && (
        <p className={styles.note} data-testid="order-drip-feed">
          <FormattedMessage
            id="cp.orders.dripFeed"
            values={{
              done: order.drip_feed.runs_done,
              runs: order.drip_feed.runs,
              every: intl.formatNumber(order.drip_feed.interval, {
                style: 'unit',
                unit: 'minute',
                unitDisplay: 'short',
              }),
            }}
          />
        </p>
      )}
      {order.subscription && <SubscriptionNote subscription={order.subscription} />}

      {(order.refunded > 0 || order.refill) && (
        <p className={styles.note}>
          {order.refunded > 0 && (
            <span data-testid="order-refunded">
              <FormattedMessage
                id="cp.orders.refunded"
                values={{ amount: money(order.refunded) }}
              />
            </span>
          )}
          {order.refill && (
            <span>
              <FormattedMessage
                id="cp.orders.refillStatus"
                values={{ status: refillWord(intl, order.refill.status) }}
              />
            </span>
          )}
        </p>
      )}

      <OrderActions order={order} onDone={onChanged} />

      {links > 0 && <OrderRows rows={order.children} rowsOf={rowsOf} onChanged={onChanged} />}
    </article>
  );
}

/** A card's place while the orders load (same height, so nothing jumps). */
export function OrderCardSkeleton() {
  return <div className={styles.skeleton} aria-hidden="true" />;
}
