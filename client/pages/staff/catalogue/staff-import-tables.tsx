import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocalePath } from '#client/lib/locale.ts';
import { SERVICE_TYPES } from '#shared/catalog.ts';
import type { StaffImportDiff, UpstreamServiceView } from '#shared/staff-catalogue.ts';
import styles from '../staff.module.css';
import { invalidProps } from '../staff-fields.tsx';
import { Table } from '../staff-parts.tsx';

/** What is chosen for a provider's service to import: our tag, platform, type and kind. */
export interface Choice {
  tag: string;
  platform: string;
  type: string;
  kind: string;
}

export interface ImportChoiceRowProps {
  service: UpstreamServiceView;
  /** the provider's currency, of its rate */
  currency: string;
  /** what is chosen for it, none while it is not */
  choice: Choice | undefined;
  tagId: string;
  tagError: string | null | undefined;
  platformId: string;
  platformError: string | null | undefined;
  onChoose: (on: boolean) => void;
  onEdit: (field: keyof Choice, value: string) => void;
}

/** A service the provider added: chosen or not, and once chosen its tag, platform and type. */
export function ImportChoiceRow({
  service,
  currency,
  choice,
  tagId,
  tagError,
  platformId,
  platformError,
  onChoose,
  onEdit,
}: ImportChoiceRowProps) {
  const intl = useIntl();
  return (
    <tr data-service={service.service}>
      <td>
        <input
          type="checkbox"
          aria-label={intl.formatMessage({ id: 'staff.import.chooseOne' }, { name: service.name })}
          checked={Boolean(choice)}
          onChange={(event) => onChoose(event.target.checked)}
        />
      </td>
      <td>{service.service}</td>
      <td className={styles.wrap}>{service.name}</td>
      <td>
        {service.category} · {service.type}
      </td>
      <td className={styles.num}>
        {service.rate} {currency}
      </td>
      <td className={styles.num}>
        {intl.formatNumber(service.min)}–{intl.formatNumber(service.max)}
      </td>
      <td>
        {choice && (
          <input
            className={styles.cellInput}
            name="tag"
            aria-label={intl.formatMessage({ id: 'staff.services.tag' })}
            value={choice.tag}
            maxLength={64}
            size={16}
            {...invalidProps(tagId, tagError)}
            onChange={(event) => onEdit('tag', event.target.value.toUpperCase())}
          />
        )}
      </td>
      <td>
        {choice && (
          <input
            className={styles.cellInput}
            name="platform"
            aria-label={intl.formatMessage({ id: 'staff.services.platform' })}
            placeholder={intl.formatMessage({ id: 'staff.import.auto' })}
            value={choice.platform}
            maxLength={32}
            size={10}
            {...invalidProps(platformId, platformError)}
            onChange={(event) => onEdit('platform', event.target.value)}
          />
        )}
      </td>
      <td>
        {choice && (
          <select
            className={styles.cellInput}
            name="type"
            aria-label={intl.formatMessage({ id: 'staff.services.type' })}
            value={choice.type}
            onChange={(event) => onEdit('type', event.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'staff.import.auto' })}</option>
            {SERVICE_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        )}
      </td>
    </tr>
  );
}

/** Our services the provider changed (its rate or limits against ours) and those it dropped. */
export function ImportDiffTables({ changed, gone }: Pick<StaffImportDiff, 'changed' | 'gone'>) {
  const to = useLocalePath();
  return (
    <>
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.import.changed" values={{ count: changed.length }} />
      </h2>
      <Table
        head={[
          'staff.services.tag',
          'staff.import.service',
          'staff.import.ours',
          'staff.import.theirs',
        ]}
        testId="staff-import-changed"
        rows={changed.map((row) => (
          <tr key={row.tag}>
            <td>
              <Link to={to('staff-service', { tag: row.tag })}>{row.tag}</Link>
            </td>
            <td>{row.service}</td>
            <td className={styles.num}>
              {row.ours.rate ?? '—'} · {row.ours.min}–{row.ours.max}
            </td>
            <td className={styles.num}>
              {row.theirs.rate} · {row.theirs.min}–{row.theirs.max}
            </td>
          </tr>
        ))}
      />
      <h2 className={styles.subtitle}>
        <FormattedMessage id="staff.import.gone" values={{ count: gone.length }} />
      </h2>
      <Table
        head={['staff.services.tag', 'staff.import.service']}
        testId="staff-import-gone"
        rows={gone.map((row) => (
          <tr key={row.tag}>
            <td>
              <Link to={to('staff-service', { tag: row.tag })}>{row.tag}</Link>
            </td>
            <td>{row.service}</td>
          </tr>
        ))}
      />
    </>
  );
}
