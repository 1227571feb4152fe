import type { IntlShape } from 'react-intl';
import { MASS_ERRORS } from '#shared/mass-orders.ts';

/** The server's English words for a line (shared/mass-orders.ts) → this screen's messages. */
const KNOWN: Record<string, string> = {
  [MASS_ERRORS.format]: 'format',
  [MASS_ERRORS.service]: 'service',
  [MASS_ERRORS.quantity]: 'quantity',
  [MASS_ERRORS.link]: 'link',
  [MASS_ERRORS.subscription]: 'subscription',
  [MASS_ERRORS.comments]: 'comments',
  'The service is temporary unavailable': 'unavailable',
};

/**
 * A line's error in the reader's language where the screen knows it (with the limits or
 * nothing more to tell), else the server's English text as it is.
 */
export function lineErrorText(intl: IntlShape, error: string): string {
  const known = KNOWN[error];
  if (known) return intl.formatMessage({ id: `cp.mass.line.${known}` });
  const range = /^The quantity must be from (\d+) to (\d+)$/.exec(error);
  if (range)
    return intl.formatMessage(
      { id: 'cp.mass.line.range' },
      { min: intl.formatNumber(Number(range[1])), max: intl.formatNumber(Number(range[2])) },
    );
  if (error.startsWith('This is not a valid link for '))
    return intl.formatMessage({ id: 'cp.mass.line.linkKind' });
  return error;
}
