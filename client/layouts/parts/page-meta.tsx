import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { BRAND_NAME } from '#shared/brand.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/locales.ts';
import { pageAlternates, pageById, pagePath } from '#shared/routes.ts';
import { selectPublicUrl } from '../../features/visitor/visitor.slice.ts';
import { useLocale } from '../../lib/locale.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';

interface PageMetaProps {
  title: string;
  description?: string;
  /** Error pages and private pages stay out of search indexes. */
  noindex?: boolean;
  /**
   * The languages this page exists in with their params, when not all 7 share them (an
   * article's slug differs per language and some languages lack it).
   */
  languages?: Partial<Record<Locale, Record<string, string>>>;
  /** the share card's picture: a platform's, else the brand's (static/og/<name>.png) */
  image?: string;
  /** Open Graph type: an article, else a website */
  type?: 'website' | 'article';
}

/** Open Graph locales of our languages. */
const OG_LOCALE: Record<Locale, string> = {
  ru: 'ru_RU',
  en: 'en_US',
  de: 'de_DE',
  es: 'es_ES',
  it: 'it_IT',
  pt: 'pt_PT',
  tr: 'tr_TR',
};

/**
 * Title, description, canonical and hreflang alternates of the current page; React 19 hoists
 * these tags into <head>, on the server and after a client navigation alike.
 */
export function PageMeta({
  title,
  description,
  noindex,
  languages,
  image = 'default',
  type = 'website',
}: PageMetaProps) {
  const { pageId } = useRouteHandle();
  const locale = useLocale();
  const params = useParams();
  const origin = useSelector(selectPublicUrl);
  const known = pageId !== 'not-found';
  const def = known ? pageById(pageId) : null;
  const canonicalId = def?.canonicalOf ?? pageId;
  const fullTitle = title.includes(BRAND_NAME) ? title : `${title} | ${BRAND_NAME}`;
  const canonical = known ? origin + pagePath(canonicalId, locale, params) : null;
  const picture = `${origin}/og/${image}.png`;
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      {/* share cards (Open Graph, X/Twitter): what a link shows in a chat or a feed */}
      <meta property="og:site_name" content={BRAND_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      {canonical && <meta property="og:url" content={canonical} />}
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      <meta property="og:image" content={picture} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={picture} />
      {(noindex || def?.access === 'protected') && <meta name="robots" content="noindex" />}
      {canonical && <link rel="canonical" href={canonical} />}
      {known &&
        (languages
          ? (Object.entries(languages) as [Locale, Record<string, string>][]).map(
              ([lang, own]) => ({ locale: lang, path: pagePath(pageId, lang, own) }),
            )
          : pageAlternates(pageId, params)
        ).map((alt) => (
          <link key={alt.locale} rel="alternate" hrefLang={alt.locale} href={origin + alt.path} />
        ))}
      {known && (!languages || languages[DEFAULT_LOCALE]) && (
        <link
          rel="alternate"
          hrefLang="x-default"
          href={origin + pagePath(pageId, DEFAULT_LOCALE, languages?.[DEFAULT_LOCALE] ?? params)}
        />
      )}
    </>
  );
}
