import cabinetDe from '#locales/cabinet/de.json' with { type: 'json' };
import cabinetEn from '#locales/cabinet/en.json' with { type: 'json' };
import cabinetEs from '#locales/cabinet/es.json' with { type: 'json' };
import cabinetIt from '#locales/cabinet/it.json' with { type: 'json' };
import cabinetPt from '#locales/cabinet/pt.json' with { type: 'json' };
import cabinetRu from '#locales/cabinet/ru.json' with { type: 'json' };
import cabinetTr from '#locales/cabinet/tr.json' with { type: 'json' };
import cabinetScreensDe from '#locales/cabinet-screens/de.json' with { type: 'json' };
import cabinetScreensEn from '#locales/cabinet-screens/en.json' with { type: 'json' };
import cabinetScreensEs from '#locales/cabinet-screens/es.json' with { type: 'json' };
import cabinetScreensIt from '#locales/cabinet-screens/it.json' with { type: 'json' };
import cabinetScreensPt from '#locales/cabinet-screens/pt.json' with { type: 'json' };
import cabinetScreensRu from '#locales/cabinet-screens/ru.json' with { type: 'json' };
import cabinetScreensTr from '#locales/cabinet-screens/tr.json' with { type: 'json' };
import de from '#locales/de.json' with { type: 'json' };
import en from '#locales/en.json' with { type: 'json' };
import es from '#locales/es.json' with { type: 'json' };
import it from '#locales/it.json' with { type: 'json' };
import keptDe from '#locales/kept/de.json' with { type: 'json' };
import keptEn from '#locales/kept/en.json' with { type: 'json' };
import keptEs from '#locales/kept/es.json' with { type: 'json' };
import keptIt from '#locales/kept/it.json' with { type: 'json' };
import keptPt from '#locales/kept/pt.json' with { type: 'json' };
import keptRu from '#locales/kept/ru.json' with { type: 'json' };
import keptTr from '#locales/kept/tr.json' with { type: 'json' };
import pagesDe from '#locales/pages/de.json' with { type: 'json' };
import pagesEn from '#locales/pages/en.json' with { type: 'json' };
import pagesEs from '#locales/pages/es.json' with { type: 'json' };
import pagesIt from '#locales/pages/it.json' with { type: 'json' };
import pagesPt from '#locales/pages/pt.json' with { type: 'json' };
import pagesRu from '#locales/pages/ru.json' with { type: 'json' };
import pagesTr from '#locales/pages/tr.json' with { type: 'json' };
import pt from '#locales/pt.json' with { type: 'json' };
import ru from '#locales/ru.json' with { type: 'json' };
import serverDe from '#locales/server/de.json' with { type: 'json' };
import serverEn from '#locales/server/en.json' with { type: 'json' };
import serverEs from '#locales/server/es.json' with { type: 'json' };
import serverIt from '#locales/server/it.json' with { type: 'json' };
import serverPt from '#locales/server/pt.json' with { type: 'json' };
import serverRu from '#locales/server/ru.json' with { type: 'json' };
import serverTr from '#locales/server/tr.json' with { type: 'json' };
import staffEn from '#locales/staff/en.json' with { type: 'json' };
import staffRu from '#locales/staff/ru.json' with { type: 'json' };
import tr from '#locales/tr.json' with { type: 'json' };
import { type CompiledMessages, compileMessages } from '#shared/compile-messages.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import { type MessageSet, messageSetLocale } from '#shared/message-sets.ts';

/** Every language's messages, in memory once (the browser loads only its own chunk). */
export const MESSAGES: Record<Locale, Record<string, string>> = { ru, en, de, es, it, pt, tr };

/** The cabinet's own messages (`cp.*`), a chunk of their own in the browser. */
export const CABINET_MESSAGES: Record<Locale, Record<string, string>> = {
  ru: cabinetRu,
  en: cabinetEn,
  de: cabinetDe,
  es: cabinetEs,
  it: cabinetIt,
  pt: cabinetPt,
  tr: cabinetTr,
};

/** The cabinet's own screens' messages (profile, API, income, prices, payment history). */
export const CABINET_SCREENS_MESSAGES: Record<Locale, Record<string, string>> = {
  ru: cabinetScreensRu,
  en: cabinetScreensEn,
  de: cabinetScreensDe,
  es: cabinetScreensEs,
  it: cabinetScreensIt,
  pt: cabinetScreensPt,
  tr: cabinetScreensTr,
};

/** The kept subtrees' own texts (landing sections, heroes' words, footer): a chunk of their own. */
export const KEPT_MESSAGES: Record<Locale, Record<string, string>> = {
  ru: keptRu,
  en: keptEn,
  de: keptDe,
  es: keptEs,
  it: keptIt,
  pt: keptPt,
  tr: keptTr,
};

/** Sign-in, blog, legal and payment-result messages, a chunk of their own in the browser. */
export const PAGES_MESSAGES: Record<Locale, Record<string, string>> = {
  ru: pagesRu,
  en: pagesEn,
  de: pagesDe,
  es: pagesEs,
  it: pagesIt,
  pt: pagesPt,
  tr: pagesTr,
};

/**
 * The staff console's messages: Russian and English; every other language reads the English
 * file, as the browser does (shared/message-sets.ts `messageSetLocale`).
 */
const STAFF_FILES: Partial<Record<Locale, Record<string, string>>> = { ru: staffRu, en: staffEn };
export const STAFF_MESSAGES = Object.fromEntries(
  LOCALES.map((locale) => [locale, STAFF_FILES[messageSetLocale('staff', locale)]!]),
) as Record<Locale, Record<string, string>>;

/** What only the server writes (mails, stored notifications): never shipped to the browser. */
export const SERVER_MESSAGES: Record<Locale, Record<string, string>> = {
  ru: serverRu,
  en: serverEn,
  de: serverDe,
  es: serverEs,
  it: serverIt,
  pt: serverPt,
  tr: serverTr,
};

const compiled = (sets: Record<Locale, Record<string, string>>) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, compileMessages(sets[locale])])) as Record<
    Locale,
    CompiledMessages
  >;

/** The pages' messages, compiled once at start (shared/compile-messages.ts): renders never parse ICU. */
export const PAGE_MESSAGES = compiled(MESSAGES);

/** Each message set (shared/message-sets.ts), compiled: the server renders every page. */
export const PAGE_SET_MESSAGES: Record<MessageSet, Record<Locale, CompiledMessages>> = {
  cabinet: compiled(CABINET_MESSAGES),
  'cabinet-screens': compiled(CABINET_SCREENS_MESSAGES),
  kept: compiled(KEPT_MESSAGES),
  pages: compiled(PAGES_MESSAGES),
  staff: compiled(STAFF_MESSAGES),
};
