import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { isLocale, LOCALES, type Locale } from '../../../../shared/locales.ts';
import { PLATFORMS } from '../../../../shared/platforms.ts';
import type { StaffLandingCopy, StaffLandingCopyItem } from '../../../../shared/staff-content.ts';
import { button } from '../../../components/button/button.ts';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid.ts';
import { errorOf, useStaffCall, useStaffData } from '../../../features/staff/use-staff-api.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { FieldError, invalidProps, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { Failure, When } from '../staff-parts.tsx';

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
function CopyRow({
  lang,
  item,
  onSaved,
}: {
  lang: Locale;
  item: StaffLandingCopyItem;
  onSaved: (next: StaffLandingCopy) => void;
}) {
  const intl = useIntl();
  const call = useStaffCall();
  const [confirm, confirmDialog] = useConfirm();
  const current = item.text ?? item.default;
  const [draft, setDraft] = useState(current);
  const [state, setState] = useState<{ busy?: boolean; saved?: boolean; error?: string }>({});
  useEffect(() => setDraft(current), [current]);
  const row = useRef<HTMLLIElement>(null);
  const idOf = useFieldIds();
  const save = async (text: string | null) => {
    setState({ busy: true });
    try {
      onSaved(await call('PUT staff/landing-copy', { body: { lang, key: item.key, text } }));
      setState({ saved: true });
    } catch (failure) {
      // the text is the row's one field: it is marked and takes the focus
      focusFirstInvalid(row.current, () => setState({ error: errorOf(failure, 'text') }));
    }
  };
  const changed = draft.trim() !== current;
  return (
    <li ref={row} className={styles.card} data-key={item.key}>
      <label className={styles.field}>
        <code>{item.key}</code>
        <textarea
          rows={Math.min(6, Math.ceil(draft.length / 90) || 1)}
          value={draft}
          maxLength={2000}
          {...invalidProps(idOf('text'), state.error)}
          onChange={(event) => {
            setDraft(oneLine(event.target.value));
            setState({});
          }}
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
          disabled={!changed || !draft.trim() || state.busy}
          onClick={() => void save(draft.trim())}
        >
          <FormattedMessage id="staff.copy.save" />
        </button>
        {item.text !== null && (
          <button
            type="button"
            className={button('secondary')}
            disabled={state.busy}
            onClick={async () => {
              if (await confirm(intl.formatMessage({ id: 'staff.copy.resetConfirm' })))
                void save(null);
            }}
          >
            <FormattedMessage id="staff.copy.reset" />
          </button>
        )}
        {state.saved && (
          <span role="status" className={styles.muted}>
            <FormattedMessage id="staff.copy.saved" />
          </span>
        )}
        <FieldError id={idOf('text')} error={state.error} />
      </div>
      {confirmDialog}
    </li>
  );
}

/**
 * /staff/landing-copy/: the texts of the platform and service pages in one language (heroes,
 * page titles and descriptions, services' short lines, questions), staff's over the shipped.
 */
export function StaffLandingCopyPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const asked = params.get('lang');
  const lang: Locale = isLocale(asked) ? asked : intl.locale === 'ru' ? 'ru' : 'en';
  const group = (GROUPS as readonly string[]).includes(params.get('group') ?? '')
    ? (params.get('group') as Group)
    : GROUPS[0];
  const choose = (next: { lang?: string; group?: string }) =>
    setParams({ lang, group, ...next }, { replace: true });
  const [search, setSearch] = useState('');
  const { data, loading, error, retry } = useStaffData('GET staff/landing-copy', {
    query: { lang },
  });
  const [copy, setCopy] = useState<StaffLandingCopy | null>(null);
  useEffect(() => setCopy(data ?? null), [data]);
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
          <select value={lang} onChange={(event) => choose({ lang: event.target.value })}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <FormattedMessage id="staff.copy.group" />
          <select value={group} onChange={(event) => choose({ group: event.target.value })}>
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
          <CopyRow key={`${lang}:${item.key}`} lang={lang} item={item} onSaved={setCopy} />
        ))}
      </ul>
    </StaffFrame>
  );
}
