import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { formatMoney } from '#client/lib/money.ts';
import type { MassLineRefused, MassOrderPlaced } from '#shared/mass-orders.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import styles from './mass.module.css';
import { lineErrorText } from './mass-errors.ts';

const minorOf = (decimal: string) => Math.round(Number(decimal) * 100);

/** The lines the server refused, each by its number with why and its text as sent. */
export function MassLineErrors({ id, lines }: { id: string; lines: MassLineRefused[] }) {
  const intl = useIntl();
  return (
    <div id={id} className={styles.errors} role="alert" data-testid="mass-errors">
      <p className={styles.errorsTitle}>
        <FormattedMessage id="cp.mass.errors.lines" values={{ count: lines.length }} />
      </p>
      <ul className={styles.lineList}>
        {lines.map((line) => (
          <li key={line.line} data-line={line.line}>
            <strong>
              <FormattedMessage id="cp.mass.line" values={{ line: line.line }} />
            </strong>{' '}
            {lineErrorText(intl, line.error)}
            {line.text && <code className={styles.echo}>{line.text}</code>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The orders placed: how many and their total, each by its line with a link to it in the
 * orders' list and its charge (in `currency`, the account's, where an answer names none known).
 */
export function MassPlaced({ placed, currency }: { placed: MassOrderPlaced; currency: Currency }) {
  const intl = useIntl();
  const to = useLocalePath();
  const money = (decimal: string, of: string) =>
    formatMoney(intl, minorOf(decimal), isCurrency(of) ? of : currency);
  return (
    <section className={styles.done} role="status" data-testid="mass-placed">
      <p className={styles.doneTitle}>
        <FormattedMessage
          id="cp.mass.placed"
          values={{
            count: placed.orders.length,
            total: money(placed.total, placed.currency),
          }}
        />
      </p>
      <ul className={styles.placedList}>
        {placed.orders.map((order) => (
          <li key={order.order}>
            <span className={styles.muted}>
              <FormattedMessage id="cp.mass.line" values={{ line: order.line }} />
            </span>
            <Link to={`${to('cp-orders')}?q=${encodeURIComponent(`#${order.order}`)}`}>
              <FormattedMessage id="cp.mass.number" values={{ number: order.order }} />
            </Link>
            <span>{money(order.charge, order.currency)}</span>
          </li>
        ))}
      </ul>
      <Link to={to('cp-orders')} className={button('secondary')}>
        <FormattedMessage id="cp.allOrders" />
      </Link>
    </section>
  );
}
