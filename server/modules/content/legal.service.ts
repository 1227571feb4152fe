import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LEGAL_DOCS, type LegalDoc, type LegalDocument } from '#shared/legal.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, localePrefix } from '#shared/locales.ts';
import { LEGAL_REGIONS, type LegalRegion } from '#shared/regions.ts';
import { frontMatter, localizeLinks, renderMarkdown } from '../../lib/markdown.ts';

/** The operator's details the texts name (config `LEGAL_*`), by placeholder. */
export type LegalDetails = Record<
  | 'operator_name'
  | 'operator_address'
  | 'operator_registration'
  | 'operator_tax_id'
  | 'operator_jurisdiction'
  | 'contact_email'
  | 'privacy_email'
  | 'site_url'
  | 'brand',
  string
>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `{{name}}` in text and `%7B%7Bname%7D%7D` in link addresses, by the details. */
function fill(html: string, details: LegalDetails): string {
  return html.replace(
    /\{\{(\w+)\}\}|%7B%7B(\w+)%7D%7D/g,
    (whole, plain: string | undefined, encoded: string | undefined) => {
      const key = (plain ?? encoded) as keyof LegalDetails;
      const value = Object.hasOwn(details, key) ? details[key] : undefined;
      if (value === undefined) return whole;
      return plain ? escapeHtml(value) : encodeURI(value);
    },
  );
}

/**
 * The legal texts (content/legal/<doc>/<region>/<lang>.md), read and rendered once at start:
 * a region's text in the reader's language, else in English (then Russian) with a note.
 */
export function createLegalService({ dir, details }: { dir: string; details: LegalDetails }) {
  const key = (doc: LegalDoc, region: LegalRegion, lang: Locale) => `${doc}/${region}/${lang}`;
  // read and rendered on first use: a process that shows no legal page (the worker) never does
  let loaded: Map<string, Omit<LegalDocument, 'fallback'>> | null = null;
  const load = () => {
    const documents = new Map<string, Omit<LegalDocument, 'fallback'>>();
    for (const doc of Object.values(LEGAL_DOCS)) {
      for (const region of LEGAL_REGIONS) {
        const folder = path.join(dir, doc, region);
        if (!existsSync(folder)) continue;
        const files = readdirSync(folder).filter((file) => file.endsWith('.md'));
        const languages = files.map((file) => file.slice(0, -3)).filter(isLocale);
        for (const lang of languages) {
          const { meta, body } = frontMatter(readFileSync(path.join(folder, `${lang}.md`), 'utf8'));
          const { html, headings } = renderMarkdown(body);
          documents.set(key(doc, region, lang), {
            doc,
            region,
            lang,
            title: meta.title ?? doc,
            effective: meta.effective ?? '',
            html: fill(html, details),
            toc: headings
              .filter((heading) => heading.depth === 2)
              .map(({ id, text }) => ({ id, text: fill(text, details) })),
            languages,
          });
        }
      }
    }
    return documents;
  };

  return {
    /** The document for a reader, or null when this region has no text at all. */
    document(doc: LegalDoc, region: LegalRegion, lang: Locale): LegalDocument | null {
      loaded ??= load();
      for (const candidate of [lang, 'en', DEFAULT_LOCALE] as Locale[]) {
        const found = loaded.get(key(doc, region, candidate));
        // its links lead to the reader's language (another text of theirs may exist there)
        if (found)
          return {
            ...found,
            html: localizeLinks(found.html, localePrefix(lang)),
            fallback: candidate !== lang,
          };
      }
      return null;
    },
    /** How many texts were read (the start log says it). */
    count(): number {
      loaded ??= load();
      return loaded.size;
    },
  };
}

export type LegalService = ReturnType<typeof createLegalService>;
