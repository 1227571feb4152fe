import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { focusFirstInvalid } from '#client/components/form/focus-first-invalid.ts';
import { type FormFailure, failureOf } from '#client/features/staff/staff-errors.ts';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useStaffScreen, useStaffWrite } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { LOCALES } from '#shared/locales.ts';
import type { StaffServiceBody } from '#shared/schemas/staff-catalogue.schemas.ts';
import type { StaffService } from '#shared/staff-catalogue.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { useFieldIds } from '../staff-fields.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { Facts, Failure, typeWord, When } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';
import {
  CLIENT_LABELS,
  type Draft,
  LIMITS,
  ServiceLimits,
  ServiceMapping,
  ServiceSwitches,
  ServiceTexts,
} from './staff-service-sections.tsx';

/** The body's fields whose message the form shows under a field. */
const SHOWN: readonly string[] = [
  ...LIMITS,
  'labels',
  'texts',
  'provider_id',
  'provider_service',
  'fallback',
];

const draftOf = (service: StaffService): Draft => ({
  enabled: service.enabled,
  visible: service.visible,
  limits: Object.fromEntries(
    LIMITS.map((name) => [name, String(service[name])]),
  ) as Draft['limits'],
  clients: CLIENT_LABELS.filter((label) => service.labels.includes(label)),
  texts: Object.fromEntries(
    LOCALES.map((lang) => [lang, service.texts[lang] ?? { name: '', description: '' }]),
  ),
  provider_id: service.mapping.provider_id ?? '',
  provider_service: service.mapping.provider_service ?? '',
  fallback_provider_id: service.mapping.fallback_provider_id ?? '',
  fallback_service: service.mapping.fallback_service ?? '',
});

/** The PATCH body: only what differs from the service as loaded (the audit row names those). */
export function changesOf(service: StaffService, draft: Draft): StaffServiceBody {
  const body: StaffServiceBody = {};
  if (draft.enabled !== service.enabled) body.enabled = draft.enabled;
  if (draft.visible !== service.visible) body.visible = draft.visible;
  for (const name of LIMITS) {
    const value = Number(draft.limits[name]);
    if (value !== service[name]) body[name] = value;
  }
  const clients = CLIENT_LABELS.filter((label) => service.labels.includes(label));
  if (clients.join() !== CLIENT_LABELS.filter((label) => draft.clients.includes(label)).join()) {
    // the whole list: the clients chosen, the rest as stored (enabled/visible apply after it)
    body.labels = [
      ...service.labels.filter((label) => !(CLIENT_LABELS as readonly string[]).includes(label)),
      ...draft.clients,
    ];
  }
  const texts: NonNullable<StaffServiceBody['texts']> = {};
  for (const lang of LOCALES) {
    const next = draft.texts[lang]!;
    const known = service.texts[lang] ?? { name: '', description: '' };
    if (next.name.trim() && (next.name !== known.name || next.description !== known.description))
      texts[lang] = { name: next.name, description: next.description };
  }
  if (Object.keys(texts).length) body.texts = texts;
  if (
    draft.provider_id &&
    draft.provider_service &&
    (draft.provider_id !== (service.mapping.provider_id ?? '') ||
      draft.provider_service !== (service.mapping.provider_service ?? ''))
  ) {
    body.provider_id = draft.provider_id.trim();
    body.provider_service = draft.provider_service.trim();
  }
  const fallbackNow = `${draft.fallback_provider_id}|${draft.fallback_service}`;
  const fallbackWas = `${service.mapping.fallback_provider_id ?? ''}|${service.mapping.fallback_service ?? ''}`;
  if (fallbackNow !== fallbackWas)
    body.fallback =
      draft.fallback_provider_id.trim() && draft.fallback_service.trim()
        ? {
            provider_id: draft.fallback_provider_id.trim(),
            provider_service: draft.fallback_service.trim(),
          }
        : null;
  return body;
}

