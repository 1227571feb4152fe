import type { IntlShape } from 'react-intl';
import type { ApiError } from '#client/lib/api.ts';
import {
  echoOf,
  MASS_ERRORS,
  MAX_MASS_LINES,
  type MassLineRefused,
  type MassOrderPlaced,
} from '#shared/mass-orders.ts';

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

/** What the last submit came to: the refused lines, a message, or the orders placed. */
export type Outcome =
  | { kind: 'lines'; lines: MassLineRefused[] }
  | { kind: 'message'; text: string; topUp?: boolean; field?: boolean }
  | { kind: 'placed'; placed: MassOrderPlaced };

/** The text refused before it is sent: no line, or more than one submit takes (the field's). */
export function lineCountRefusal(intl: IntlShape, count: number): Outcome | null {
  if (!count)
    return {
      kind: 'message',
      text: intl.formatMessage({ id: 'cp.mass.errors.empty' }),
      field: true,
    };
  if (count > MAX_MASS_LINES)
    return {
      kind: 'message',
      text: intl.formatMessage({ id: 'cp.mass.errors.tooMany' }, { max: MAX_MASS_LINES }),
      field: true,
    };
  return null;
}

/**
 * A refusal as this screen says it: the lines by number (with their text as it was `sent`),
 * or one message.
 */
export function refusalOutcome(intl: IntlShape, error: ApiError, sent: string): Outcome {
  const byLine = Object.entries(error.fields).filter(([key]) => /^\d+$/.test(key));
  if (error.statusCode === 400 && byLine.length) {
    const all = sent.split(/\r\n|\r|\n/);
    return {
      kind: 'lines',
      lines: byLine.map(([key, message]) => ({
        line: Number(key),
        text: echoOf((all[Number(key) - 1] ?? '').trim()),
        error: message,
      })),
    };
  }
  if (error.statusCode === 402)
    return {
      kind: 'message',
      text: intl.formatMessage({ id: 'cp.mass.errors.funds' }),
      topUp: true,
    };
  const known: Record<string, string> = {
    [MASS_ERRORS.empty]: intl.formatMessage({ id: 'cp.mass.errors.empty' }),
    [MASS_ERRORS.tooMany]: intl.formatMessage(
      { id: 'cp.mass.errors.tooMany' },
      { max: MAX_MASS_LINES },
    ),
  };
  return {
    kind: 'message',
    text:
      known[error.message] ??
      (error.statusCode === 0 || error.statusCode >= 500
        ? intl.formatMessage({ id: 'cp.mass.errors.failed' })
        : error.message),
  };
}
