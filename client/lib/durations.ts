import type { IntlShape } from 'react-intl';

/**
 * Whole minutes as the largest units that matter, in the locale's words: "12 min", "3 hr",
 * "2 hr 15 min", "3 days 4 hr" (en). At least one minute: a figure of 0 reads "1 min".
 */
export function formatMinutes(intl: IntlShape, minutes: number): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  const whole = Math.max(1, Math.round(minutes));
  if (whole < 60) return unit(whole, 'minute');
  const hours = Math.floor(whole / 60);
  if (hours < 48)
    return whole % 60
      ? `${unit(hours, 'hour')} ${unit(whole % 60, 'minute')}`
      : unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${unit(days, 'day')} ${unit(hours % 24, 'hour')}` : unit(days, 'day');
}

/** A share of 0..1 as a whole percent in the locale's way ("97%", "97 %"). */
export const formatShare = (intl: IntlShape, share: number): string =>
  intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
