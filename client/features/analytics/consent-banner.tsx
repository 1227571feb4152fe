import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { button } from '../../components/button/button.ts';
import { getCookie } from '../../lib/cookies.ts';
import { analyticsActions } from './analytics.actions.ts';
import styles from './consent-banner.module.css';

/**
 * In GDPR countries (SPEC §9) nothing is counted or stored for analytics before the visitor
 * says yes (issue 17): a small banner at the bottom, shown after hydration until answered.
 */
export function ConsentBanner() {
  const gdpr = useSelector((state: { visitor: { isGdpr: boolean } }) => state.visitor.isGdpr);
  const dispatch = useDispatch();
  const [open, setOpen] = useState(false);
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    if (gdpr && !getCookie('consent')) setOpen(true);
  }, [gdpr]);
  // while it is open the page keeps room under it: the end of the page can scroll clear of
  // it, and a field or button brought into view (focus, scrollIntoView) stops above it
  useEffect(() => {
    const element = banner.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const keep = () => root.style.setProperty('--consent-h', `${element.offsetHeight}px`);
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-h');
    };
  }, [open]);
  if (!open) return null;
  const answer = (consent: 'granted' | 'denied') => {
    dispatch(analyticsActions.consentDecided(consent));
    setOpen(false);
  };
  return (
    <section
      ref={banner}
      className={styles.banner}
      aria-labelledby="consent-text"
      data-testid="consent-banner"
    >
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
    </section>
  );
}
