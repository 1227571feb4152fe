import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import styles from './layouts.module.css';
import { SiteFooter } from './parts/site-footer.tsx';
import { SiteHeader } from './parts/site-header.tsx';

/** default: text pages (blog, legal, thanks, errors) in a readable column. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <SiteHeader />
      <main id="main" className={styles.defaultMain}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
