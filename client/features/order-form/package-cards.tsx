import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import type { CatalogPlatform, PriceTable } from '../../../shared/catalog.ts';
import { shownSaving } from '../../../shared/pricing.ts';
import type { Currency } from '../../../shared/regions.ts';
import { selectCurrency } from '../../lib/app-state.ts';
import { formatMoney } from '../../lib/money.ts';
import { orderFormActions as actions } from './order-form.slice.ts';
import styles from './package-cards.module.css';

/** The presets a service page offers as ready packages, when the service's limits allow. */
const PACKAGES = [100, 1_000, 5_000, 10_000, 25_000, 100_000];
const SHOWN = 4;

/**
 * A service page's packages at preset quantities (CATALOG.md landing sections): price and
 * saving from the page's storefront prices; a click puts the package into the order form.
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
  const dispatch = useDispatch();
  const currency = useSelector(selectCurrency) as Currency;
  const prices = informers[currency]?.[tag] ?? {};
  const packages = PACKAGES.filter((count) => prices[String(count)]).slice(0, SHOWN);
  if (!packages.length) return null;
  return (
    <ul className={styles.packages} aria-label={intl.formatMessage({ id: 'packages.heading' })}>
      {packages.map((count) => {
        const { cost, discount } = prices[String(count)]!;
        const percent = shownSaving(cost, discount);
        return (
          <li key={count}>
            <button
              type="button"
              className={styles.package}
              onClick={() => {
                dispatch(actions.platformChosen(platform));
                dispatch(actions.serviceChosen(tag));
                dispatch(actions.quantityChosen(count));
                document.getElementById(formId)?.scrollIntoView({ block: 'nearest' });
              }}
            >
              <span className={styles.count}>{intl.formatNumber(count)}</span>
              <span className={styles.price}>{formatMoney(intl, cost, currency)}</span>
              {percent !== null ? (
                <span className={styles.saving}>
                  <FormattedMessage id="packages.saving" values={{ percent }} />
                </span>
              ) : (
                <span className={styles.muted}>
                  <FormattedMessage id="packages.start" />
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
