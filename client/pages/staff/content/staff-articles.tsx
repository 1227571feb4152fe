import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { failureOf } from '#client/features/staff/staff-errors.ts';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import styles from '../staff.module.css';
import { invalidProps, StaffField, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { Failure, Table } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';
import { articleErrors } from './article-fields.ts';

/** A new article: its key and its first language (unpublished until staff publish it). */
function CreateArticle() {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    key: '',
    lang: (intl.locale === 'ru' ? 'ru' : 'en') as Locale,
    slug: '',
    title: '',
    description: '',
    body: '',
  });
  const element = useRef<HTMLFormElement>(null);
  // created, it opens; a 400 naming fields marks them, and the first takes the focus
  const create = useStaffWrite('POST staff/articles', {
    done: (created) => navigate(to('staff-article', { key: created.key })),
    failed: () => focusFirstInvalid(element.current),
  });
  const idOf = useFieldIds();
  const errors = articleErrors(intl, create.error && failureOf(create.error));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.submit({
      body: {
        key: form.key.trim(),
        translations: {
          [form.lang]: {
            slug: form.slug.trim(),
            title: form.title.trim(),
            description: form.description.trim(),
            body: form.body,
          },
        },
      },
    });
  };
  const input = (
    name: 'key' | 'slug' | 'title' | 'description',
    extra: Record<string, unknown> = {},
  ) => (
    <StaffField
      id={idOf(name)}
      label={<FormattedMessage id={`staff.article.${name}`} />}
      error={errors.fields[name]}
      className={name === 'title' || name === 'description' ? styles.search : ''}
    >
      <input
        id={idOf(name)}
        name={name}
        value={form[name]}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        {...extra}
        {...invalidProps(idOf(name), errors.fields[name])}
      />
    </StaffField>
  );
  return (
    <form ref={element} onSubmit={submit} noValidate data-testid="staff-article-create">
      <div className={styles.filters}>
        {input('key', { maxLength: 64, size: 16, pattern: '[a-z0-9-]+' })}
        <label className={styles.filter}>
          <FormattedMessage id="staff.article.lang" />
          <select
            name="lang"
            value={form.lang}
            onChange={(event) => setForm({ ...form, lang: event.target.value as Locale })}
          >
            {LOCALES.map((lang) => (
              <option key={lang}>{lang}</option>
            ))}
          </select>
        </label>
        {input('slug', { maxLength: 120, size: 20 })}
        {input('title', { maxLength: 200 })}
        {input('description', { maxLength: 1000 })}
      </div>
      <StaffField
        wide
        id={idOf('body')}
        label={<FormattedMessage id="staff.article.body" />}
        error={errors.fields.body}
      >
        <textarea
          id={idOf('body')}
          name="body"
          rows={6}
          value={form.body}
          onChange={(event) => setForm({ ...form, body: event.target.value })}
          {...invalidProps(idOf('body'), errors.fields.body)}
        />
      </StaffField>
      <div className={styles.actions}>
        <button type="submit" className={button('primary')} disabled={create.pending}>
          <FormattedMessage id="staff.articles.create" />
        </button>
      </div>
      {errors.rest && (
        <p role="alert" className={styles.alert}>
          {errors.rest}
        </p>
      )}
    </form>
  );
}

/** /staff/articles/: every article in every language, published or not; a new one. */
export function StaffArticlesPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-articles'>>();
  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.articles.title' })}>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <div aria-busy={loading}>
        <Table
          head={[
            'staff.article.key',
            'staff.article.tags',
            ...LOCALES.map((lang) => `staff.lang.${lang}`),
          ]}
          testId="staff-articles-table"
          rows={(data ?? []).map((article) => (
            <tr key={article.key} data-article={article.key}>
              <td>
                <Link to={to('staff-article', { key: article.key })}>{article.key}</Link>
              </td>
              <td>{article.tags.join(', ') || '—'}</td>
              {LOCALES.map((lang) => {
                const text = article.translations.find((one) => one.lang === lang);
                return (
                  <td key={lang} className={styles.wrap}>
                    {text ? (
                      <span title={text.title}>
                        <span
                          className={styles.status}
                          data-status={text.published ? 'COMPLETED' : 'CREATED'}
                        >
                          {intl.formatMessage({
                            id: text.published ? 'staff.article.published' : 'staff.article.draft',
                          })}
                        </span>{' '}
                        {text.slug}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        />
      </div>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.articles.new" />
      </h2>
      <CreateArticle />
    </StaffFrame>
  );
}
