import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { BRAND_NAME } from '#shared/brand.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/locales.ts';
import { pageOfTag } from '#shared/orders.ts';
import { MESSAGES, SERVER_MESSAGES } from './messages.ts';

/**
 * Text the server writes itself (mails, stored notifications), in the reader's language, from
 * the same ICU messages as the pages (`locales/*.json`) and its own (`locales/server/`), through @formatjs/intl: one intl
 * object per language for the life of the process, so each message is parsed once.
 */
const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

function intlOf(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        messages: { ...MESSAGES[locale], ...SERVER_MESSAGES[locale] },
        defaultLocale: DEFAULT_LOCALE,
        // a missing message falls back to its default text; the locale check test finds gaps
        onError: () => {},
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

export type MessageValues = Record<string, string | number>;

/** A message in a language; `{brand}` is always known. Plain text: no rich-text tags. */
export function message(
  locale: Locale,
  id: string,
  values: MessageValues = {},
  fallback: string = id,
): string {
  return intlOf(locale).formatMessage(
    { id, defaultMessage: fallback },
    { brand: BRAND_NAME, ...values },
  ) as string;
}

/** A count in a language: 1 000 in Russian, 1,000 in English. */
export function formatCount(locale: Locale, count: number): string {
  return intlOf(locale).formatNumber(count);
}

/** Money in a language from minor units: 185 ₽, $6.99 (whole amounts without decimals). */
export function formatMoney(locale: Locale, minor: number, currency: string): string {
  return intlOf(locale).formatNumber(minor / 100, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** The name of an order's service in a language: its service page's name. */
export function serviceName(locale: Locale, tag: string): string {
  return message(locale, `service.${pageOfTag(tag)}.name`, {}, tag);
}
