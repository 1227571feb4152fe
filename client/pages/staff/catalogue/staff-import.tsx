import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { SERVICE_TYPES } from '../../../../shared/catalog.ts';
import type { StaffImportItem } from '../../../../shared/schemas/staff-catalogue.schemas.ts';
import type { StaffService, UpstreamServiceView } from '../../../../shared/staff-catalogue.ts';
import { button } from '../../../components/button/button.ts';
import { Link } from '../../../components/link/link.tsx';
import { errorOf, useStaffCall, useStaffData } from '../../../features/staff/use-staff-api.ts';
import { useLocalePath } from '../../../lib/locale.ts';
import styles from '../staff.module.css';
import { useConfirm } from '../staff-confirm.tsx';
import { StaffFrame } from '../staff-frame.tsx';
import { Failure, Table } from '../staff-parts.tsx';

/** A new tag from the provider's name: capitals, digits and `_`, starting with a letter. */
export function tagOf(provider: string, service: UpstreamServiceView): string {
  const words = `${provider}_${service.name}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const tag = /^[A-Z]/.test(words) ? words : `S_${words}`;
  return tag.slice(0, 64).replace(/_+$/, '') || `S_${service.service}`;
}

interface Choice {
  tag: string;
  platform: string;
  type: string;
  kind: string;
}

/** /staff/providers/:provider/import/: the provider's list against ours; choose, import. */
export function StaffImportPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const call = useStaffCall();
  const [confirm, confirmDialog] = useConfirm();
  const { provider = '' } = useParams();
  const { data, loading, error, retry } = useStaffData('GET staff/providers/:id/import', {
    params: { id: provider },
  });
  const [chosen, setChosen] = useState<Record<string, Choice>>({});
  const [markup, setMarkup] = useState('3');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [imported, setImported] = useState<StaffService[] | null>(null);

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
      ...(choice.type ? { type: choice.type } : {}),
      ...(choice.kind.trim() ? { kind: choice.kind.trim() } : {}),
    }));
    const factor = Number(markup.replace(',', '.'));
    if (
      !(await confirm(
        intl.formatMessage(
          { id: 'staff.import.confirm' },
          { count: items.length, provider, markup: factor },
        ),
      ))
    )
      return;
    setBusy(true);
    setFailure(null);
    try {
      const done = await call('POST staff/providers/:id/import', {
        params: { id: provider },
        body: { markup: factor, items },
      });
      setImported(done.services);
      setChosen({});
      retry();
    } catch (caught) {
      setFailure(errorOf(caught));
    } finally {
      setBusy(false);
    }
  };

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
        <div data-testid="staff-import">
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
            rows={data.added.map((service) => {
              const choice = chosen[service.service];
              return (
                <tr key={service.service} data-service={service.service}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={intl.formatMessage(
                        { id: 'staff.import.chooseOne' },
                        { name: service.name },
                      )}
                      checked={Boolean(choice)}
                      onChange={(event) => choose(service, event.target.checked)}
                    />
                  </td>
                  <td>{service.service}</td>
                  <td className={styles.wrap}>{service.name}</td>
                  <td>
                    {service.category} · {service.type}
                  </td>
                  <td className={styles.num}>
                    {service.rate} {data.provider.currency}
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
                        onChange={(event) =>
                          edit(service.service, 'tag', event.target.value.toUpperCase())
                        }
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
                        onChange={(event) => edit(service.service, 'platform', event.target.value)}
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
                        onChange={(event) => edit(service.service, 'type', event.target.value)}
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
            })}
          />
          <div className={styles.actions}>
            <label className={styles.filter}>
              <FormattedMessage id="staff.import.markup" />
              <input
                name="markup"
                inputMode="decimal"
                value={markup}
                size={6}
                onChange={(event) => setMarkup(event.target.value)}
              />
            </label>
            <button
              type="button"
              className={button('primary')}
              disabled={busy || count === 0}
              onClick={submit}
            >
              <FormattedMessage id="staff.import.submit" values={{ count }} />
            </button>
          </div>
          <p className={styles.muted}>
            <FormattedMessage id="staff.import.hint" />
          </p>
          {failure && (
            <p role="alert" className={styles.alert}>
              {failure}
            </p>
          )}
          <h2 className={styles.subtitle}>
            <FormattedMessage id="staff.import.changed" values={{ count: data.changed.length }} />
          </h2>
          <Table
            head={[
              'staff.services.tag',
              'staff.import.service',
              'staff.import.ours',
              'staff.import.theirs',
            ]}
            testId="staff-import-changed"
            rows={data.changed.map((row) => (
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
            <FormattedMessage id="staff.import.gone" values={{ count: data.gone.length }} />
          </h2>
          <Table
            head={['staff.services.tag', 'staff.import.service']}
            testId="staff-import-gone"
            rows={data.gone.map((row) => (
              <tr key={row.tag}>
                <td>
                  <Link to={to('staff-service', { tag: row.tag })}>{row.tag}</Link>
                </td>
                <td>{row.service}</td>
              </tr>
            ))}
          />
        </div>
      )}
      {confirmDialog}
    </StaffFrame>
  );
}
