import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '../features/visitor/language-switcher.tsx';
import { useLocalePath } from '../lib/locale.ts';
import styles from './layouts.module.css';
import { Logo } from './parts/logo.tsx';

/** auth: login, sign-up and reset: a centred card, nothing to distract. */
export function AuthLayout() {
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        {/* the storefront header's name: the brand the logo shows first (WCAG 2.5.3), in the
            page's language */}
        <Link to={to('home')} aria-label={intl.formatMessage({ id: 'header.homeLink' })}>
          <Logo />
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className={styles.authMain}>
        <div className={styles.authCard}>
          <Outlet />
        </div>
        <Link to={to('home')} className={styles.authBack}>
          <FormattedMessage id="auth.backToShop" />
        </Link>
      </main>
    </div>
  );
}
