import { useIntl } from 'react-intl';
import { Meter } from '../../components/meter/meter.tsx';
import styles from './orders.module.css';

/** How much of an order is delivered: a bar, and the units as text. */
export function ProgressBar({
  delivered,
  count,
  progress,
}: {
  delivered: number;
  count: number;
  progress: number;
}) {
  const intl = useIntl();
  const share = Math.max(0, Math.min(1, progress));
  const label = intl.formatMessage(
    { id: 'cp.orders.delivered' },
    { delivered: intl.formatNumber(delivered), count: intl.formatNumber(count) },
  );
  return (
    <div className={styles.progress}>
      <Meter share={share} label={label} />
      <span className={styles.progressText}>
        {intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 0 })} · {label}
      </span>
    </div>
  );
}