/** /staff/services/:tag/: a service's switches, limits, texts and provider mapping (PATCH). */
export function StaffServicePage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { me } = useStaffSession();
  const [confirm, confirmDialog] = useConfirm();
  const { tag = '' } = useParams();
  const {
    data: service,
    loading,
    error,
    retry,
  } = useStaffScreen<StaffScreenData<'staff-service'>>();
  // the form follows the service as the page reads it (again after a save)
  const [held, setHeld] = useState(() => ({ of: service, draft: service && draftOf(service) }));
  if (held.of !== service) setHeld({ of: service, draft: service && draftOf(service) });
  const { draft } = held;
  const setDraft = (next: Draft) => setHeld((known) => ({ ...known, draft: next }));
  const [lang, setLang] = useState<string>(intl.locale === 'ru' ? 'ru' : 'en');
  const form = useRef<HTMLFormElement>(null);
  /** the form's own refusal before the call (nothing changed) */
  const [checked, setChecked] = useState<FormFailure | null>(null);
  // a 400 naming fields marks them, and the first takes the focus
  const patch = useStaffWrite('PATCH staff/catalogue/services/:tag', {
    failed: () => focusFirstInvalid(form.current),
  });
  const failure = checked ?? (patch.error && failureOf(patch.error));
  const saved = patch.answer !== null && !checked;
  const idOf = useFieldIds();
  /** The server's message for a field of the form (a 400 names the body's fields). */
  const errorFor = (field: string) => failure?.fields[field];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!service || !draft) return;
    const body = changesOf(service, draft);
    setChecked(null);
    if (!Object.keys(body).length) {
      setChecked({ text: intl.formatMessage({ id: 'staff.service.nothing' }), fields: {} });
      return;
    }
    // publishing (VISIBLE on) shows the service on the storefront: asked first
    if (
      body.visible === true &&
      !(await confirm(intl.formatMessage({ id: 'staff.service.publishConfirm' }, { tag })))
    )
      return;
    void patch.submit({ params: { tag }, body });
  };

  // what each section of the form is given besides the draft
  const section = { onChange: setDraft, idOf, errorFor };

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.service.title' }, { tag })}>
      <p className={styles.links}>
        <Link to={to('staff-services')}>
          ← {intl.formatMessage({ id: 'staff.services.title' })}
        </Link>
        {me?.capabilities.includes('prices') && (
          <Link to={to('staff-price', { tag })}>
            <FormattedMessage id="staff.prices.open" />
          </Link>
        )}
      </p>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      {!service && loading && <p aria-busy="true">…</p>}
      {service && draft && (
        <form ref={form} onSubmit={save} noValidate data-testid="staff-service-form">
          <Facts
            items={[
              ['staff.services.platform', service.platform],
              ['staff.service.kind', service.kind],
              ['staff.services.type', typeWord(intl, service.type)],
              ['staff.service.labels', service.labels.join(', ')],
              ['staff.service.rate', service.mapping.provider_rate],
              ['staff.order.updated', <When key="updated" iso={service.updated_at} />],
            ]}
          />
          <ServiceSwitches draft={draft} {...section} />
          <ServiceLimits draft={draft} {...section} />
          <ServiceTexts draft={draft} {...section} service={service} lang={lang} onLang={setLang} />
          <ServiceMapping draft={draft} {...section} />
          <p className={styles.muted}>
            <FormattedMessage id="staff.service.fallbackHint" />
          </p>
          <div className={styles.actions}>
            <button type="submit" className={button('primary')} disabled={patch.pending}>
              <FormattedMessage id="staff.save" />
            </button>
            {saved && (
              <span role="status" className={styles.notice}>
                <FormattedMessage id="staff.saved" />
              </span>
            )}
          </div>
          {/* a field's message stands under it; the rest is said here */}
          {failure && !Object.keys(failure.fields).some((field) => SHOWN.includes(field)) && (
            <p role="alert" className={styles.alert}>
              {failure.text}
            </p>
          )}
        </form>
      )}
      {confirmDialog}
    </StaffFrame>
  );
}
