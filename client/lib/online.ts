import { useEffect, useState } from 'react';

/** Whether the browser thinks it is online (the server renders as online). */
export const isOnline = (): boolean =>
  typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * docs/product.md §15 Offline state: follows the browser's online and offline events, and
 * marks the document (`data-offline`) so forms show that they cannot be sent.
 */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => {
      const now = isOnline();
      setOnline(now);
      if (now) delete document.documentElement.dataset.offline;
      else document.documentElement.dataset.offline = 'true';
    };
    update();
    addEventListener('online', update);
    addEventListener('offline', update);
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
    };
  }, []);
  return online;
}
