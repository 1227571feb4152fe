import type { IntlShape } from 'react-intl';
import type { Currency } from '#shared/regions.ts';

// formatjs memoises its formatters under a JSON key of the arguments, made on every call; a
// landing formats ~40 amounts, so the formatters are kept here under a plain key instead
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, currency: Currency, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${whole ? 0 : 2}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Minor units as money in the page's language (docs/product.md §13: thousands grouping, at most two
 * decimals): whole amounts without decimals (185 ₽), the rest with two ($6.99).
 */
export function formatMoney(intl: IntlShape, minor: number, currency: Currency): string {
  const whole = minor % 100 === 0;
  return formatterOf(intl.locale, currency, whole).format(minor / 100);
}
