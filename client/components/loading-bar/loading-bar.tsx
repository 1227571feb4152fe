import { useEffect, useRef, useState } from 'react';
import { TIMING } from '#shared/constants.ts';
import styles from './loading-bar.module.css';

type Phase = 'idle' | 'running' | 'done';

/**
 * docs/product.md §15 Loading bar: appears only when loading lasts over 200 ms, advances towards 100 %
 * over the expected duration, fills and fades out 500 ms after the end; red when it failed.
 */
export function LoadingBar({ active, failed }: { active: boolean; failed: boolean }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const shown = useRef(false);

  useEffect(() => {
    if (active) {
      const timer = setTimeout(() => {
        shown.current = true;
        setPhase('running');
      }, TIMING.loadingBarThrottleMs);
      return () => clearTimeout(timer);
    }
    if (!shown.current) return;
    setPhase('done');
    const timer = setTimeout(() => {
      shown.current = false;
      setPhase('idle');
    }, TIMING.loadingBarHideMs);
    return () => clearTimeout(timer);
  }, [active]);

  if (phase === 'idle') return null;
  return (
    <div
      className={styles.bar}
      data-phase={phase}
      data-failed={failed || undefined}
      role="progressbar"
      aria-hidden="true"
      style={{ ['--duration' as string]: `${TIMING.loadingBarDurationMs}ms` }}
    />
  );
}
