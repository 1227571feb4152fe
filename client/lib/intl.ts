import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales.ts';

export type Messages = Record<string, string>;

/** Each language's messages are a chunk of their own; the browser loads only its own. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const module: { default: Messages } = await import(`../../locales/${locale}.json`);
  return module.default;
}

/**
 * The cabinet's own messages (`locales/cabinet/`, every `cp.*` key) are a chunk of their own:
 * visitors of the storefront never download them. A cabinet page's route loads them with its
 * screen (so they are here before it renders or hydrates); the server registers them all.
 */
const cabinetSets = new Map<Locale, Messages>();

export function registerCabinetMessages(locale: Locale, messages: Messages): void {
  cabinetSets.set(locale, messages);
}

export async function loadCabinetMessages(locale: Locale): Promise<void> {
  if (cabinetSets.has(locale)) return;
  const module: { default: Messages } = await import(`../../locales/cabinet/${locale}.json`);
  cabinetSets.set(locale, module.default);
}

const cabinetIntls = new Map<Locale, { base: Messages; intl: IntlShape }>();

/** The page's intl with the cabinet's messages added (null until they are loaded). */
export function cabinetIntlFor(locale: Locale, base: Messages): IntlShape | null {
  const own = cabinetSets.get(locale);
  if (!own) return null;
  const known = cabinetIntls.get(locale);
  if (known?.base === base) return known.intl;
  const intl = createIntl(
    { locale, messages: { ...base, ...own }, defaultLocale: DEFAULT_LOCALE, onError: onIntlError },
    createIntlCache(),
  );
  cabinetIntls.set(locale, { base, intl });
  return intl;
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
