import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffTierSet } from '#shared/staff-catalogue.ts';
import styles from '../staff.module.css';
import type { invalidProps } from '../staff-fields.tsx';
import { Money } from '../staff-parts.tsx';

/**
 * The server takes a tier's unit price in millionths of a minor unit (`micro`). Staff type the
 * price of 1000 units in major units ("6.99" USD): × 100 is minor units per 1000, × 1000 per
 * unit in millionths — so micro = major × 100 000 (up to 3 decimals of a minor unit).
 */
export const microOf = (per1000Major: string): number | null => {
  const normal = per1000Major.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,5})?$/.test(normal)) return null;
  const micro = Math.round(Number(normal) * 100_000);
  return micro > 0 ? micro : null;
};
/** micro → the price of 1000 units in major units, as typed. */
export const per1000MajorOf = (micro: number): string => String(micro / 100_000);

/** A tier as typed: the quantity it starts from, and the price of 1000 units in major units. */
export interface Row {
  from: string;
  price: string;
}

/** A tier set's prices: ours, the provider's, and the markup of ours over it. */
export function TierFigures({ set, testId }: { set: StaffTierSet; testId: string }) {
  const intl = useIntl();
  return (
    <p className={styles.muted}>
      <FormattedMessage id="staff.prices.ours" />{' '}
      <strong>
        <Money minor={set.per1000} currency={set.currency} />
      </strong>
      {' · '}
      <FormattedMessage id="staff.prices.theirs" />{' '}
      <strong>
        {set.provider_per1000 === null ? (
          '—'
        ) : (
          <Money minor={Math.round(set.provider_per1000)} currency={set.currency} />
        )}
      </strong>
      {' · '}
      <FormattedMessage id="staff.prices.markup" />{' '}
      <strong data-testid={`${testId}-markup`}>
        {set.markup === null ? '—' : `×${intl.formatNumber(set.markup)}`}
      </strong>
    </p>
  );
}

export interface TierTableProps {
  rows: Row[];
  currency: string;
  /** the attributes of a row's cell, marked when it is at fault */
  cellOf: (index: number, cell: 'from' | 'price') => ReturnType<typeof invalidProps>;
  /** a price's markup over the provider's rate, as shown */
  markupOf: (price: string) => string;
  onChange: (rows: Row[]) => void;
}

/** The tiers as editable rows: start, price per 1000, its micro units, its markup, remove. */
export function TierTable({ rows, currency, cellOf, markupOf, onChange }: TierTableProps) {
  const intl = useIntl();
  return (
    <div className={styles.tableBox}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="staff.prices.from" />
            </th>
            <th scope="col">
              <FormattedMessage id="staff.prices.per1000" values={{ currency }} />
            </th>
            <th scope="col">
              <FormattedMessage id="staff.prices.micro" />
            </th>
            <th scope="col">
              <FormattedMessage id="staff.prices.markup" />
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <FormattedMessage id="staff.prices.remove" />
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
            <tr key={index}>
              <td>
                <input
                  type="number"
                  min={1}
                  step={1}
                  name="from"
                  aria-label={intl.formatMessage({ id: 'staff.prices.from' })}
                  value={row.from}
                  size={8}
                  {...cellOf(index, 'from')}
                  onChange={(event) =>
                    onChange(
                      rows.map((r, i) => (i === index ? { ...r, from: event.target.value } : r)),
                    )
                  }
                />
              </td>
              <td>
                <input
                  inputMode="decimal"
                  name="price"
                  aria-label={intl.formatMessage({ id: 'staff.prices.per1000' }, { currency })}
                  value={row.price}
                  size={10}
                  {...cellOf(index, 'price')}
                  onChange={(event) =>
                    onChange(
                      rows.map((r, i) => (i === index ? { ...r, price: event.target.value } : r)),
                    )
                  }
                />
              </td>
              <td className={styles.num}>{microOf(row.price) ?? '—'}</td>
              <td className={styles.num}>{markupOf(row.price)}</td>
              <td>
                <button
                  type="button"
                  className={styles.pageButton}
                  disabled={rows.length < 2}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <FormattedMessage id="staff.prices.remove" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
