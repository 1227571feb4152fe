import { DAY_MS } from './constants.ts';

/**
 * Whole UTC days as the cabinet's filters give them (`YYYY-MM-DD`, both ends included) as
 * the instants a query compares with: `from` ≤ created_at < `before` (the day after `to`).
 */
export function utcDayRange({ from, to }: { from?: string; to?: string }): {
  from?: string;
  before?: string;
} {
  return {
    ...(from ? { from: `${from}T00:00:00.000Z` } : {}),
    ...(to ? { before: new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() } : {}),
  };
}
