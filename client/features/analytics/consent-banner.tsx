import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { button } from '../../components/button/button.ts';
import { analyticsActions } from './analytics.actions.ts';
import styles from './consent-banner.module.css';

/**
 * In GDPR countries nothing is counted or stored for analytics before the visitor says yes:
 * a strip at the top of the page until answered. The server renders it (the visitor state's
 * `consentPending`), so it has its room from the first paint (no shift) and lies over nothing,
 * no field and no button, at any width; the answer takes it away.
 */
export function ConsentBanner() {
  const pending = useSelector(
    (state: { visitor: { consentPending?: boolean } }) => state.visitor.consentPending === true,
  );
  const dispatch = useDispatch();
  const [answered, setAnswered] = useState(false);
  if (!pending || answered) return null;
  const answer = (consent: 'granted' | 'denied') => {
    dispatch(analyticsActions.consentDecided(consent));
    setAnswered(true);
  };
  return (
    <section className={styles.banner} aria-labelledby="consent-text" data-testid="consent-banner">
      <div className={styles.inner}>
        <p id="consent-text" className={styles.text}>
          <FormattedMessage id="consent.text" />
        </p>
        <div className={styles.actions}>
          <button type="button" className={button('primary')} onClick={() => answer('granted')}>
            <FormattedMessage id="consent.accept" />
          </button>
          <button type="button" className={button('secondary')} onClick={() => answer('denied')}>
            <FormattedMessage id="consent.decline" />
          </button>
        </div>
      </div>
    </section>
  );
}
