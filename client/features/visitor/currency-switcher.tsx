import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { CURRENCIES, CURRENCY_SYMBOLS } from '#shared/regions.ts';
import { Dropdown } from '../../components/dropdown/dropdown.tsx';
import styles from './switchers.module.css';
import { currencyChanged, selectCurrency } from './visitor.slice.ts';

/** RUB / USD / EUR: prices everywhere follow the choice; it is kept in a cookie. */
export function CurrencySwitcher() {
  const intl = useIntl();
  const currency = useSelector(selectCurrency);
  const dispatch = useDispatch();
  return (
    <Dropdown
      id="currency"
      label={intl.formatMessage({ id: 'header.currency' })}
      summary={
        <span className={styles.code}>
          <span className={styles.wideOnly}>{CURRENCY_SYMBOLS[currency]} </span>
          {currency}
        </span>
      }
    >
      {(close) => (
        <ul className={styles.list}>
          {CURRENCIES.map((code) => (
            <li key={code}>
              <button
                type="button"
                className={styles.option}
                aria-pressed={code === currency}
                onClick={() => {
                  dispatch(currencyChanged(code));
                  close();
                }}
              >
                <span className={styles.symbol}>{CURRENCY_SYMBOLS[code]}</span> {code}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
