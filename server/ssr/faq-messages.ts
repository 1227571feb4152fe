import de from '../../locales/faq/de.json' with { type: 'json' };
import en from '../../locales/faq/en.json' with { type: 'json' };
import es from '../../locales/faq/es.json' with { type: 'json' };
import it from '../../locales/faq/it.json' with { type: 'json' };
import pt from '../../locales/faq/pt.json' with { type: 'json' };
import ru from '../../locales/faq/ru.json' with { type: 'json' };
import tr from '../../locales/faq/tr.json' with { type: 'json' };
import type { Locale } from '../../shared/locales.ts';

/**
 * The service pages' own questions, per language. They live apart from the interface
 * messages so that only service pages carry them: the page's four travel in its loader data.
 */
export const FAQ_MESSAGES: Record<Locale, Record<string, string>> = { ru, en, de, es, it, pt, tr };
