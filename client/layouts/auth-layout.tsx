import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router';
import { Link } from '../components/link/link.tsx';
import { LanguageSwitcher } from '../features/visitor/language-switcher.tsx';
import { useLocalePath } from '../lib/locale.ts';
import styles from './layouts.module.css';
import { Logo } from './parts/logo.tsx';

/** auth: login, sign-up and reset: a centred card, nothing to distract. */
export function AuthLayout() {
  const to = useLocalePath();
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Link to={to('home')} aria-label="Home">
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
