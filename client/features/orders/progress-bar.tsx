import { useIntl } from 'react-intl';
import { Meter } from '../../components/meter/meter.tsx';
import styles from './orders.module.css';

/** How much of an order is delivered: a bar, and the units as text. */
export function ProgressBar({
  delivered,
  count,
  progress,
  labelId = 'cp.orders.delivered',
}: {
  delivered: number;
  count: number;
  progress: number;
  /** the words' message: the cabinet's, or the thanks page's own set's */
  labelId?: string;
}) {
  const intl = useIntl();
  const share = Math.max(0, Math.min(1, progress));
  const label = intl.formatMessage(
    { id: labelId },
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
