import type { IntlShape } from 'react-intl';
import type { Currency } from '../../shared/regions.ts';

/**
 * Minor units as money in the page's language (SPEC §9: thousands grouping, at most two
 * decimals): whole amounts without decimals (185 ₽), the rest with two ($6.99).
 */
export function formatMoney(intl: IntlShape, minor: number, currency: Currency): string {
  const whole = minor % 100 === 0;
  return intl.formatNumber(minor / 100, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
