import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import IntlMessageFormat from 'intl-messageformat';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { isPlainText, literal } from '../../shared/icu-syntax.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales.ts';

/** Compiled in the production build and on the server (shared/compile-messages.ts). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

type LoadedMessages = Record<string, string | MessageFormatElement[]>;

/**
 * Messages as the build ships them (shared/compile-messages.ts): syntax trees, and plain
 * texts as strings, which become literals here. A string with ICU syntax (a build without
 * the messages plugin, as in tests) stays a string for the parser.
 */
export function expandMessages(messages: LoadedMessages): Messages {
  const out: Record<string, string | MessageFormatElement[]> = {};
  for (const [id, message] of Object.entries(messages))
    out[id] = typeof message === 'string' && isPlainText(message) ? literal(message) : message;
  return out as Messages;
}

/** Each language's messages are a chunk of their own; the browser loads only its own. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const module: { default: LoadedMessages } = await import(`../../locales/${locale}.json`);
  return expandMessages(module.default);
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
  const module: { default: LoadedMessages } = await import(`../../locales/cabinet/${locale}.json`);
  cabinetSets.set(locale, expandMessages(module.default));
}

const cabinetIntls = new Map<Locale, { base: Messages; intl: IntlShape }>();

/** The page's intl with the cabinet's messages added (null until they are loaded). */
export function cabinetIntlFor(locale: Locale, base: Messages): IntlShape | null {
  const own = cabinetSets.get(locale);
  if (!own) return null;
  const known = cabinetIntls.get(locale);
  if (known?.base === base) return known.intl;
  const intl = withFormatsByMessage(
    createIntl(
      {
        locale,
        messages: { ...base, ...own } as Messages,
        defaultLocale: DEFAULT_LOCALE,
        onError: onIntlError,
      },
      createIntlCache(),
    ),
  );
  cabinetIntls.set(locale, { base, intl });
  return intl;
}

type MessageFormats = IntlShape['formatters']['getMessageFormat'];

/**
 * formatjs memoises a message's format under JSON.stringify of the message, its locale,
 * formats and options, computed on every call: for a compiled message that is its whole
 * syntax tree, per message per render. Our intls format with one locale and the default
 * formats, so each message's format is kept under the message itself (the same string or
 * tree object) and made as formatjs makes it.
 */
function withFormatsByMessage(intl: IntlShape): IntlShape {
  const formatters = intl.formatters;
  const formatOf = formatters.getMessageFormat;
  const byMessage = new Map<unknown, IntlMessageFormat>();
  formatters.getMessageFormat = ((message, locales, formats, options) => {
    // another locale (a default message) or options of a call's own: formatjs's own cache
    // (FormattedMessage passes ignoreTag: undefined, which is no option)
    if (
      locales !== intl.locale ||
      Object.entries(options ?? {}).some(
        ([key, value]) => key !== 'formatters' && value !== undefined,
      )
    )
      return formatOf(message, locales, formats, options);
    let format = byMessage.get(message);
    if (!format) {
      format = new IntlMessageFormat(message, locales, formats, options);
      byMessage.set(message, format);
    }
    return format;
  }) as MessageFormats;
  return intl;
}

/**
 * A message when the language has it, else the given text as it is (a service's tag, a
 * provider's word): never formatted as ICU, since the browser carries no message parser.
 */
export function messageOr(intl: IntlShape, id: string, fallback: string): string {
  return intl.messages[id] ? intl.formatMessage({ id }) : fallback;
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
    intl = withFormatsByMessage(
      createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE, onError: onIntlError }, cache),
    );
    intls.set(locale, intl);
  }
  return intl;
}
