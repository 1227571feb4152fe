import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { errorOf, failureOf } from '#client/features/staff/staff-errors.ts';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { ARTICLE_TAGS, type ArticleTag } from '#shared/articles.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import type { StaffArticleText } from '#shared/schemas/staff-content.schemas.ts';
import type { StaffArticle, StaffArticlePreview } from '#shared/staff-content.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { FieldError, invalidProps, StaffField, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { Facts, Failure, When } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';
import { articleErrors } from './article-fields.ts';

type Text = Required<StaffArticleText>;
const EMPTY: Text = { slug: '', title: '', headtitle: '', description: '', body: '' };

const textsOf = (article: StaffArticle): Record<Locale, Text> =>
  Object.fromEntries(
    LOCALES.map((lang) => {
      const known = article.translations.find((one) => one.lang === lang);
      return [
        lang,
        known
          ? {
              slug: known.slug,
              title: known.title,
              headtitle: known.headtitle === known.title ? '' : known.headtitle,
              description: known.description,
              body: known.body ?? '',
            }
          : EMPTY,
      ];
    }),
  ) as Record<Locale, Text>;

/** The editor's state for the article read: its texts per language and its tags. */
const heldOf = (article: StaffArticle | null) => ({
  of: article,
  texts: article && textsOf(article),
  tags: article?.tags ?? ([] as ArticleTag[]),
});

/**
 * The server's preview of the Markdown (the HTML the public page would show), 400 ms after
 * typing stops; a newer one cancels the one in flight (a fetcher's).
 */
function usePreview(body: string): { preview: StaffArticlePreview | null; failure: string | null } {
  const previewing = useStaffWrite('POST staff/articles/preview');
  const { submit } = previewing;
  useEffect(() => {
    if (!body.trim()) return;
    const timer = setTimeout(() => void submit({ body: { body } }), 400);
    return () => clearTimeout(timer);
  }, [body, submit]);
  const shown = body.trim() !== '';
  return {
    preview: shown ? previewing.answer : null,
    failure: shown && previewing.error ? errorOf(previewing.error, 'body') : null,
  };
}

