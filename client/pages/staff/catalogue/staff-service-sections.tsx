import { FormattedMessage } from 'react-intl';
import { LOCALES } from '#shared/locales.ts';
import type { StaffService } from '#shared/staff-catalogue.ts';
import styles from '../staff.module.css';
import { FieldError, invalidProps, StaffField } from '../staff-fields.tsx';

export const LIMITS = [
  'min',
  'max',
  'min_order',
  'max_order',
  'lk_min_order',
  'lk_max_order',
] as const;
export const CLIENT_LABELS = ['CLIENT_MAIN', 'CLIENT_LK'] as const;

/** The service's form as typed (the limits as text). */
export interface Draft {
  enabled: boolean;
  visible: boolean;
  limits: Record<(typeof LIMITS)[number], string>;
  clients: string[];
  texts: Record<string, { name: string; description: string }>;
  provider_id: string;
  provider_service: string;
  fallback_provider_id: string;
  fallback_service: string;
}

/** What each section of the service's form is given: the draft and the fields' messages. */
export interface DraftSectionProps {
  draft: Draft;
  onChange: (draft: Draft) => void;
  idOf: (name: string) => string;
  /** the server's message for a field of the form (a 400 names the body's fields) */
  errorFor: (field: string) => string | undefined;
}

/** The switches: enabled, visible, and the clients (the main site, the cabinet) it is sold to. */
export function ServiceSwitches({ draft, onChange, idOf, errorFor }: DraftSectionProps) {
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.service.switches" />
      </h2>
      <div className={styles.actions}>
        {(['enabled', 'visible'] as const).map((name) => (
          <label key={name} className={styles.check}>
            <input
              type="checkbox"
              name={name}
              checked={draft[name]}
              onChange={(event) => onChange({ ...draft, [name]: event.target.checked })}
            />
            <FormattedMessage id={`staff.service.${name}`} />
          </label>
        ))}
        {CLIENT_LABELS.map((label) => (
          <label key={label} className={styles.check}>
            <input
              type="checkbox"
              name="clients"
              value={label}
              checked={draft.clients.includes(label)}
              {...invalidProps(idOf('labels'), errorFor('labels'))}
              onChange={(event) =>
                onChange({
                  ...draft,
                  clients: event.target.checked
                    ? [...draft.clients, label]
                    : draft.clients.filter((other) => other !== label),
                })
              }
            />
            <FormattedMessage id={`staff.service.${label}`} />
          </label>
        ))}
        <FieldError id={idOf('labels')} error={errorFor('labels')} />
      </div>
    </>
  );
}

/** The quantities: per order and per cabinet order, least and most. */
export function ServiceLimits({ draft, onChange, idOf, errorFor }: DraftSectionProps) {
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.service.limits" />
      </h2>
      <div className={styles.filters}>
        {LIMITS.map((name) => (
          <StaffField
            key={name}
            id={idOf(name)}
            label={<FormattedMessage id={`staff.service.${name}`} />}
            error={errorFor(name)}
          >
            <input
              id={idOf(name)}
              type="number"
              name={name}
              min={1}
              step={1}
              value={draft.limits[name]}
              onChange={(event) =>
                onChange({ ...draft, limits: { ...draft.limits, [name]: event.target.value } })
              }
              {...invalidProps(idOf(name), errorFor(name))}
            />
          </StaffField>
        ))}
      </div>
    </>
  );
}

/** The name and description in each language, a tab per language (∅: none yet). */
export function ServiceTexts({
  service,
  lang,
  onLang,
  draft,
  onChange,
  idOf,
  errorFor,
}: DraftSectionProps & { service: StaffService; lang: string; onLang: (lang: string) => void }) {
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.service.texts" />
      </h2>
      <div className={styles.tabs} role="tablist">
        {LOCALES.map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={lang === code}
            className={styles.tab}
            onClick={() => onLang(code)}
          >
            {code}
            {service.texts[code] ? '' : ' ∅'}
          </button>
        ))}
      </div>
      <div className={styles.stack} role="tabpanel">
        <StaffField
          wide
          id={idOf('texts')}
          label={<FormattedMessage id="staff.service.name" values={{ lang }} />}
          error={errorFor('texts')}
        >
          <input
            id={idOf('texts')}
            name="name"
            maxLength={200}
            value={draft.texts[lang]!.name}
            {...invalidProps(idOf('texts'), errorFor('texts'))}
            onChange={(event) =>
              onChange({
                ...draft,
                texts: {
                  ...draft.texts,
                  [lang]: { ...draft.texts[lang]!, name: event.target.value },
                },
              })
            }
          />
        </StaffField>
        <label className={styles.field}>
          <FormattedMessage id="staff.service.description" values={{ lang }} />
          <textarea
            name="description"
            rows={5}
            maxLength={5000}
            value={draft.texts[lang]!.description}
            onChange={(event) =>
              onChange({
                ...draft,
                texts: {
                  ...draft.texts,
                  [lang]: { ...draft.texts[lang]!, description: event.target.value },
                },
              })
            }
          />
        </label>
      </div>
    </>
  );
}

const MAPPING = [
  'provider_id',
  'provider_service',
  'fallback_provider_id',
  'fallback_service',
] as const;

/** The provider's service it is placed with, and the fallback one. */
export function ServiceMapping({ draft, onChange, idOf, errorFor }: DraftSectionProps) {
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.service.mapping" />
      </h2>
      <div className={styles.filters}>
        {MAPPING.map((field) => {
          // the body names the fallback as one field, `fallback`
          const named = field.startsWith('fallback_') ? 'fallback' : field;
          // the fallback's message stands under its second field only
          const shown =
            named === 'fallback' && field === 'fallback_provider_id' ? null : errorFor(named);
          return (
            <StaffField
              key={field}
              id={idOf(field)}
              label={<FormattedMessage id={`staff.service.${field}`} />}
              error={shown}
            >
              <input
                id={idOf(field)}
                name={field}
                value={draft[field]}
                maxLength={64}
                onChange={(event) => onChange({ ...draft, [field]: event.target.value })}
                {...invalidProps(
                  idOf(named === 'fallback' ? 'fallback_service' : field),
                  errorFor(named),
                )}
              />
            </StaffField>
          );
        })}
      </div>
    </>
  );
}
