import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import IntlMessageFormat from 'intl-messageformat';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { isPlainText, literal } from '#shared/icu-syntax.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/locales.ts';
import type { MessageSet } from '#shared/message-sets.ts';

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
 * The message sets (shared/message-sets.ts) are chunks of their own: a page's route loads its
 * layout's sets with its screen (so they are here before it renders or hydrates); the server
 * registers them all at start.
 */
const SET_CHUNKS: Record<MessageSet, (locale: Locale) => Promise<{ default: LoadedMessages }>> = {
  cabinet: (locale) => import(`../../locales/cabinet/${locale}.json`),
  'cabinet-screens': (locale) => import(`../../locales/cabinet-screens/${locale}.json`),
  kept: (locale) => import(`../../locales/kept/${locale}.json`),
  pages: (locale) => import(`../../locales/pages/${locale}.json`),
  // ru and en only: the other languages read en (shared/message-sets.ts SET_LOCALES)
  staff: (locale) => import(`../../locales/staff/${locale === 'ru' ? 'ru' : 'en'}.json`),
};

const loadedSets = new Map<string, Messages>();
const setKey = (set: MessageSet, locale: Locale) => `${set}:${locale}`;

export function registerMessageSet(set: MessageSet, locale: Locale, messages: Messages): void {
  loadedSets.set(setKey(set, locale), messages);
}

export async function loadMessageSets(sets: readonly MessageSet[], locale: Locale): Promise<void> {
  await Promise.all(
    sets.map(async (set) => {
      if (loadedSets.has(setKey(set, locale))) return;
      const module = await SET_CHUNKS[set](locale);
      registerMessageSet(set, locale, expandMessages(module.default));
    }),
  );
}

/**
 * Each intl with sets, kept by its base messages and sets: a base is a language's messages
 * or a layout's intl with its own sets (the kept subtrees' texts are added to either).
 */
const setIntls = new WeakMap<Messages, Map<string, IntlShape>>();

/** The page's intl with the given sets added (null until they are all loaded). */
export function intlWithSets(
  locale: Locale,
  base: Messages,
  sets: readonly MessageSet[],
): IntlShape | null {
  const own = sets.map((set) => loadedSets.get(setKey(set, locale)));
  if (own.some((messages) => !messages)) return null;
  const key = `${locale}|${sets.join()}`;
  let byKey = setIntls.get(base);
  if (!byKey) {
    byKey = new Map();
    setIntls.set(base, byKey);
  }
  let intl = byKey.get(key);
  if (!intl) {
    intl = newIntl(locale, Object.assign({}, base, ...own) as Messages);
    byKey.set(key, intl);
  }
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
    intl = newIntl(locale, messages);
    intls.set(locale, intl);
  }
  return intl;
}

/** How every intl here is made: formatjs's, with each message's format kept under it. */
function newIntl(locale: Locale, messages: Messages): IntlShape {
  return withFormatsByMessage(
    createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE, onError: onIntlError }, cache),
  );
}
