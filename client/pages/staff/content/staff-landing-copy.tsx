import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { errorOf } from '#client/features/staff/staff-errors.ts';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import { PLATFORMS } from '#shared/platforms.ts';
import type { StaffLandingCopyItem } from '#shared/staff-content.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { FieldError, invalidProps, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { useSearchDraft } from '../staff-list.tsx';
import { Failure, When } from '../staff-parts.tsx';
import { copyLangOf, type StaffScreenData } from '../staff-reads.ts';

/** The texts shown together: a platform's landing and service pages, or the questions. */
const GROUPS = [...PLATFORMS, 'faq'] as const;
type Group = (typeof GROUPS)[number];
const inGroup = (key: string, group: Group) =>
  group === 'faq'
    ? key.startsWith('faq.')
    : key.startsWith(`landing.${group}.`) || key.startsWith(`service.${group}-`);

/** A text is one line: what is typed or pasted across lines is joined with spaces. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

/** One text: its key, the shipped text, staff's text to edit, save or give back. */
function CopyRow({ lang, item: read }: { lang: Locale; item: StaffLandingCopyItem }) {
  const intl = useIntl();
  const [confirm, confirmDialog] = useConfirm();
  const row = useRef<HTMLLIElement>(null);
  // the text is the row's one field: a refusal marks it and it takes the focus
  const save = useStaffWrite('PUT staff/landing-copy', {
    failed: () => focusFirstInvalid(row.current),
  });
  // the answer is the language's texts as they now are (the page is not read again for it)
  const item = save.answer?.items.find((one) => one.key === read.key) ?? read;
  const current = item.text ?? item.default;
  // the draft follows the text saved; what the answer says is shown until the next edit
  const [draft, setDraft] = useState({ text: current, of: current, edited: false });
  if (draft.of !== current) setDraft({ text: current, of: current, edited: false });
  const error = save.error && !draft.edited ? errorOf(save.error, 'text') : undefined;
  const saved = save.answer !== null && !save.error && !draft.edited;
  const idOf = useFieldIds();
  const send = (text: string | null) => {
    setDraft((known) => ({ ...known, edited: false }));
    void save.submit({ body: { lang, key: item.key, text } });
  };
  const changed = draft.text.trim() !== current;
  return (
    <li ref={row} className={styles.card} data-key={item.key}>
      <label className={styles.field}>
        <code>{item.key}</code>
        <textarea
          rows={Math.min(6, Math.ceil(draft.text.length / 90) || 1)}
          value={draft.text}
          maxLength={2000}
          {...invalidProps(idOf('text'), error)}
          onChange={(event) =>
            setDraft({ text: oneLine(event.target.value), of: current, edited: true })
          }
        />
      </label>
      {item.text !== null && (
        <p className={styles.muted}>
          <FormattedMessage id="staff.copy.shipped" />: {item.default}
          <br />
          <FormattedMessage
            id="staff.copy.edited"
            values={{ who: item.updated_by, when: <When key="when" iso={item.updated_at} /> }}
          />
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={button('primary')}
          disabled={!changed || !draft.text.trim() || save.pending}
          onClick={() => send(draft.text.trim())}
        >
          <FormattedMessage id="staff.copy.save" />
        </button>
        {item.text !== null && (
          <button
            type="button"
            className={button('secondary')}
            disabled={save.pending}
            onClick={async () => {
              if (await confirm(intl.formatMessage({ id: 'staff.copy.resetConfirm' }))) send(null);
            }}
          >
            <FormattedMessage id="staff.copy.reset" />
          </button>
        )}
        {saved && (
          <span role="status" className={styles.muted}>
            <FormattedMessage id="staff.copy.saved" />
          </span>
        )}
        <FieldError id={idOf('text')} error={error} />
      </div>
      {confirmDialog}
    </li>
  );
}

/**
 * /staff/landing-copy/: the texts of the platform and service pages in one language (heroes,
 * page titles and descriptions, services' short lines, questions), staff's over the shipped.
 * The language is the page's read (`lang` in the URL); the group and the search filter here.
 */
export function StaffLandingCopyPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  // the language is read by the page's loader; the group filters what it read, at once
  const [asked, setLang] = useSearchDraft('lang', 0);
  const [chosen, setGroup] = useSearchDraft('group', 0);
  const lang = copyLangOf(new URLSearchParams({ lang: asked }), pathname);
  const group = (GROUPS as readonly string[]).includes(chosen) ? (chosen as Group) : GROUPS[0];
  const [search, setSearch] = useState('');
  const {
    data: copy,
    loading,
    error,
    retry,
  } = useStaffScreen<StaffScreenData<'staff-landing-copy'>>();
  const needle = search.trim().toLowerCase();
  // a search looks through every text of the language; otherwise the chosen group's show
  const items = (copy?.lang === lang ? copy.items : []).filter((item) =>
    needle
      ? item.key.toLowerCase().includes(needle) ||
        (item.text ?? item.default).toLowerCase().includes(needle)
      : inGroup(item.key, group),
  );
  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.copy.title' })}>
      <p className={styles.muted}>
        <FormattedMessage id="staff.copy.lead" />
      </p>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <FormattedMessage id="staff.copy.lang" />
          <select value={lang} onChange={(event) => setLang(event.target.value)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <FormattedMessage id="staff.copy.group" />
          <select value={group} onChange={(event) => setGroup(event.target.value)}>
            {GROUPS.map((entry) => (
              <option key={entry} value={entry}>
                {intl.formatMessage({
                  id: entry === 'faq' ? 'staff.copy.questions' : `platform.${entry}`,
                })}
              </option>
            ))}
          </select>
        </label>
        <label className={`${styles.filter} ${styles.search}`}>
          <FormattedMessage id="staff.copy.search" />
          <input
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </div>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <p className={styles.muted} aria-live="polite">
        <FormattedMessage
          id="staff.copy.count"
          values={{ shown: items.length, total: copy?.items.length ?? 0 }}
        />
      </p>
      <ul className={styles.plainList} aria-busy={loading} data-testid="staff-landing-copy">
        {items.map((item) => (
          <CopyRow key={`${lang}:${item.key}`} lang={lang} item={item} />
        ))}
      </ul>
    </StaffFrame>
  );
}
