import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLoaderData } from 'react-router';
import type { ArticleView } from '#shared/articles.ts';
import type { Locale } from '#shared/locales.ts';
import type { PageDef } from '#shared/routes.ts';
import { button } from '../../components/button/button.ts';
import { ArticleCard } from '../../features/content/article-card.tsx';
import { articleLoader } from '../../features/content/articles.loader.ts';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';
import { messageOr } from '../../lib/intl.ts';
import { useLocalePath } from '../../lib/locale.ts';
import styles from './article.module.css';
import { ArticleData, PLATFORM_TAGS } from './article-data.tsx';

/**
 * /blog/{slug}/ (docs/product.md §2, §3 Article): the article with its date, reading time and topics,
 * the note Meta's products need, a way to the matching service, and what to read next.
 */
export default function ArticlePage() {
  const intl = useIntl();
  const to = useLocalePath();
  const article = useLoaderData() as ArticleView;
  const service = article.service
    ? messageOr(intl, `service.${article.service}.name`, article.service)
    : null;
  return (
    <>
      <PageMeta
        title={article.headtitle}
        description={article.description}
        type="article"
        image={PLATFORM_TAGS.find((tag) => article.tags.includes(tag)) ?? 'default'}
        languages={Object.fromEntries(
          Object.entries({ ...article.translations, [article.lang]: article.slug }).map(
            ([lang, slug]) => [lang, { slug }],
          ),
        )}
      />
      <ArticleData article={article} />
      <article className={styles.article} lang={article.lang}>
        <nav aria-label={intl.formatMessage({ id: 'blog.breadcrumbs' })} className={styles.crumbs}>
          <ol>
            <li>
              <Link to={to('home')}>
                <FormattedMessage id="blog.home" />
              </Link>
            </li>
            <li>
              <Link to={to('blog')}>
                <FormattedMessage id="blog.title" />
              </Link>
            </li>
            <li aria-current="page">{article.heading}</li>
          </ol>
        </nav>
        <header className={styles.head}>
          <h1 className={styles.title}>{article.heading}</h1>
          <p className={styles.meta}>
            <time dateTime={article.created_at}>
              {intl.formatDate(article.timestamp, { dateStyle: 'long', timeZone: 'UTC' })}
            </time>
            <span aria-hidden="true"> · </span>
            <FormattedMessage id="blog.readingTime" values={{ minutes: article.reading }} />
            <span aria-hidden="true"> · </span>
            <FormattedMessage id="blog.views" values={{ count: article.views }} />
          </p>
          <ul className={styles.tags}>
            {article.tags.map((tag) => (
              <li key={tag}>
                <Link to={`${to('blog')}?tag=${tag}`}>
                  <FormattedMessage id={`blog.tag.${tag}`} />
                </Link>
              </li>
            ))}
          </ul>
        </header>
        <div
          className={styles.body}
          // sanitised on the server (server/lib/markdown.ts) from our own content files
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised content
          dangerouslySetInnerHTML={{ __html: article.article }}
          data-testid="article-text"
        />
        {article.withNotes && (
          <p className={styles.note}>
            <FormattedMessage id="blog.metaNote" />
          </p>
        )}
        {service && article.service && (
          <aside className={styles.cta} aria-labelledby="article-cta">
            <h2 id="article-cta" className={styles.ctaTitle}>
              <FormattedMessage id="blog.cta.title" />
            </h2>
            <p>
              <FormattedMessage id="blog.cta.text" />
            </p>
            <Link to={to(`service:${article.service}`)} className={button('primary')}>
              <FormattedMessage id="blog.cta.button" values={{ service }} />
            </Link>
          </aside>
        )}
      </article>
      {article.related.length > 0 && (
        <section className={styles.related} aria-labelledby="article-related">
          <h2 id="article-related" className={styles.relatedTitle}>
            <FormattedMessage id="blog.related" />
          </h2>
          <div className={styles.relatedGrid}>
            {article.related.map((other) => (
              <ArticleCard key={other.slug} article={other} />
            ))}
          </div>
          <Link to={to('blog')} className={styles.back}>
            <FormattedMessage id="blog.back" />
          </Link>
        </section>
      )}
    </>
  );
}

/** The route's loader, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = (_def: PageDef, locale: Locale) => articleLoader(locale);
