import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { failureOf } from '#client/features/staff/staff-errors.ts';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import type { ServiceType } from '#shared/catalog.ts';
import {
  IMPORT_MARKUP,
  IMPORT_PLATFORM_PATTERN,
  IMPORT_TAG_PATTERN,
  type StaffImportItem,
} from '#shared/schemas/staff-catalogue.schemas.ts';
import type { UpstreamServiceView } from '#shared/staff-catalogue.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { invalidProps, StaffField, useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { Failure, Table } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';
import { type Choice, ImportChoiceRow, ImportDiffTables } from './staff-import-tables.tsx';

/** A new tag from the provider's name: capitals, digits and `_`, starting with a letter. */
export function tagOf(provider: string, service: UpstreamServiceView): string {
  const words = `${provider}_${service.name}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const tag = /^[A-Z]/.test(words) ? words : `S_${words}`;
  return tag.slice(0, 64).replace(/_+$/, '') || `S_${service.service}`;
}

/** The markup typed ("3", "2,5") as a number, or null when it is none the import takes. */
const markupOf = (text: string): number | null => {
  const factor = Number(text.trim().replace(',', '.'));
  return text.trim() && factor >= IMPORT_MARKUP.min && factor <= IMPORT_MARKUP.max ? factor : null;
};

/** What the import schema would refuse, checked before the confirmation: by field, by service. */
export function importProblems(chosen: Record<string, Choice>, markup: string) {
  const tag = new RegExp(IMPORT_TAG_PATTERN);
  const platform = new RegExp(IMPORT_PLATFORM_PATTERN);
  const rows = Object.entries(chosen).map(([service, choice]) => ({
    service,
    tag: !tag.test(choice.tag.trim()),
    platform: Boolean(choice.platform.trim()) && !platform.test(choice.platform.trim()),
  }));
  return {
    markup: markupOf(markup) === null,
    tags: new Set(rows.filter((row) => row.tag).map((row) => row.service)),
    platforms: new Set(rows.filter((row) => row.platform).map((row) => row.service)),
  };
}

/**
 * The import's form: the services chosen with what is typed for each, the markup, what the
 * form's own check and the server refuse (by field, by service), and the import itself, asked
 * to be confirmed first.
 */
function useImportForm(provider: string) {
  const intl = useIntl();
  const [confirm, confirmDialog] = useConfirm();
  const [chosen, setChosen] = useState<Record<string, Choice>>({});
  const [markup, setMarkup] = useState('3');
  const page = useRef<HTMLDivElement>(null);
  // the page reads the provider's list again after an import (what was chosen is ours now)
  const importing = useStaffWrite('POST staff/providers/:id/import', {
    done: () => setChosen({}),
    // a 400 naming fields marks them, and the first takes the focus
    failed: () => focusFirstInvalid(page.current),
  });
  const imported = importing.answer?.services ?? null;
  // after a refused import the fields at fault stay marked as they are corrected
  const [tried, setTried] = useState(false);
  /** the server's refusal is shown until the form's own check finds something */
  const [refusalShown, setRefusalShown] = useState(true);
  const failure = refusalShown && importing.error ? failureOf(importing.error) : null;
  const idOf = useFieldIds();
  const local = tried ? importProblems(chosen, markup) : null;
  const say = (id: string) => intl.formatMessage({ id });
  // the server names `markup` or `items` (its tags) when it refuses what passed here
  const errors = {
    markup: local?.markup ? say('staff.err.markup') : failure?.fields.markup,
    tag: local?.tags.size ? say('staff.err.tag') : failure?.fields.items,
    platform: local?.platforms.size ? say('staff.err.platform') : undefined,
  };
  const tagAtFault = (service: string) =>
    local?.tags.size ? local.tags.has(service) : Boolean(failure?.fields.items);

  const choose = (service: UpstreamServiceView, on: boolean) =>
    setChosen((known) => {
      const next = { ...known };
      if (on)
        next[service.service] = {
          tag: tagOf(provider, service),
          platform: '',
          type: '',
          kind: '',
        };
      else delete next[service.service];
      return next;
    });
  const edit = (service: string, field: keyof Choice, value: string) =>
    setChosen((known) => ({ ...known, [service]: { ...known[service]!, [field]: value } }));

  const submit = async () => {
    const items: StaffImportItem[] = Object.entries(chosen).map(([service, choice]) => ({
      service,
      tag: choice.tag.trim(),
      ...(choice.platform.trim() ? { platform: choice.platform.trim() } : {}),
      ...(choice.type ? { type: choice.type as ServiceType } : {}),
      ...(choice.kind.trim() ? { kind: choice.kind.trim() } : {}),
    }));
    const problems = importProblems(chosen, markup);
    if (problems.markup || problems.tags.size || problems.platforms.size) {
      // the first field at fault takes the focus (focus-first-invalid.ts)
      focusFirstInvalid(page.current, () => {
        setTried(true);
        setRefusalShown(false);
      });
      return;
    }
    const factor = markupOf(markup)!;
    if (
      !(await confirm(
        intl.formatMessage(
          { id: 'staff.import.confirm' },
          { count: items.length, provider, markup: factor },
        ),
      ))
    )
      return;
    setRefusalShown(true);
    void importing.submit({ params: { id: provider }, body: { markup: factor, items } });
  };

  return {
    page,
    chosen,
    markup,
    setMarkup,
    importing,
    imported,
    failure,
    idOf,
    local,
    errors,
    tagAtFault,
    choose,
    edit,
    submit,
    confirmDialog,
  };
}

/** /staff/providers/:provider/import/: the provider's list against ours; choose, import. */
export function StaffImportPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { provider = '' } = useParams();
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-import'>>();
  const {
    page,
    chosen,
    markup,
    setMarkup,
    importing,
    imported,
    failure,
    idOf,
    local,
    errors,
    tagAtFault,
    choose,
    edit,
    submit,
    confirmDialog,
  } = useImportForm(provider);
  const count = Object.keys(chosen).length;
  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.import.title' }, { provider })}>
      <p>
        <Link to={to('staff-providers')}>
          ← {intl.formatMessage({ id: 'staff.providers.title' })}
        </Link>
      </p>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {imported && (
        <div role="status" className={styles.notice} data-testid="staff-imported">
          <FormattedMessage id="staff.import.done" values={{ count: imported.length }} />{' '}
          {imported.map((service) => (
            <Link key={service.tag} to={to('staff-service', { tag: service.tag })}>
              {service.tag}{' '}
            </Link>
          ))}
        </div>
      )}
      {!data && loading && <p aria-busy="true">…</p>}
      {data && (
        <div data-testid="staff-import" ref={page}>
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.import.added" values={{ count: data.added.length }} />
          </h2>
          <Table
            head={[
              'staff.import.choose',
              'staff.import.service',
              'staff.services.name',
              'staff.import.category',
              'staff.import.rate',
              'staff.services.limits',
              'staff.services.tag',
              'staff.services.platform',
              'staff.services.type',
            ]}
            testId="staff-import-added"
            rows={data.added.map((service) => (
              <ImportChoiceRow
                key={service.service}
                service={service}
                currency={data.provider.currency}
                choice={chosen[service.service]}
                tagId={idOf('tag')}
                tagError={tagAtFault(service.service) ? errors.tag : null}
                platformId={idOf('platform')}
                platformError={local?.platforms.has(service.service) ? errors.platform : null}
                onChoose={(on) => choose(service, on)}
                onEdit={(field, value) => edit(service.service, field, value)}
              />
            ))}
          />
          <div className={styles.actions}>
            <StaffField
              id={idOf('markup')}
              label={<FormattedMessage id="staff.import.markup" />}
              error={errors.markup}
            >
              <input
                id={idOf('markup')}
                name="markup"
                inputMode="decimal"
                value={markup}
                size={6}
                onChange={(event) => setMarkup(event.target.value)}
                {...invalidProps(idOf('markup'), errors.markup)}
              />
            </StaffField>
            <button
              type="button"
              className={button('primary')}
              disabled={importing.pending || count === 0}
              onClick={submit}
            >
              <FormattedMessage id="staff.import.submit" values={{ count }} />
            </button>
          </div>
          <p className={styles.muted}>
            <FormattedMessage id="staff.import.hint" />
          </p>
          {/* the cells' messages, which their fields name; a refusal of no field */}
          {errors.tag && (
            <p id={`${idOf('tag')}-error`} role="alert" className={styles.alert}>
              {errors.tag}
            </p>
          )}
          {errors.platform && (
            <p id={`${idOf('platform')}-error`} role="alert" className={styles.alert}>
              {errors.platform}
            </p>
          )}
          {failure && !failure.fields.markup && !failure.fields.items && (
            <p role="alert" className={styles.alert}>
              {failure.text}
            </p>
          )}
          <ImportDiffTables changed={data.changed} gone={data.gone} />
        </div>
      )}
      {confirmDialog}
    </StaffFrame>
  );
}
