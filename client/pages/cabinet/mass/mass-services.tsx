import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '#client/lib/money.ts';
import type { MassService } from '#shared/mass-orders.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import styles from './mass.module.css';

/** The services a line may name: their numbers (as /api/v2 lists them), rates and limits. */
export function MassServices({
  services,
  currency,
}: {
  services: MassService[] | null;
  currency: string;
}) {
  const intl = useIntl();
  const cur: Currency = isCurrency(currency) ? currency : 'USD';
  return (
    <details className={styles.details} data-testid="mass-services">
      <summary className={styles.summary}>
        <FormattedMessage id="cp.mass.services.title" />
      </summary>
      {services === null ? (
        <p className={styles.muted}>
          <FormattedMessage id="cp.mass.services.loading" />
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="cp.mass.services.number" />
                </th>
                <th scope="col">
                  <FormattedMessage id="cp.mass.services.name" />
                </th>
                <th scope="col">
                  <FormattedMessage id="cp.mass.services.rate" />
                </th>
                <th scope="col">
                  <FormattedMessage id="cp.mass.services.limits" />
                </th>
              </tr>
            </thead>
            <tbody>
              {services.map((service) => (
                <tr key={service.service}>
                  <td>
                    <code>{service.service}</code>
                  </td>
                  <td>{service.name}</td>
                  <td className={styles.num}>
                    {formatMoney(intl, Math.round(Number(service.rate) * 100), cur)}
                  </td>
                  <td className={styles.limits}>
                    {intl.formatNumber(service.min)}–<wbr />
                    {intl.formatNumber(service.max)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
