import styles from './meter.module.css';

/**
 * A share (0..1) as a bar: an order's delivery, the way to the next discount level. Without a
 * label it is the bar's shape only (a skeleton), hidden from screen readers.
 */
export function Meter({ share, label }: { share: number; label?: string }) {
  if (label === undefined) return <span className={styles.track} aria-hidden="true" />;
  const shown = Math.max(0, Math.min(1, share));
  return (
    <span
      className={styles.track}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown * 100)}
      aria-label={label}
    >
      <span className={styles.fill} style={{ width: `${shown * 100}%` }} />
    </span>
  );
}
