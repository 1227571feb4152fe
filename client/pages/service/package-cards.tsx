import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { CatalogPlatform, PriceTable } from '#shared/catalog.ts';
import { packageOffers } from '#shared/pricing.ts';
import type { Currency } from '#shared/regions.ts';
import { pickInto } from '../../features/order-form/order-form.choice.ts';
import { selectCurrency } from '../../lib/app-state.ts';
import { formatMoney } from '../../lib/money.ts';
import styles from './package-cards.module.css';

/**
 * A service page's packages at preset quantities (docs/product.md §4): price, saving
 * and badge from the page's storefront prices by one rule (shared/pricing.ts packageOffers);
 * a click puts the package into the order form.
 */
export function PackageCards({
  platform,
  tag,
  informers,
  formId,
}: {
  platform: CatalogPlatform;
  tag: string;
  informers: PriceTable;
  /** the order form to bring into view on a phone */
  formId: string;
}) {
  const intl = useIntl();
  const currency = useSelector(selectCurrency) as Currency;
  const packages = packageOffers(informers[currency]?.[tag] ?? {});
  if (!packages.length) return null;
  return (
    <ul className={styles.packages} aria-label={intl.formatMessage({ id: 'packages.heading' })}>
      {packages.map(({ count, cost, saving, badge }) => {
        return (
          <li key={count}>
            <button
              type="button"
              className={styles.package}
              onClick={() => {
                pickInto(formId, { platform, service: tag, quantity: count });
                document.getElementById(formId)?.scrollIntoView({ block: 'nearest' });
              }}
            >
              <span className={styles.count}>{intl.formatNumber(count)}</span>
              <span className={styles.price}>{formatMoney(intl, cost, currency)}</span>
              {badge === 'start' ? (
                <span className={styles.muted}>
                  <FormattedMessage id="packages.start" />
                </span>
              ) : saving !== null ? (
                <span className={styles.saving}>
                  <FormattedMessage
                    id={badge === 'best' ? 'packages.best' : 'packages.saving'}
                    values={{ percent: saving }}
                  />
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
