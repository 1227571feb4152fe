/** Interface languages (docs/product.md §1). Russian is the default and has no path prefix. */
export const LOCALES = ['ru', 'en', 'de', 'es', 'it', 'pt', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

/** Used when a browser asks only for languages we do not have. */
export const FALLBACK_FOREIGN_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** '' for ru, '/en' for en, … */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** The locale a path belongs to, from its first segment (no prefix means ru). */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return first && first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}

/**
 * The best supported language of an Accept-Language header, by q-value and order.
 * null when the header is missing or empty; FALLBACK_FOREIGN_LOCALE when it names only
 * languages we do not have (a French browser reads English better than Russian).
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header?.trim()) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((entry) => entry.lang && entry.lang !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((entry) => isLocale(entry.lang));
  return match ? (match.lang as Locale) : ranked.length ? FALLBACK_FOREIGN_LOCALE : null;
}
