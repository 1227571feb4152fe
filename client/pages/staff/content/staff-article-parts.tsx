import { FormattedMessage, useIntl } from 'react-intl';
import { button } from '#client/components/button/button.ts';
import { ARTICLE_TAGS, type ArticleTag } from '#shared/articles.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import type { StaffArticle, StaffArticlePreview } from '#shared/staff-content.ts';
import styles from '../staff.module.css';
import { FieldError, invalidProps } from '../staff-fields.tsx';
import { Facts, When } from '../staff-parts.tsx';

type Translation = StaffArticle['translations'][number];

/** A tab per language, with its translation's state (published, draft; ∅: none yet). */
export function ArticleTabs({
  translations,
  lang,
  onLang,
}: {
  translations: Translation[];
  lang: Locale;
  onLang: (lang: Locale) => void;
}) {
  const intl = useIntl();
  return (
    <div className={styles.tabs} role="tablist">
      {LOCALES.map((code) => {
        const one = translations.find((t) => t.lang === code);
        return (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={lang === code}
            className={styles.tab}
            onClick={() => onLang(code)}
          >
            {code}{' '}
            {one
              ? intl.formatMessage({
                  id: one.published ? 'staff.article.published' : 'staff.article.draft',
                })
              : '∅'}
          </button>
        );
      })}
    </div>
  );
}

/** The language's translation: its state, public path, views and last change. */
export function ArticleFacts({ stored }: { stored: Translation | undefined }) {
  const intl = useIntl();
  return (
    <Facts
      items={[
        [
          'staff.article.state',
          <span key="state" data-testid="staff-article-state">
            {stored
              ? intl.formatMessage({
                  id: stored.published ? 'staff.article.published' : 'staff.article.draft',
                })
              : intl.formatMessage({ id: 'staff.article.missing' })}
          </span>,
        ],
        [
          'staff.article.path',
          stored?.published ? (
            <a key="path" href={stored.path} target="_blank" rel="noreferrer">
              {stored.path}
            </a>
          ) : (
            (stored?.path ?? null)
          ),
        ],
        ['staff.article.views', stored?.views ?? null],
        ['staff.order.updated', stored ? <When key="updated" iso={stored.updated_at} /> : null],
      ]}
    />
  );
}

/** The article's tags, checked among the known ones. */
export function ArticleTags({
  tags,
  onChange,
  errorId,
  error,
}: {
  tags: ArticleTag[];
  onChange: (tags: ArticleTag[]) => void;
  /** the id the tags' message has, which each box names */
  errorId: string;
  error: string | null | undefined;
}) {
  return (
    <fieldset className={styles.checks}>
      <legend>
        <FormattedMessage id="staff.article.tags" />
      </legend>
      {ARTICLE_TAGS.map((tag) => (
        <label key={tag} className={styles.check}>
          <input
            type="checkbox"
            checked={tags.includes(tag)}
            {...invalidProps(errorId, error)}
            onChange={(event) =>
              onChange(event.target.checked ? [...tags, tag] : tags.filter((t) => t !== tag))
            }
          />
          {tag}
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** The server's preview of the body, with its word count, or why it failed. */
export function ArticlePreview({
  preview,
  failure,
}: {
  preview: StaffArticlePreview | null;
  failure: string | null;
}) {
  const intl = useIntl();
  return (
    <section
      className={styles.preview}
      aria-label={intl.formatMessage({ id: 'staff.article.preview' })}
    >
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.article.preview" />
        {preview && (
          <span className={styles.muted}>
            {' '}
            · <FormattedMessage id="staff.article.words" values={{ words: preview.words }} />
          </span>
        )}
      </h2>
      {failure && <p className={styles.fieldError}>{failure}</p>}
      <div
        className={styles.previewBody}
        data-testid="staff-article-preview"
        // the server's sanitised rendering of the Markdown (POST staff/articles/preview)
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by our server
        dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }}
      />
    </section>
  );
}

/**
 * Save the language's translation; publish or unpublish it (once it exists) or every
 * language at once.
 */
export function ArticleActions({
  lang,
  stored,
  busy,
  onSave,
  onPublish,
}: {
  lang: Locale;
  stored: Translation | undefined;
  busy: boolean;
  onSave: () => void;
  onPublish: (publishes: boolean, only?: Locale) => void;
}) {
  return (
    <div className={styles.actions}>
      <button type="button" className={button('primary')} disabled={busy} onClick={onSave}>
        <FormattedMessage id="staff.article.save" values={{ lang }} />
      </button>
      {stored && (
        <button
          type="button"
          className={button('secondary')}
          disabled={busy}
          onClick={() => onPublish(!stored.published, lang)}
          data-testid="staff-article-publish"
        >
          <FormattedMessage
            id={stored.published ? 'staff.article.unpublish' : 'staff.article.publish'}
            values={{ lang }}
          />
        </button>
      )}
      <button
        type="button"
        className={button('secondary')}
        disabled={busy}
        onClick={() => onPublish(true)}
      >
        <FormattedMessage id="staff.article.publishAll" />
      </button>
      <button
        type="button"
        className={button('secondary')}
        disabled={busy}
        onClick={() => onPublish(false)}
      >
        <FormattedMessage id="staff.article.unpublishAll" />
      </button>
    </div>
  );
}
