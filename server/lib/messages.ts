import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import pt from '../../locales/pt.json' with { type: 'json' };
import ru from '../../locales/ru.json' with { type: 'json' };
import tr from '../../locales/tr.json' with { type: 'json' };
import type { Locale } from '../../shared/locales.ts';

/** Every language's messages, in memory once (the browser loads only its own chunk). */
export const MESSAGES: Record<Locale, Record<string, string>> = { ru, en, de, es, it, pt, tr };
