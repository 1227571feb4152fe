import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { Meter } from '#client/components/meter/meter.tsx';
import { skeletonBar } from '#client/components/skeleton/skeleton.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { formatMoney } from '#client/lib/money.ts';
import type { PremiumStatuses } from '#shared/ledger.ts';
import type { PartState } from '../cabinet-data.ts';
import styles from './price.module.css';

/** The level held, the total paid in, and the way to the next level as a bar. */
export function LevelCard({ state }: { state: PartState<PremiumStatuses> }) {
  const intl = useIntl();
  const to = useLocalePath();
  const data = state.data;

  if (state.error && !data)
    return (
      <section className={styles.levelCard} role="alert">
        <p>
          <FormattedMessage id="cp.price.levelFailed" />
        </p>
        <button type="button" className={button('secondary')} onClick={state.retry}>
          <FormattedMessage id="order.retry" />
        </button>
      </section>
    );
  if (!data || data.current === null || data.paid_in === null)
    return (
      <section className={styles.levelCard} aria-busy="true">
        <span className={skeletonBar(styles.barTitle)} />
        <span className={skeletonBar(styles.barLine)} />
        <Meter share={0} />
        <span className={skeletonBar(styles.barLine)} />
      </section>
    );

  const money = (minor: number) => formatMoney(intl, minor, data.currency);
  const held = data.levels.find((level) => level.level === data.current);
  // the bar runs from nothing paid in to the next level's threshold
  const share = data.next ? Math.min(1, data.paid_in / data.next.from) : 1;
  return (
    <section className={styles.levelCard} aria-labelledby="level-title" data-testid="level-card">
      <div className={styles.levelHead}>
        <span className={styles.caption}>
          <FormattedMessage id="cp.discountLevel" />
        </span>
        <h2 id="level-title" className={styles.levelTitle} data-testid="level-current">
          <FormattedMessage id="cp.level" values={{ level: data.current }} />
        </h2>
        {held?.personalManager && (
          <span className={styles.badge}>
            <FormattedMessage id="cp.price.personalManager" />
          </span>
        )}
      </div>
      <p className={styles.paid}>
        <FormattedMessage
          id="cp.price.paidIn"
          values={{ amount: <strong data-testid="level-paid">{money(data.paid_in)}</strong> }}
        />
      </p>
      <Meter share={share} label={intl.formatMessage({ id: 'cp.price.progress' })} />
      <p className={styles.next} data-testid="level-next">
        {data.next ? (
          <FormattedMessage
            id="cp.price.next"
            values={{
              level: data.next.level,
              from: money(data.next.from),
              left: <strong>{money(data.next.left)}</strong>,
            }}
          />
        ) : (
          <FormattedMessage id="cp.price.top" />
        )}
      </p>
      {data.next && (
        <Link to={to('cp-payment')} className={styles.more}>
          <FormattedMessage id="cp.topUp" />
        </Link>
      )}
    </section>
  );
}
