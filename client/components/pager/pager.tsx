import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SIZES } from '#shared/constants.ts';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  /** without it the 'Show lines' choice is not offered */
  onLimit?: (limit: number) => void;
  sizes?: readonly number[];
}

/** Pages of a list and docs/product.md §13 'Show lines' (10/20/50/100). */
export function Pager({ page, limit, total, onPage, onLimit, sizes = PAGE_SIZES }: PagerProps) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / limit));
  const near = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((value) => value >= 1 && value <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className={styles.pager} aria-label={intl.formatMessage({ id: 'pager.label' })}>
      {onLimit && (
        <label className={styles.lines}>
          <FormattedMessage id="pager.showLines" />
          <select
            value={limit}
            onChange={(event) => onLimit(Number(event.target.value))}
            className={styles.select}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
      {pages > 1 && (
        <ol className={styles.pages}>
          <li>
            <button
              type="button"
              className={styles.page}
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
              aria-label={intl.formatMessage({ id: 'pager.previous' })}
            >
              ‹
            </button>
          </li>
          {near.map((value, index) => (
            <li key={value}>
              {index > 0 && value - near[index - 1]! > 1 && (
                <span className={styles.gap} aria-hidden="true">
                  …
                </span>
              )}
              <button
                type="button"
                className={styles.page}
                aria-current={value === page ? 'page' : undefined}
                onClick={() => onPage(value)}
              >
                {intl.formatNumber(value)}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.page}
              disabled={page >= pages}
              onClick={() => onPage(page + 1)}
              aria-label={intl.formatMessage({ id: 'pager.next' })}
            >
              ›
            </button>
          </li>
        </ol>
      )}
    </nav>
  );
}
