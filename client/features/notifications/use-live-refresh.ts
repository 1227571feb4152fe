import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { selectArrivedCount } from './notifications.slice.ts';

/** Calls `refresh` whenever the live channel brings a notification of this kind (`order.`). */
export function useLiveRefresh(prefix: string, refresh: () => void): void {
  const count = useSelector(selectArrivedCount(prefix));
  const seen = useRef(count);
  useEffect(() => {
    if (count === seen.current) return;
    seen.current = count;
    refresh();
  }, [count, refresh]);
}
