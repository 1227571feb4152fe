import de from '#locales/landing/de.json' with { type: 'json' };
import en from '#locales/landing/en.json' with { type: 'json' };
import es from '#locales/landing/es.json' with { type: 'json' };
import it from '#locales/landing/it.json' with { type: 'json' };
import pt from '#locales/landing/pt.json' with { type: 'json' };
import ru from '#locales/landing/ru.json' with { type: 'json' };
import tr from '#locales/landing/tr.json' with { type: 'json' };
import type { Locale } from '#shared/locales.ts';

/**
 * The landings' own texts, per language (shared/landing-texts.ts): apart
 * from the interface messages, so that a page carries only its own, in its loader data.
 */
export const LANDING_MESSAGES: Record<Locale, Record<string, string>> = {
  ru,
  en,
  de,
  es,
  it,
  pt,
  tr,
};
