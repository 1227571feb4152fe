import { FormattedMessage } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink, Outlet } from 'react-router';
import { CABINET_SECTIONS } from '../../shared/routes.ts';
import { button } from '../components/button/button.ts';
import { logoutRequested, selectUser } from '../features/session/session.slice.ts';
import { CurrencySwitcher } from '../features/visitor/currency-switcher.tsx';
import { LanguageSwitcher } from '../features/visitor/language-switcher.tsx';
import { useLocalePath } from '../lib/locale.ts';
import styles from './layouts.module.css';
import { Logo } from './parts/logo.tsx';

/** cp: the customer cabinet: a top bar and the section navigation. */
export function CabinetLayout() {
  const to = useLocalePath();
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  return (
    <div className={styles.cpPage}>
      <header className={styles.cpHeader}>
        <Link to={to('cp')} aria-label="Cabinet">
          <Logo />
        </Link>
        <div className={styles.cpTools}>
          {user && (
            <span className={styles.cpUser}>
              <FormattedMessage id="cp.signedInAs" values={{ email: user.email }} />
            </span>
          )}
          <CurrencySwitcher />
          <LanguageSwitcher />
          <button
            type="button"
            className={button('secondary')}
            onClick={() => dispatch(logoutRequested())}
          >
            <FormattedMessage id="cp.logout" />
          </button>
        </div>
      </header>
      <div className={styles.cpBody}>
        <nav className={styles.cpNav} aria-label="Cabinet">
          <NavLink to={to('cp')} end>
            <FormattedMessage id="cp.dashboard.title" />
          </NavLink>
          {CABINET_SECTIONS.map((section) => (
            <NavLink key={section} to={to(`cp-${section}`)} end>
              <FormattedMessage id={`cp.${section}.title`} />
            </NavLink>
          ))}
        </nav>
        <main id="main" className={styles.cpMain}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
