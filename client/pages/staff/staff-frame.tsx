import { type ReactNode, useContext } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import type { Capability } from '#shared/staff-permissions.ts';
import { button } from '../../components/button/button.ts';
import {
  StaffCodeSignIn,
  StaffEnrol,
  StaffRecoveryCodes,
} from '../../features/staff/staff-gate.tsx';
import { staffOpens } from '../../features/staff/staff-route.loader.ts';
import { StaffScreenCapability } from '../../features/staff/staff-screen-capability.ts';
import { useStaffSession } from '../../features/staff/staff-session.tsx';
import { useStaffWrite } from '../../features/staff/use-staff-route.ts';
import { Logo } from '../../layouts/parts/logo.tsx';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';
import { useLocalePath } from '../../lib/locale.ts';
import styles from './staff.module.css';

/**
 * The console's sections: page id, the capability that opens it, its title, and its name in
 * the bar where the title is too long for it (the bar is one row at 1440 px).
 */
export const STAFF_SECTIONS: {
  page: string;
  capability: Capability;
  titleId: string;
  navId?: string;
}[] = [
  { page: 'staff', capability: 'dashboard', titleId: 'staff.dashboard.title' },
  { page: 'staff-orders', capability: 'orders', titleId: 'staff.orders.title' },
  { page: 'staff-users', capability: 'users', titleId: 'staff.users.title' },
  { page: 'staff-adjustments', capability: 'users', titleId: 'staff.adjustments.title' },
  { page: 'staff-services', capability: 'catalogue', titleId: 'staff.services.title' },
  { page: 'staff-providers', capability: 'providers', titleId: 'staff.providers.title' },
  { page: 'staff-payments', capability: 'payments', titleId: 'staff.payments.title' },
  { page: 'staff-withdrawals', capability: 'withdrawals', titleId: 'staff.withdrawals.title' },
  { page: 'staff-articles', capability: 'content', titleId: 'staff.articles.title' },
  {
    page: 'staff-landing-copy',
    capability: 'content',
    titleId: 'staff.copy.title',
    navId: 'staff.copy.nav',
  },
  {
    page: 'staff-audit',
    capability: 'audit',
    titleId: 'staff.audit.title',
    navId: 'staff.audit.nav',
  },
];

interface StaffFrameProps {
  /** the page's title (and heading) */
  title: string;
  children: ReactNode;
}

/**
 * Every staff page: the console's bar (brand, who is signed in and their role,
 * the sections the role opens, back to the site, sign out) and, before anything else, the
 * two-factor gate: enrol, the recovery codes once, or a code for a staff session. The
 * capability the page needs is the screen's (StaffScreenCapability, from staff.page.tsx).
 */
export function StaffFrame({ title, children }: StaffFrameProps) {
  const intl = useIntl();
  const to = useLocalePath();
  const { me, codes } = useStaffSession();
  const capability = useContext(StaffScreenCapability);
  const signOut = useStaffWrite('DELETE staff/session');
  const open = staffOpens(me, null) && !codes;
  const sections = STAFF_SECTIONS.filter((section) => me.capabilities.includes(section.capability));

  let body: ReactNode;
  if (codes) body = <StaffRecoveryCodes codes={codes} />;
  else if (!me.enrolled) body = <StaffEnrol />;
  else if (!me.signedIn) body = <StaffCodeSignIn />;
  else if (capability && !me.capabilities.includes(capability))
    body = (
      <p role="alert" className={styles.alert} data-testid="staff-not-allowed">
        <FormattedMessage id="staff.notAllowed" />
      </p>
    );
  else
    body = (
      <>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </>
    );

  return (
    <div className={styles.page}>
      <PageMeta title={`${title} · ${intl.formatMessage({ id: 'staff.brand' })}`} />
      {/* never indexed nor followed (robots.txt and X-Robots-Tag say so too) */}
      <meta name="robots" content="noindex,nofollow" />
      <header className={styles.bar}>
        <Link to={to('staff')} className={styles.brand}>
          <Logo compact="mark" />
          <span className={styles.badge}>
            <FormattedMessage id="staff.brand" />
          </span>
        </Link>
        {open && (
          <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'staff.nav' })}>
            {sections.map((section) => (
              <NavLink key={section.page} to={to(section.page)} end={section.page === 'staff'}>
                <FormattedMessage id={section.navId ?? section.titleId} />
              </NavLink>
            ))}
          </nav>
        )}
        <div className={styles.tools}>
          {
            <p className={styles.who} data-testid="staff-who">
              <span className={styles.whoName} title={me.user.login ?? me.user.email}>
                {me.user.login ?? me.user.email}
              </span>
              <span className={styles.role}>
                <FormattedMessage id={`staff.role.${me.role}`} />
              </span>
            </p>
          }
          <Link to={to('home')} reloadDocument className={styles.back}>
            <FormattedMessage id="staff.backToSite" />
          </Link>
          {me.signedIn && (
            <button
              type="button"
              className={`${button('secondary')} ${styles.signOut}`}
              onClick={() => void signOut.submit()}
              disabled={signOut.pending}
              aria-label={intl.formatMessage({ id: 'staff.signOut' })}
            >
              <FormattedMessage id="staff.signOutShort" />
            </button>
          )}
        </div>
      </header>
      <main id="main" className={styles.main}>
        {body}
      </main>
    </div>
  );
}
