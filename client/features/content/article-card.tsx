import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ArticleSummary } from '#shared/articles.ts';
import { useLocalePath } from '../../lib/locale.ts';
import styles from './content.module.css';

/** An article in a list: its tags, heading, description, date and reading time. */
export function ArticleCard({
  article,
  large = false,
}: {
  article: ArticleSummary;
  large?: boolean;
}) {
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <article className={styles.card} data-large={large || undefined} data-testid="article-card">
      <ul className={styles.tags} aria-label={intl.formatMessage({ id: 'blog.tags' })}>
        {article.tags.map((tag) => (
          <li key={tag}>
            <FormattedMessage id={`blog.tag.${tag}`} />
          </li>
        ))}
      </ul>
      <h3 className={styles.cardTitle}>
        <Link to={to('article', { slug: article.slug })} className={styles.cardLink}>
          {article.heading}
        </Link>
      </h3>
      <p className={styles.cardText}>{article.description}</p>
      <p className={styles.meta}>
        <time dateTime={article.created_at}>
          {intl.formatDate(article.timestamp, { dateStyle: 'long', timeZone: 'UTC' })}
        </time>
        <span aria-hidden="true"> · </span>
        <FormattedMessage id="blog.readingTime" values={{ minutes: article.reading }} />
      </p>
    </article>
  );
}
