import { type RefObject, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { errorOf, failureOf } from '#client/features/staff/staff-errors.ts';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import type { ArticleTag } from '#shared/articles.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import type { StaffArticleText } from '#shared/schemas/staff-content.schemas.ts';
import type { StaffArticle, StaffArticlePreview } from '#shared/staff-content.ts';
import styles from '../staff.module.css';
import { type Confirm, useConfirm } from '../staff-confirm.tsx';
import { invalidProps, StaffField, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { Failure } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';
import { articleErrors } from './article-fields.ts';
import {
  ArticleActions,
  ArticleFacts,
  ArticlePreview,
  ArticleTabs,
  ArticleTags,
} from './staff-article-parts.tsx';

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

/**
 * The article's writes: a language's translation saved, a publication (one language or all,
 * asked to be confirmed first); what the last one that took says, and the refusal of the one
 * asked last, whose fields at fault take the focus in `editor`.
 */
function useArticleWrites(key: string, confirm: Confirm, editor: RefObject<HTMLElement | null>) {
  const intl = useIntl();
  const [done, setDone] = useState<string | null>(null);
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

  const save = (lang: Locale, tags: ArticleTag[], text: Text) => {
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
  return { done, busy, refused, save, publish };
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
  const editor = useRef<HTMLDivElement>(null);
  const { done, busy, refused, save: saveText, publish } = useArticleWrites(key, confirm, editor);
  const text = texts?.[lang] ?? EMPTY;
  const { preview, failure: previewFailure } = usePreview(text.body);
  const stored = article?.translations.find((one) => one.lang === lang);
  const idOf = useFieldIds();
  const errors = articleErrors(intl, refused && failureOf(refused));

  const save = () => saveText(lang, tags, text);
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
          <ArticleTabs translations={article.translations} lang={lang} onLang={setLang} />
          <ArticleFacts stored={stored} />
          <div className={styles.editor} ref={editor}>
            <div className={styles.stack}>
              {input('title', 200)}
              {input('slug', 120)}
              {input('headtitle', 200)}
              {input('description', 1000)}
              <ArticleTags
                tags={tags}
                onChange={setTags}
                errorId={idOf('tags')}
                error={errors.fields.tags}
              />
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
            <ArticlePreview preview={preview} failure={previewFailure} />
          </div>
          <ArticleActions
            lang={lang}
            stored={stored}
            busy={busy}
            onSave={save}
            onPublish={publish}
          />
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
