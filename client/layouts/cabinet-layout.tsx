import { type RefObject, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { type Currency, isCurrency } from '#shared/regions.ts';
import { CABINET_SECTIONS } from '#shared/routes.ts';
import { button } from '../components/button/button.ts';
import { Icon } from '../components/icons/icons.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { logoutRequested, selectUser } from '../features/session/session.slice.ts';
import { LanguageSwitcher } from '../features/visitor/language-switcher.tsx';
import { useLocalePath } from '../lib/locale.ts';
import { formatMoney } from '../lib/money.ts';
import styles from './layouts.module.css';
import { Logo } from './parts/logo.tsx';

/**
 * cp: the customer cabinet. The bar keeps the balance (in the account's currency), the
 * discount level, "Top up" and "New order" in view; the sections are a side list on desktop
 * and a strip that scrolls on phones, with the current one brought into view.
 */
/**
 * On a phone the sections' strip scrolls: the current section must not hide off screen. Keyed
 * by the path, it brings the section into view once per navigation.
 */
function CurrentSectionInView({ nav }: { nav: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    const strip = nav.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && strip && strip.scrollWidth > strip.clientWidth)
      strip.scrollTo({
        left: current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2,
        behavior: 'instant',
      });
  }, [nav]);
  return null;
}

export function CabinetLayout() {
  const intl = useIntl();
  const to = useLocalePath();
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  const currency: Currency = user && isCurrency(user.cur) ? user.cur : 'RUB';

  return (
    <div className={styles.cpPage}>
      <header className={styles.cpHeader}>
        <Link
          to={to('cp')}
          className={styles.cpLogo}
          // the name starts with the brand the logo shows (WCAG 2.5.3), then where it leads
          aria-label={intl.formatMessage({ id: 'cp.logoLink' })}
        >
          <Logo compact />
        </Link>
        <Link to={to('cp')} className={`${button('primary')} ${styles.cpNewOrder}`}>
          <FormattedMessage id="cp.newOrder" />
        </Link>
        {user && (
          <div className={styles.cpAccount} data-testid="cp-account">
            <Link
              to={to('cp-payment-history')}
              className={styles.cpBalance}
              title={intl.formatMessage({ id: 'cp.balance' })}
            >
              <span className={styles.cpCaption}>
                <FormattedMessage id="cp.balance" />
              </span>
              <strong data-testid="cp-balance">{formatMoney(intl, user.balance, currency)}</strong>
            </Link>
            <Link to={to('cp-price')} className={styles.cpLevel} data-testid="cp-level">
              <FormattedMessage id="cp.level" values={{ level: user.discountLevel }} />
            </Link>
            <Link
              to={to('cp-payment')}
              className={`${button('secondary')} ${styles.cpTopUp}`}
              aria-label={intl.formatMessage({ id: 'cp.topUp' })}
            >
              <span aria-hidden="true" className={styles.cpTopUpPlus}>
                +
              </span>
              <span className={styles.cpTopUpText}>
                <FormattedMessage id="cp.topUp" />
              </span>
            </Link>
          </div>
        )}
        <div className={styles.cpTools}>
          {user && <NotificationBell />}
          <LanguageSwitcher />
          <button
            type="button"
            className={`${button('secondary')} ${styles.cpLogout}`}
            onClick={() => dispatch(logoutRequested())}
            title={
              user ? intl.formatMessage({ id: 'cp.signedInAs' }, { email: user.email }) : undefined
            }
          >
            <Icon name="logout" size={18} />
            <span className={styles.cpLogoutText}>
              <FormattedMessage id="cp.logout" />
            </span>
          </button>
        </div>
      </header>
      <div className={styles.cpBody}>
        <CurrentSectionInView key={pathname} nav={nav} />
        <nav ref={nav} className={styles.cpNav} aria-label={intl.formatMessage({ id: 'cp.nav' })}>
          {user && (
            <p className={styles.cpWho}>
              <FormattedMessage id="cp.signedInAs" values={{ email: user.email }} />
            </p>
          )}
          <NavLink to={to('cp')} end>
            <FormattedMessage id="cp.dashboard.title" />
          </NavLink>
          {CABINET_SECTIONS.map((section) => (
            <NavLink key={section} to={to(`cp-${section}`)} end>
              <FormattedMessage id={`cp.${section}.title`} />
            </NavLink>
          ))}
          {/* the exit, where the bar has no room for it (the narrowest phones: the CSS says) */}
          <button
            type="button"
            className={styles.cpNavLogout}
            onClick={() => dispatch(logoutRequested())}
          >
            <Icon name="logout" size={18} />
            <FormattedMessage id="cp.logout" />
          </button>
        </nav>
        <main id="main" className={styles.cpMain}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
