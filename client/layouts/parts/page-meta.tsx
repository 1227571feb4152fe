import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { BRAND_NAME } from '../../../shared/brand.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales.ts';
import { pageAlternates, pageById, pagePath } from '../../../shared/routes.ts';
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
}

/**
 * Title, description, canonical and hreflang alternates of the current page; React hoists
 * these tags into <head>, on the server and on client navigation alike.
 */
export function PageMeta({ title, description, noindex, languages }: PageMetaProps) {
  const { pageId } = useRouteHandle();
  const locale = useLocale();
  const params = useParams();
  const origin = useSelector(selectPublicUrl);
  const known = pageId !== 'not-found';
  const def = known ? pageById(pageId) : null;
  const canonicalId = def?.canonicalOf ?? pageId;
  return (
    <>
      <title>{title.includes(BRAND_NAME) ? title : `${title} | ${BRAND_NAME}`}</title>
      {description && <meta name="description" content={description} />}
      {(noindex || def?.access === 'protected') && <meta name="robots" content="noindex" />}
      {known && <link rel="canonical" href={origin + pagePath(canonicalId, locale, params)} />}
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
