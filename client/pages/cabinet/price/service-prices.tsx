import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { PlatformIcon } from '#client/components/icons/platform-icon.tsx';
import { skeletonBar } from '#client/components/skeleton/skeleton.ts';
import { selectUser } from '#client/features/session/session.slice.ts';
import { selectMetaRestricted } from '#client/features/visitor/visitor.slice.ts';
import { navPlatforms } from '#client/layouts/parts/platform-links.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { formatMoney } from '#client/lib/money.ts';
import type { ApiClient } from '#client/lib/route-api.ts';
import type { AnswerOf } from '#shared/api-contract/index.ts';
import { byTypeOrder, isMultiTag, type ServiceView } from '#shared/catalog.ts';
import type { Platform } from '#shared/platforms.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import type { PartState } from '../cabinet-data.ts';
import styles from './price.module.css';

const LABELS = 'CLIENT_LK VISIBLE';
const PER = 100;

interface PriceRow {
  service: ServiceView;
  /** minor units for 100, or null when the service has no cabinet price in this currency */
  per100: number | null;
}

/** The platform of `?platform=`, else the first one shown. */
export const platformAsked = (params: URLSearchParams, platforms: Platform[]) =>
  platforms.find((entry) => entry === params.get('platform')) ?? platforms[0];

/** A platform's cabinet services and their prices for 100 and for their least order. */
export interface PlatformPrices {
  services: ServiceView[];
  table: AnswerOf<'GET prices/tiny'> | null;
}

/** The loader's read of a platform's prices (none when no platform is shown). */
export async function pricesOf(
  api: ApiClient,
  platform: Platform | undefined,
): Promise<PlatformPrices> {
  if (!platform) return { services: [], table: null };
  const services = (await api('GET user_services/tiny', { query: { labels: LABELS, platform } }))
    .filter((service) => !isMultiTag(service.tag))
    .sort((a, b) => byTypeOrder(a.type, b.type));
  if (!services.length) return { services, table: null };
  const counts = [
    ...new Set([PER, ...services.map((service) => Math.max(PER, service.min_order))]),
  ].slice(0, 20);
  const table = await api('GET prices/tiny', {
    query: { labels: LABELS, platform, counts: counts.join(',') },
  });
  return { services, table };
}

/**
 * The cabinet services with their price per 100 in the account's currency. A service sold
 * from more than 100 is priced at its least and scaled to 100 (the same tier applies).
 */
function rowsOf({ services, table }: PlatformPrices, currency: Currency): PriceRow[] {
  const prices = table?.[currency] ?? {};
  return services.map((service) => {
    const byCount = prices[service.tag] ?? {};
    const exact = byCount[String(PER)];
    if (exact) return { service, per100: exact.cost };
    const least = byCount[String(service.min_order)];
    return {
      service,
      per100: least ? Math.round((least.cost * PER) / service.min_order) : null,
    };
  });
}

/** Platform tabs (kept in the URL) over the price list of the chosen platform. */
export function ServicePrices({
  level,
  prices,
}: {
  level: number | null;
  prices: PartState<PlatformPrices>;
}) {
  const intl = useIntl();
  const to = useLocalePath();
  const user = useSelector(selectUser);
  const restricted = useSelector(selectMetaRestricted);
  const platforms = navPlatforms(restricted);
  const [params, setParams] = useSearchParams();
  const platform = platformAsked(params, platforms);
  const currency: Currency = user && isCurrency(user.cur) ? user.cur : 'RUB';

  if (!platform) return null;
  // another platform's list is on its way: the tab shows placeholders meanwhile
  const list =
    prices.data && !prices.loading && !prices.error ? rowsOf(prices.data, currency) : null;
  const failed = Boolean(prices.error);
  return (
    <section aria-labelledby="prices-title" className={styles.section}>
      <h2 id="prices-title" className={styles.subtitle}>
        <FormattedMessage id="cp.price.services" />
      </h2>
      {level !== null && level > 1 && (
        <p className={styles.hint}>
          <FormattedMessage id="cp.price.withLevel" values={{ level }} />
        </p>
      )}
      <div
        className={styles.tabs}
        role="tablist"
        aria-label={intl.formatMessage({ id: 'cp.price.platforms' })}
      >
        {platforms.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            id={`tab-${entry}`}
            aria-selected={entry === platform}
            aria-controls="prices-panel"
            data-platform={entry}
            className={styles.tab}
            onClick={() =>
              // the page's loader reads the platform's prices
              setParams(entry === platforms[0] ? '' : `platform=${entry}`, {
                replace: true,
                preventScrollReset: true,
              })
            }
          >
            <PlatformIcon platform={entry} size={18} />
            <FormattedMessage id={`platform.${entry}`} />
          </button>
        ))}
      </div>
      <div
        id="prices-panel"
        role="tabpanel"
        aria-labelledby={`tab-${platform}`}
        className={styles.panel}
      >
        {failed && !list ? (
          <p role="alert" className={styles.state}>
            <FormattedMessage id="cp.price.failed" />{' '}
            <button type="button" className={styles.link} onClick={prices.retry}>
              <FormattedMessage id="order.retry" />
            </button>
          </p>
        ) : list && !list.length ? (
          <p className={styles.state}>
            <FormattedMessage id="cp.price.none" />
          </p>
        ) : (
          <table className={`${styles.table} ${styles.prices}`} data-testid="price-list">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="cp.price.column.service" />
                </th>
                <th scope="col" className={styles.number}>
                  <FormattedMessage id="cp.price.column.per100" />
                </th>
                <th scope="col" className={styles.number}>
                  <FormattedMessage id="cp.price.column.limits" />
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <FormattedMessage id="cp.price.column.order" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody aria-busy={!list || undefined}>
              {list
                ? list.map(({ service, per100 }) => (
                    <tr key={service.tag} data-tag={service.tag}>
                      <th scope="row" className={styles.service}>
                        {service.name}
                      </th>
                      <td className={`${styles.number} ${styles.cost}`}>
                        {per100 === null ? '—' : formatMoney(intl, per100, currency)}
                      </td>
                      <td className={`${styles.number} ${styles.limits}`}>
                        <FormattedMessage
                          id="cp.price.range"
                          values={{
                            min: intl.formatNumber(service.min_order),
                            max: intl.formatNumber(service.max_order),
                          }}
                        />
                      </td>
                      <td className={styles.action}>
                        <Link
                          to={`${to('cp')}?service=${service.tag}`}
                          className={button('secondary')}
                          aria-label={intl.formatMessage(
                            { id: 'cp.price.orderService' },
                            { service: service.name },
                          )}
                        >
                          <FormattedMessage id="cp.price.order" />
                        </Link>
                      </td>
                    </tr>
                  ))
                : [0, 1, 2, 3, 4, 5].map((row) => (
                    <tr key={row}>
                      <td colSpan={4}>
                        <span className={skeletonBar()} />
                      </td>
                    </tr>
                  ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
