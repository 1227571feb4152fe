import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { LEGAL_DOCS, type LegalDocument, type LegalPageId } from '#shared/legal.ts';
import type { Locale } from '#shared/locales.ts';
import { LEGAL_REGIONS } from '#shared/regions.ts';
import type { PageDef } from '#shared/routes.ts';
import { breadcrumbs, JsonLd } from '../../components/json-ld/json-ld.tsx';
import { TextPage } from '../../components/text-page/text-page.tsx';
import { legalLoader } from '../../features/content/legal.loader.ts';
import { selectPublicUrl } from '../../features/visitor/visitor.slice.ts';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';
import { useLocale, useLocalePath } from '../../lib/locale.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import styles from './legal.module.css';

const TITLES: Record<LegalPageId, string> = {
  'private-policy': 'legal.privacy.title',
  'public-agreement': 'legal.agreement.title',
  'refund-policy': 'legal.refund.title',
};

/**
 * /private-policy/, /public-agreement/, /refund-policy/ for a region (docs/product.md §2): the full text
 * (server-rendered Markdown from content/legal/), its effective date, a table of contents
 * with anchors, the other regions' editions and the region's other documents.
 */
export default function LegalPage() {
  const intl = useIntl();
  const locale = useLocale();
  const to = useLocalePath();
  const { pageId } = useRouteHandle();
  const doc = useLoaderData() as LegalDocument;
  const page = pageId as LegalPageId;
  const origin = useSelector(selectPublicUrl);
  const regionName = intl.formatMessage({ id: `legal.region.${doc.region}` });
  const effective = new Date(`${doc.effective}T00:00:00Z`);
  return (
    <>
      <PageMeta
        title={`${doc.title} · ${regionName}`}
        description={intl.formatMessage(
          { id: 'legal.description' },
          { title: doc.title, region: regionName },
        )}
      />
      <JsonLd
        data={breadcrumbs([
          { name: intl.formatMessage({ id: 'blog.home' }), url: origin + to('home') },
          { name: doc.title, url: origin + to(page, { region: doc.region }) },
        ])}
      />
      <TextPage
        wide
        title={doc.title}
        lead={
          <>
            <FormattedMessage id="legal.lead" values={{ region: regionName }} />{' '}
            {Number.isFinite(effective.getTime()) && (
              <FormattedMessage
                id="legal.effective"
                values={{
                  date: (
                    <time dateTime={doc.effective}>
                      {intl.formatDate(effective, { dateStyle: 'long', timeZone: 'UTC' })}
                    </time>
                  ),
                }}
              />
            )}
          </>
        }
      >
        {doc.fallback && (
          <p className={styles.note} role="note" lang={locale}>
            <FormattedMessage
              id="legal.fallback"
              values={{
                language: intl.formatDisplayName(doc.lang, { type: 'language' }) ?? doc.lang,
              }}
            />
          </p>
        )}
        <nav className={styles.editions} aria-label={intl.formatMessage({ id: 'legal.editions' })}>
          {LEGAL_REGIONS.map((region) => (
            <Link
              key={region}
              to={to(page, { region })}
              aria-current={region === doc.region ? 'page' : undefined}
              className={styles.edition}
            >
              <FormattedMessage id={`legal.region.${region}`} />
            </Link>
          ))}
        </nav>
        <div className={styles.layout}>
          <nav className={styles.toc} aria-labelledby="legal-contents">
            <h2 id="legal-contents" className={styles.tocTitle}>
              <FormattedMessage id="legal.contents" />
            </h2>
            <ol>
              {doc.toc.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`}>{entry.text}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div
            className={styles.body}
            lang={doc.lang}
            // sanitised on the server (server/lib/markdown.ts) from our own content files
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised content
            dangerouslySetInnerHTML={{ __html: doc.html }}
            data-testid="legal-text"
          />
        </div>
        <nav className={styles.related} aria-label={intl.formatMessage({ id: 'legal.related' })}>
          {(Object.keys(LEGAL_DOCS) as LegalPageId[])
            .filter((other) => other !== page)
            .map((other) => (
              <Link key={other} to={to(other, { region: doc.region })}>
                <FormattedMessage id={TITLES[other]} />
              </Link>
            ))}
        </nav>
      </TextPage>
    </>
  );
}

/**
 * The route's loader, in this screen's chunk (client/app/routes.tsx); docs/product.md §2 validate hook:
 * a region the page does not know answers 404.
 */
export const routeLoader = (def: PageDef, locale: Locale) => {
  const load = legalLoader(def.id as LegalPageId, locale);
  return (args: LoaderFunctionArgs) => {
    if (def.validate && !def.validate(args.params))
      throw data(null, { status: 404, statusText: 'Not Found' });
    return load(args);
  };
};
