import { DEFAULT_LOCALE, LOCALES, type Locale, localePrefix } from '#shared/locales.ts';
import { LEGAL_REGIONS } from '#shared/regions.ts';
import { PAGES, type PageDef, pagePath } from '#shared/routes.ts';
import type { ArticlesService } from '../articles/articles.service.ts';

/** Views crawlers have no use for: forms, thanks pages, one person's pages. */
const HIDDEN_VIEWS = new Set([
  'login',
  'signup',
  'slogin',
  'reset',
  'reset-code',
  'close',
  'thanks',
]);

/** The cabinet and the staff console are one person's pages: never crawled nor listed. */
const crawlable = (page: PageDef) =>
  page.access !== 'protected' &&
  page.access !== 'staff' &&
  !HIDDEN_VIEWS.has(page.view) &&
  !page.canonicalOf;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

interface Entry {
  /** the language's own address, then every language's (alternates), x-default */
  loc: string;
  alternates: { lang: string; href: string }[];
  lastmod?: string;
}

function urlXml({ loc, alternates, lastmod }: Entry): string {
  return [
    '<url>',
    `<loc>${escapeXml(loc)}</loc>`,
    ...(lastmod ? [`<lastmod>${lastmod.slice(0, 10)}</lastmod>`] : []),
    ...alternates.map(
      (alt) => `<xhtml:link rel="alternate" hreflang="${alt.lang}" href="${escapeXml(alt.href)}"/>`,
    ),
    '</url>',
  ].join('');
}

/**
 * What crawlers read: `/robots.txt` keeps them out of the cabinet, the staff
 * console, the forms and the thanks pages and names the sitemap; `/sitemap.xml` is an index of one sitemap per
 * language, made from the route table (legal pages per region) and the articles, each URL with
 * its hreflang alternates.
 */
export function createCrawlService({
  publicUrl,
  articles,
  hiddenServicePages = async () => [],
}: {
  publicUrl: string;
  articles: Pick<ArticlesService, 'index'>;
  /** service pages the shop does not sell now (staff hid their service): not listed */
  hiddenServicePages?: () => Promise<string[]>;
}) {
  const entryOf = (page: PageDef, lang: Locale, params: Record<string, string> = {}): Entry => ({
    loc: publicUrl + pagePath(page.id, lang, params),
    alternates: [
      ...LOCALES.map((other) => ({
        lang: other,
        href: publicUrl + pagePath(page.id, other, params),
      })),
      { lang: 'x-default', href: publicUrl + pagePath(page.id, DEFAULT_LOCALE, params) },
    ],
  });

  return {
    robots(): string {
      const hidden = PAGES.filter((page) => !crawlable(page) && !page.canonicalOf);
      const all = [
        ...new Set(hidden.map((page) => page.paths[DEFAULT_LOCALE].replace(/:\w+.*$/, ''))),
      ];
      // /cp/ covers /cp/orders/: one line a section
      const paths = all.filter(
        (path) => !all.some((other) => other !== path && path.startsWith(other)),
      );
      return [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /sandbox/',
        ...paths.flatMap((path) => [`Disallow: ${path}`, `Disallow: /*${path}`]),
        'Allow: /',
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    index(): string {
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...LOCALES.map(
          (lang) =>
            `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${lang}.xml`)}</loc></sitemap>`,
        ),
        '</sitemapindex>',
      ].join('\n');
    },

    /** One language's pages; null for a language we do not have. */
    async forLanguage(lang: string): Promise<string | null> {
      const locale = LOCALES.find((known) => known === lang);
      if (!locale) return null;
      const entries: Entry[] = [];
      const hidden = new Set(await hiddenServicePages());
      for (const page of PAGES.filter(crawlable)) {
        if (page.view === 'article') continue;
        if (page.service && hidden.has(page.service)) continue;
        if (page.view === 'legal')
          for (const region of LEGAL_REGIONS) entries.push(entryOf(page, locale, { region }));
        else entries.push(entryOf(page, locale));
      }
      const all = await articles.index();
      const article = PAGES.find((page) => page.view === 'article')!;
      for (const row of all.filter((item) => item.lang === locale)) {
        const translations = all.filter((item) => item.key === row.key);
        const href = (item: { lang: string; slug: string }) =>
          `${publicUrl}${localePrefix(item.lang as Locale)}${article.paths[item.lang as Locale].replace(':slug', item.slug)}`;
        const ru = translations.find((item) => item.lang === DEFAULT_LOCALE);
        entries.push({
          loc: href(row),
          lastmod: row.updated_at,
          alternates: [
            ...translations.map((item) => ({ lang: item.lang, href: href(item) })),
            ...(ru ? [{ lang: 'x-default', href: href(ru) }] : []),
          ],
        });
      }
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...entries.map(urlXml),
        '</urlset>',
      ].join('\n');
    },
  };
}

export type CrawlService = ReturnType<typeof createCrawlService>;
