import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GuideView } from '../../../shared/api-keys.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales.ts';
import { renderMarkdown } from '../../lib/markdown.ts';

export type { GuideView };

/**
 * The reseller API guide of /cp/api/ (content/api-guide/<lang>.md): read and rendered on first
 * use per language; a language without one reads the English guide (then the Russian).
 */
export function createGuideService({ dir }: { dir: string }) {
  const cache = new Map<Locale, Omit<GuideView, 'fallback'> | null>();
  const read = (lang: Locale) => {
    if (!cache.has(lang)) {
      const file = path.join(dir, `${lang}.md`);
      if (!existsSync(file)) cache.set(lang, null);
      else {
        const { html, headings } = renderMarkdown(readFileSync(file, 'utf8'));
        cache.set(lang, {
          lang,
          html,
          toc: headings.filter((h) => h.depth === 2).map(({ id, text }) => ({ id, text })),
        });
      }
    }
    return cache.get(lang) ?? null;
  };
  return {
    guide(lang: Locale): GuideView | null {
      for (const candidate of [lang, 'en', DEFAULT_LOCALE] as Locale[]) {
        const found = read(candidate);
        if (found) return { ...found, fallback: candidate !== lang };
      }
      return null;
    },
  };
}

export type GuideService = ReturnType<typeof createGuideService>;
