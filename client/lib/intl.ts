import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales.ts';

export type Messages = Record<string, string>;

/** Each language's messages are a chunk of their own; the browser loads only its own. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const module: { default: Messages } = await import(`../../locales/${locale}.json`);
  return module.default;
}

/** Missing messages are caught by the locale check test; formatting noise stays out of logs. */
function onIntlError(error: { code?: string; message: string }): void {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}

/**
 * One intl object per language for the life of the process: its formatters (each parsed
 * ICU message, number and plural rules) are built once and reused by every render, instead
 * of once per request as a fresh IntlProvider would.
 */
const intls = new Map<Locale, IntlShape>();
const cache = createIntlCache();

export function intlFor(locale: Locale, messages: Messages): IntlShape {
  let intl = intls.get(locale);
  if (!intl || intl.messages !== messages) {
    intl = createIntl(
      { locale, messages, defaultLocale: DEFAULT_LOCALE, onError: onIntlError },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}
