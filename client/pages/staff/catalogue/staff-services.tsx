import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useStaffSession } from '#client/features/staff/staff-session.tsx';
import { useStaffScreen } from '#client/features/staff/use-staff-route.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { FAKE_PLATFORM, SERVICE_TYPES } from '#shared/catalog.ts';
import type { StaffService } from '#shared/staff-catalogue.ts';
import styles from '../staff.module.css';
import { StaffFrame } from '../staff-frame.tsx';
import { useSearchDraft, useShownSearch } from '../staff-list.tsx';
import { Failure, platformWord, Table, typeWord } from '../staff-parts.tsx';
import type { StaffScreenData } from '../staff-reads.ts';

/** A service's name in the console's language, else English, else any. */
export function nameOf(service: StaffService, lang: string): string {
  return (
    service.texts[lang]?.name ??
    service.texts.en?.name ??
    Object.values(service.texts)[0]?.name ??
    ''
  );
}

const HEAD = [
  'staff.services.tag',
  'staff.services.name',
  'staff.services.platform',
  'staff.services.type',
  'staff.services.enabled',
  'staff.services.visible',
  'staff.services.provider',
  'staff.services.limits',
  'staff.services.open',
];

/** The seeded test services (FAKE_LIKES, FAKE_FOLLOWERS, platform `fake`): for staff tests. */
const isTest = (service: StaffService) => service.platform === FAKE_PLATFORM;

/**
 * Filters the whole list here: the server answers every service at once. The test services
 * are listed only when their tag is searched for (`search`, the text typed).
 */
function matches(
  service: StaffService,
  search: string,
  filter: URLSearchParams,
  lang: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (isTest(service) && !(q && service.tag.toLowerCase().includes(q))) return false;
  if (q && !`${service.tag} ${nameOf(service, lang)}`.toLowerCase().includes(q)) return false;
  const platform = filter.get('platform');
  if (platform && service.platform !== platform) return false;
  const type = filter.get('type');
  if (type && service.type !== type) return false;
  const state = filter.get('state');
  if (state === 'enabled' && !service.enabled) return false;
  if (state === 'disabled' && service.enabled) return false;
  if (state === 'hidden' && service.visible) return false;
  const provider = filter.get('provider');
  if (provider && service.mapping.provider_id !== provider) return false;
  return true;
}

/** /staff/services/: the catalogue (capability `catalogue`), filtered here. */
export function StaffServicesPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const { me } = useStaffSession();
  // the choices show at once; the text typed filters as it is typed, in the URL once it stops
  const { shown: params, set } = useShownSearch();
  const [search, setSearch] = useSearchDraft('q');
  const { data, loading, error, retry } = useStaffScreen<StaffScreenData<'staff-services'>>();
  const all = data ?? [];
  // the filters' choices are the shop's: the test services' platform and providers left out
  const real = all.filter((service) => !isTest(service));
  const platforms = [...new Set(real.map((service) => service.platform))].sort();
  const providers = [
    ...new Set(real.flatMap((service) => service.mapping.provider_id ?? [])),
  ].sort();
  const shown = all.filter((service) => matches(service, search, params, intl.locale));
  const select = (
    name: string,
    options: string[],
    label: string,
    word: (code: string) => string = (code) => code,
  ) => (
    <label className={styles.filter}>
      <FormattedMessage id={label} />
      <select
        name={name}
        value={params.get(name) ?? ''}
        onChange={(e) => set(name, e.target.value)}
      >
        <option value="">{intl.formatMessage({ id: 'staff.any' })}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {word(option)}
          </option>
        ))}
      </select>
    </label>
  );
  const yes = (value: boolean) => intl.formatMessage({ id: value ? 'staff.yes' : 'staff.no' });

  return (
    <StaffFrame title={intl.formatMessage({ id: 'staff.services.title' })}>
      <div className={styles.filters} data-testid="staff-services-filters">
        <label className={`${styles.filter} ${styles.search}`}>
          <FormattedMessage id="staff.services.q" />
          <input
            type="search"
            name="q"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        {select('platform', platforms, 'staff.services.platform', (code) =>
          platformWord(intl, code),
        )}
        {select('type', [...SERVICE_TYPES], 'staff.services.type', (code) => typeWord(intl, code))}
        {select('provider', providers, 'staff.services.provider')}
        <label className={styles.filter}>
          <FormattedMessage id="staff.services.state" />
          <select
            name="state"
            value={params.get('state') ?? ''}
            onChange={(event) => set('state', event.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'staff.any' })}</option>
            {['enabled', 'disabled', 'hidden'].map((state) => (
              <option key={state} value={state}>
                {intl.formatMessage({ id: `staff.services.state.${state}` })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && error.statusCode !== 401 && <Failure message={error.message} onRetry={retry} />}
      <p className={styles.muted}>
        <FormattedMessage
          id="staff.services.count"
          values={{ shown: shown.length, total: all.length }}
        />
      </p>
      <div aria-busy={loading}>
        <Table
          head={HEAD}
          testId="staff-services-table"
          rows={shown.map((service) => (
            <tr key={service.tag}>
              <td>
                <Link to={to('staff-service', { tag: service.tag })}>{service.tag}</Link>
              </td>
              <td className={styles.wrap}>{nameOf(service, intl.locale)}</td>
              <td>{platformWord(intl, service.platform)}</td>
              <td>{typeWord(intl, service.type)}</td>
              <td>{yes(service.enabled)}</td>
              <td>{yes(service.visible)}</td>
              <td>
                {service.mapping.provider_id
                  ? `${service.mapping.provider_id} · ${service.mapping.provider_service}`
                  : '—'}
              </td>
              <td className={styles.num}>
                {intl.formatNumber(service.min_order)}–{intl.formatNumber(service.max_order)}
              </td>
              <td className={styles.links}>
                <Link to={to('staff-service', { tag: service.tag })}>
                  <FormattedMessage id="staff.services.edit" />
                </Link>
                {me?.capabilities.includes('prices') && (
                  <Link to={to('staff-price', { tag: service.tag })}>
                    <FormattedMessage id="staff.prices.short" />
                  </Link>
                )}
              </td>
            </tr>
          ))}
        />
      </div>
    </StaffFrame>
  );
}
