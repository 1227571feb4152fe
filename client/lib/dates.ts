import type { IntlShape } from 'react-intl';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * docs/product.md §13: a date under a day old reads as relative time ("5 minutes ago"), an older one as
 * DD.MM.YYYY (in UTC, so the server render and the browser agree).
 */
export function formatDate(intl: IntlShape, iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const age = now - at;
  if (age >= 0 && age < DAY) {
    if (age < MINUTE) return intl.formatRelativeTime(0, 'second', { numeric: 'auto' });
    if (age < HOUR) return intl.formatRelativeTime(-Math.floor(age / MINUTE), 'minute');
    return intl.formatRelativeTime(-Math.floor(age / HOUR), 'hour');
  }
  const date = new Date(at);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getUTCDate())}.${two(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}
