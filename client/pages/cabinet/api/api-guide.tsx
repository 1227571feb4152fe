import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../lib/locale.ts';
import { useApiData } from '../../../lib/use-api-data.ts';
import styles from './api.module.css';
import { labelCodeBlocks } from './code-blocks.ts';

/** The reseller API guide (content/api-guide/, rendered and sanitised on the server). */
export function ApiGuide() {
  const intl = useIntl();
  const locale = useLocale();
  const guide = useApiData('GET content/api-guide', { query: { lang: locale } });
  // the code blocks scroll sideways: each takes the focus, named in the page's language
  const html = useMemo(
    () =>
      guide.data &&
      labelCodeBlocks(
        guide.data.html,
        (block) => intl.formatMessage({ id: 'cp.api.guide.code' }, block),
        intl.formatMessage({ id: 'cp.api.guide.title' }),
      ),
    [guide.data, intl],
  );
  if (!guide.data) return null;
  const { data } = guide;
  return (
    <section className={styles.card} aria-labelledby="api-guide-title" data-testid="api-guide">
      <h2 id="api-guide-title" className={styles.cardTitle}>
        <FormattedMessage id="cp.api.guide.title" />
      </h2>
      {data.fallback && (
        <p className={styles.muted} role="note">
          <FormattedMessage
            id="cp.api.guide.fallback"
            values={{
              language: intl.formatDisplayName(data.lang, { type: 'language' }) ?? data.lang,
            }}
          />
        </p>
      )}
      <nav aria-labelledby="api-guide-title">
        <ol className={styles.toc}>
          {data.toc.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.text}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div
        className={styles.guide}
        lang={data.lang}
        // sanitised on the server (server/lib/markdown.ts) from our own content files; the
        // code blocks' attributes added above (code-blocks.ts)
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised content
        dangerouslySetInnerHTML={{ __html: html ?? '' }}
      />
    </section>
  );
}
