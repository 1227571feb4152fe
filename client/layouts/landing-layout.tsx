import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import styles from './layouts.module.css';
import { SiteFooter } from './parts/site-footer.tsx';
import { SiteHeader } from './parts/site-header.tsx';

/** landing3: the storefront pages (home, platforms, services): full-width sections. */
export function LandingLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <SiteHeader />
      <main id="main" className={styles.landingMain}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
