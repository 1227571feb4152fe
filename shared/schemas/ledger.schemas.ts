import { PAGE_SIZES } from '../constants.ts';
import { LEDGER_GROUPS } from '../ledger.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/**
 * Query schemas of `GET user/transactions` and `user/transactions/totals`. Query values arrive
 * as strings, so lists, dates and numbers are checked by pattern and parsed after.
 */
export const LEDGER_MESSAGES = {
  group: `Groups are one or more of ${LEDGER_GROUPS.join(', ')}, separated by commas`,
  date: 'Dates are YYYY-MM-DD',
  range: 'The start date must not be after the end date',
  page: 'The page is a whole number from 1',
  limit: `Show lines: ${PAGE_SIZES.join(', ')}`,
} as const;
const M = LEDGER_MESSAGES;

const oneGroup = `(${LEDGER_GROUPS.join('|')})`;
const date = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  format: 'date',
  errorMessage: M.date,
} as const;

const dateRange = { from: date, to: date } as const;

const querySchema = <const Properties extends Record<string, object>>(
  id: string,
  properties: Properties,
) =>
  ({
    $id: id,
    type: 'object',
    additionalProperties: false,
    properties,
    errorMessage: { additionalProperties: UNKNOWN_FIELD },
  }) as const;

export const transactionsQuery = querySchema('user/transactions', {
  group: {
    type: 'string',
    pattern: `^${oneGroup}(,${oneGroup}){0,${LEDGER_GROUPS.length - 1}}$`,
    errorMessage: M.group,
  },
  ...dateRange,
  page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', errorMessage: M.page },
  limit: { type: 'string', enum: PAGE_SIZES.map(String), errorMessage: M.limit },
});

export const totalsQuery = querySchema('user/transactions/totals', dateRange);

export type TransactionsQuery = SchemaType<typeof transactionsQuery>;
