import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GuideView } from '#shared/api-keys.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/locales.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';

export type { GuideView };

/** What the guide's examples show of one service: its entry in `/api/v2` `services`. */
export interface GuideServiceFacts {
  service: number;
  name: string;
  type: string;
  category: string;
  rate: string;
  min: string;
  max: string;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

/** The shop's own facts the guide's examples are made of (docs/api.md, "The API guide"). */
export interface GuideFacts {
  /** the address of `/api/v2` (PUBLIC_URL + /api/v2) */
  apiUrl: string;
  /** `services` as a reader of this language gets it, by service tag */
  services(lang: Locale): Promise<ReadonlyMap<string, GuideServiceFacts>>;
}

/** How long the examples keep the catalogue they were filled from. */
export const GUIDE_FACTS_TTL_MS = 60_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** A value as it stands in the examples: inside a JSON string or bare, in HTML. */
const shown = (value: string) => escapeHtml(JSON.stringify(value).slice(1, -1));

/**
 * A value of a placeholder: `{{api_url}}`, `{{expiry}}` (the last day of next year, d/m/Y: a
 * subscription's expiry that is never past) and `{{service.<tag in lower case>.<field>}}`, a
 * field of that service's `services` entry (`id` for its number); null for one it does not
 * know, which stays as it is.
 */
function placeholderValue(
  name: string,
  apiUrl: string,
  services: ReadonlyMap<string, GuideServiceFacts>,
  now: Date,
): string | null {
  if (name === 'api_url') return apiUrl;
  if (name === 'expiry') return `31/12/${now.getUTCFullYear() + 1}`;
  const match = /^service\.([a-z0-9_]+)\.([a-z]+)$/.exec(name);
  const entry = match && services.get(match[1]!.toUpperCase());
  // `id` is the entry's `service`: the number `add` takes
  const field = match?.[2] === 'id' ? 'service' : match?.[2];
  if (!entry || !field || !Object.hasOwn(entry, field)) return null;
  return String(entry[field as keyof GuideServiceFacts]);
}

/**
 * The reseller API guide of /cp/api/ (content/api-guide/<lang>.md): read and rendered on first
 * use per language; a language without one reads the English guide (then the Russian). Its
 * examples are this shop's: the placeholders of the rendered text are filled with the API's
 * address and the panel catalogue's services as `services` answers them in the guide's
 * language, kept GUIDE_FACTS_TTL_MS, so every example request works here as it stands.
 */
export function createGuideService({
  dir,
  facts,
  now = () => new Date(),
}: {
  dir: string;
  facts: GuideFacts;
  now?: () => Date;
}) {
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
  const services = new Map(
    LOCALES.map((lang) => [
      lang,
      ttlCache(
        () => facts.services(lang),
        GUIDE_FACTS_TTL_MS,
        () => now().getTime(),
      ),
    ]),
  );
  const fill = async (html: string, lang: Locale) => {
    const known = await services.get(lang)!.get();
    const at = now();
    return html.replace(/\{\{([\w.]+)\}\}/g, (whole, name: string) => {
      const value = placeholderValue(name, facts.apiUrl, known, at);
      return value === null ? whole : shown(value);
    });
  };
  return {
    async guide(lang: Locale): Promise<GuideView | null> {
      for (const candidate of [lang, 'en', DEFAULT_LOCALE] as Locale[]) {
        const found = read(candidate);
        if (found)
          return {
            ...found,
            html: await fill(found.html, candidate),
            fallback: candidate !== lang,
          };
      }
      return null;
    },
  };
}

export type GuideService = ReturnType<typeof createGuideService>;