/** /staff/articles/:key/: an article per language: edit with a live preview, publish, unpublish. */
export function StaffArticlePage() {
  const intl = useIntl();
  const to = useLocalePath();
  const [confirm, confirmDialog] = useConfirm();
  const { key = '' } = useParams();
  const {
    data: article,
    loading,
    error,
    retry,
  } = useStaffScreen<StaffScreenData<'staff-article'>>();
  // the editor follows the article as the page reads it (again after a save or a publication)
  const [held, setHeld] = useState(() => heldOf(article));
  if (held.of !== article) setHeld(heldOf(article));
  const { texts, tags } = held;
  const setTags = (next: ArticleTag[]) => setHeld((known) => ({ ...known, tags: next }));
  const [lang, setLang] = useState<Locale>(intl.locale === 'ru' ? 'ru' : 'en');
  const [done, setDone] = useState<string | null>(null);
  const editor = useRef<HTMLDivElement>(null);
  /** the write asked last: its refusal is the one shown */
  const [asked, setAsked] = useState<'save' | 'publish' | null>(null);
  // a 400 naming fields marks them, and the first takes the focus
  const failed = () => focusFirstInvalid(editor.current);
  const saving = useStaffWrite('PUT staff/articles/:key', {
    done: () => setDone('staff.article.saved'),
    failed,
  });
  /** what a publication that took says (published or unpublished) */
  const published = useRef('');
  const publishing = useStaffWrite('POST staff/articles/:key/publish', {
    done: () => setDone(published.current),
    failed,
  });
  const busy = saving.pending || publishing.pending;
  const refused = asked === 'save' ? saving.error : asked === 'publish' ? publishing.error : null;
  const text = texts?.[lang] ?? EMPTY;
  const { preview, failure: previewFailure } = usePreview(text.body);
  const stored = article?.translations.find((one) => one.lang === lang);
  const idOf = useFieldIds();
  const errors = articleErrors(intl, refused && failureOf(refused));

  const save = () => {
    setAsked('save');
    setDone(null);
    void saving.submit({
      params: { key },
      body: {
        tags,
        translations: {
          [lang]: {
            slug: text.slug.trim(),
            title: text.title.trim(),
            ...(text.headtitle.trim() ? { headtitle: text.headtitle.trim() } : {}),
            description: text.description.trim(),
            body: text.body,
          },
        },
      },
    });
  };
  const publish = async (publishes: boolean, only?: Locale) => {
    const ask = publishes ? 'staff.article.publishConfirm' : 'staff.article.unpublishConfirm';
    if (!(await confirm(intl.formatMessage({ id: ask }, { key, lang: only ?? 'all' })))) return;
    setAsked('publish');
    setDone(null);
    published.current = publishes ? 'staff.article.didPublish' : 'staff.article.didUnpublish';
    void publishing.submit({
      params: { key },
      body: { published: publishes, ...(only ? { lang: only } : {}) },
    });
  };
  const set = (field: keyof Text, value: string) =>
    setHeld((known) =>
      known.texts
        ? { ...known, texts: { ...known.texts, [lang]: { ...text, [field]: value } } }
        : known,
    );
  const input = (field: 'slug' | 'title' | 'headtitle' | 'description', max: number) => (
    <StaffField
      wide
      id={idOf(field)}
      label={<FormattedMessage id={`staff.article.${field}`} />}
      error={errors.fields[field]}
    >
      <input
        id={idOf(field)}
        name={field}
        value={text[field]}
        maxLength={max}
        onChange={(event) => set(field, event.target.value)}
        {...invalidProps(idOf(field), errors.fields[field])}
      />
    </StaffField>
  );

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.article.pageTitle' }, { key })}>
      <p>
        <Link to={to('staff-articles')}>
          ← {intl.formatMessage({ id: 'staff.articles.title' })}
        </Link>
      </p>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {!article && loading && <p aria-busy="true">…</p>}
      {article && texts && (
        <div data-testid="staff-article">
          <div className={styles.tabs} role="tablist">
            {LOCALES.map((code) => {
              const one = article.translations.find((t) => t.lang === code);
              return (
                <button
                  key={code}
                  type="button"
                  role="tab"
                  aria-selected={lang === code}
                  className={styles.tab}
                  onClick={() => setLang(code)}
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
              [
                'staff.order.updated',
                stored ? <When key="updated" iso={stored.updated_at} /> : null,
              ],
            ]}
          />
          <div className={styles.editor} ref={editor}>
            <div className={styles.stack}>
              {input('title', 200)}
              {input('slug', 120)}
              {input('headtitle', 200)}
              {input('description', 1000)}
              <fieldset className={styles.checks}>
                <legend>
                  <FormattedMessage id="staff.article.tags" />
                </legend>
                {ARTICLE_TAGS.map((tag) => (
                  <label key={tag} className={styles.check}>
                    <input
                      type="checkbox"
                      checked={tags.includes(tag)}
                      {...invalidProps(idOf('tags'), errors.fields.tags)}
                      onChange={(event) =>
                        setTags(
                          event.target.checked ? [...tags, tag] : tags.filter((t) => t !== tag),
                        )
                      }
                    />
                    {tag}
                  </label>
                ))}
                <FieldError id={idOf('tags')} error={errors.fields.tags} />
              </fieldset>
              <StaffField
                wide
                id={idOf('body')}
                label={<FormattedMessage id="staff.article.body" />}
                error={errors.fields.body}
              >
                <textarea
                  id={idOf('body')}
                  name="body"
                  rows={18}
                  value={text.body}
                  onChange={(event) => set('body', event.target.value)}
                  {...invalidProps(idOf('body'), errors.fields.body)}
                />
              </StaffField>
            </div>
            <section
              className={styles.preview}
              aria-label={intl.formatMessage({ id: 'staff.article.preview' })}
            >
              <h2 className={styles.subtitle}>
                <FormattedMessage id="staff.article.preview" />
                {preview && (
                  <span className={styles.muted}>
                    {' '}
                    ·{' '}
                    <FormattedMessage id="staff.article.words" values={{ words: preview.words }} />
                  </span>
                )}
              </h2>
              {previewFailure && <p className={styles.fieldError}>{previewFailure}</p>}
              <div
                className={styles.previewBody}
                data-testid="staff-article-preview"
                // the server's sanitised rendering of the Markdown (POST staff/articles/preview)
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by our server
                dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }}
              />
            </section>
          </div>
          <div className={styles.actions}>
            <button type="button" className={button('primary')} disabled={busy} onClick={save}>
              <FormattedMessage id="staff.article.save" values={{ lang }} />
            </button>
            {stored && (
              <button
                type="button"
                className={button('secondary')}
                disabled={busy}
                onClick={() => publish(!stored.published, lang)}
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
              onClick={() => publish(true)}
            >
              <FormattedMessage id="staff.article.publishAll" />
            </button>
            <button
              type="button"
              className={button('secondary')}
              disabled={busy}
              onClick={() => publish(false)}
            >
              <FormattedMessage id="staff.article.unpublishAll" />
            </button>
          </div>
          {done && (
            <p role="status" className={styles.notice}>
              <FormattedMessage id={done} />
            </p>
          )}
          {errors.rest && (
            <p role="alert" className={styles.alert}>
              {errors.rest}
            </p>
          )}
        </div>
      )}
      {confirmDialog}
    </StaffFrame>
  );
}
