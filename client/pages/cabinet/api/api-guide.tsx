import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GuideView } from '#shared/api-keys.ts';
import styles from './api.module.css';
import { labelCodeBlocks } from './code-blocks.ts';

/** The reseller API guide (content/api-guide/, rendered and sanitised on the server). */
export function ApiGuide({ guide }: { guide: GuideView | null }) {
  const intl = useIntl();
  // the code blocks scroll sideways: each takes the focus, named in the page's language
  const html = useMemo(
    () =>
      guide &&
      labelCodeBlocks(
        guide.html,
        (block) => intl.formatMessage({ id: 'cp.api.guide.code' }, block),
        intl.formatMessage({ id: 'cp.api.guide.title' }),
      ),
    [guide, intl],
  );
  if (!guide) return null;
  const data = guide;
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
