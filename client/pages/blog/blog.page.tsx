import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { ARTICLE_TAGS } from '#shared/articles.ts';
import type { Locale } from '#shared/locales.ts';
import type { PageDef } from '#shared/routes.ts';
import { breadcrumbs, JsonLd } from '../../components/json-ld/json-ld.tsx';
import { Pager } from '../../components/pager/pager.tsx';
import { TextPage } from '../../components/text-page/text-page.tsx';
import { ArticleCard } from '../../features/content/article-card.tsx';
import { type BlogData, blogLoader } from '../../features/content/articles.loader.ts';
import { selectPublicUrl } from '../../features/visitor/visitor.slice.ts';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';
import { useLocalePath } from '../../lib/locale.ts';
import styles from './blog.module.css';

/**
 * /blog/ (docs/product.md §2, §13): topics, the 3 most read, and the newest articles a page at a time;
 * the topic and page live in the address.
 */
export default function BlogPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const location = useLocation();
  const loaded = useLoaderData() as BlogData;
  // a list the browser could not load (another topic or page asked) leaves the one on screen
  // where it is: the loader logged the failure, the page says so and offers to ask again
  const [before, setBefore] = useState(loaded);
  if (!loaded.list.unavailable && loaded !== before) setBefore(loaded);
  const kept = loaded.list.unavailable === true && !before.list.unavailable;
  const { featured, list, tag } = kept ? before : loaded;
  const base = to('blog');
  const origin = useSelector(selectPublicUrl);
  // the most read are shown above: the newest list does not repeat them
  const shownAbove = new Set(featured.map((article) => article.slug));
  const latest = list.items.filter((article) => !shownAbove.has(article.slug));
  const search = (next: { tag?: string | null; page?: number }) => {
    const query = new URLSearchParams();
    const nextTag = next.tag === undefined ? tag : next.tag;
    if (nextTag) query.set('tag', nextTag);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    return query.size ? `${base}?${query}` : base;
  };
  return (
    <>
      <PageMeta
        title={
          tag
            ? `${intl.formatMessage({ id: 'blog.title' })}: ${intl.formatMessage({ id: `blog.tag.${tag}` })}`
            : intl.formatMessage({ id: 'blog.title' })
        }
        description={intl.formatMessage({ id: 'blog.lead' })}
      />
      <JsonLd
        data={breadcrumbs([
          { name: intl.formatMessage({ id: 'blog.home' }), url: origin + to('home') },
          { name: intl.formatMessage({ id: 'blog.title' }), url: origin + base },
        ])}
      />
      <TextPage
        wide
        title={<FormattedMessage id="blog.title" />}
        lead={<FormattedMessage id="blog.lead" />}
      >
        <nav className={styles.topics} aria-label={intl.formatMessage({ id: 'blog.tags' })}>
          <Link to={search({ tag: null })} aria-current={tag ? undefined : 'page'}>
            <FormattedMessage id="blog.tag.all" />
          </Link>
          {ARTICLE_TAGS.map((name) => (
            <Link
              key={name}
              to={search({ tag: name })}
              aria-current={tag === name ? 'page' : undefined}
            >
              <FormattedMessage id={`blog.tag.${name}`} />
            </Link>
          ))}
        </nav>
        {kept && (
          <p className={styles.empty} role="alert">
            <FormattedMessage id="blog.unavailable" />{' '}
            <Link to={location.pathname + location.search}>
              <FormattedMessage id="order.retry" />
            </Link>
          </p>
        )}
        {featured.length > 0 && (
          <section aria-labelledby="blog-featured" className={styles.section}>
            <h2 id="blog-featured" className={styles.sectionTitle}>
              <FormattedMessage id="blog.featured" />
            </h2>
            <div className={styles.featured} data-testid="featured">
              {featured.map((article) => (
                <ArticleCard key={article.slug} article={article} large />
              ))}
            </div>
          </section>
        )}
        {/* the newest below the most read, when there are more than those */}
        {(latest.length > 0 || list.meta.total === 0 || list.meta.page > 1) && (
          <section aria-labelledby="blog-latest" className={styles.section}>
            <h2 id="blog-latest" className={styles.sectionTitle}>
              {tag ? (
                <FormattedMessage id={`blog.tag.${tag}`} />
              ) : (
                <FormattedMessage id="blog.latest" />
              )}
            </h2>
            {latest.length > 0 && (
              <div className={styles.grid} data-testid="articles">
                {latest.map((article) => (
                  <ArticleCard key={article.slug} article={article} />
                ))}
              </div>
            )}
            {/* said only when there are none at all (not when the most read are all there is) */}
            {list.unavailable ? (
              <p className={styles.empty} role="alert">
                <FormattedMessage id="blog.unavailable" />{' '}
                <Link to={search({})} reloadDocument>
                  <FormattedMessage id="order.retry" />
                </Link>
              </p>
            ) : (
              list.meta.total === 0 && (
                <p className={styles.empty}>
                  <FormattedMessage id={tag ? 'blog.empty' : 'blog.emptyAll'} />
                </p>
              )
            )}
            <Pager
              page={list.meta.page}
              limit={list.meta.limit}
              total={list.meta.total}
              onPage={(page) => navigate(search({ page }))}
            />
          </section>
        )}
      </TextPage>
    </>
  );
}

/** The route's loader, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = (_def: PageDef, locale: Locale) => blogLoader(locale);
