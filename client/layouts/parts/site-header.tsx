import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { pagePath } from '#shared/routes.ts';
import { shownServicePagesOf } from '#shared/service-pages.ts';
import { Dropdown, DropdownProvider } from '../../components/dropdown/dropdown.tsx';
import { HydrationBoundary } from '../../components/hydration-boundary/hydration-boundary.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import {
  type KeptProps,
  KeptSubtree,
  liveContent,
} from '../../components/static-subtree/kept-subtree.tsx';
import { selectUser } from '../../features/session/session.slice.ts';
import { CurrencySwitcher } from '../../features/visitor/currency-switcher.tsx';
import { LanguageSwitcher } from '../../features/visitor/language-switcher.tsx';
import {
  selectHiddenServicePages,
  selectMetaRestricted,
} from '../../features/visitor/visitor.slice.ts';
import { useLocale, useLocalePath } from '../../lib/locale.ts';
import { Logo } from './logo.tsx';
import { navPlatforms, PLATFORM_PAGE } from './platform-links.ts';
import styles from './site-header.module.css';

/** The storefront header: logo, per-platform service menus, language, currency, login. */
export function SiteHeader() {
  return (
    <HydrationBoundary>
      <Header />
    </HydrationBoundary>
  );
}

/**
 * Marks the document scrolled (`data-scrolled` on <html>): on phones the header then drops
 * its platform strip and is one bar (161 px of a 320 px phone's screen before).
 * The strip is out of the page's flow, so hiding it moves nothing under it.
 */
function useScrolledMark() {
  useEffect(() => {
    let queued = false;
    const mark = () => {
      queued = false;
      document.documentElement.toggleAttribute('data-scrolled', window.scrollY > 8);
    };
    const onScroll = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(mark);
    };
    mark();
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, []);
}

function Header() {
  useScrolledMark();
  const intl = useIntl();
  const to = useLocalePath();
  const locale = useLocale();
  const user = useSelector(selectUser);
  const metaRestricted = useSelector(selectMetaRestricted);
  const hidden = useSelector(selectHiddenServicePages);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          to={to('home')}
          className={styles.logo}
          aria-label={intl.formatMessage({ id: 'header.homeLink' })}
        >
          <Logo compact="narrow" />
        </Link>
        {/* on phones a strip under the bar: the strip is the menus' frame, the nav inside it
            scrolls sideways without clipping the menu that opens below the strip */}
        <KeptSubtree
          as="div"
          className={styles.strip}
          content={platformMenus}
          props={{ locale, metaRestricted, hidden }}
        />
        <div className={styles.tools}>
          <CurrencySwitcher />
          <LanguageSwitcher />
          <Link to={to(user ? 'cp' : 'login')} className={styles.login}>
            <Icon name="user" size={18} />
            <span className={styles.loginText}>
              <FormattedMessage id={user ? 'header.cabinet' : 'header.login'} />
            </span>
          </Link>
        </div>
      </div>
    </header>
  );
}

interface PlatformMenusProps extends KeptProps {
  metaRestricted: boolean;
  /** service pages not linked: the shop does not sell their service now */
  hidden: readonly string[];
}

/**
 * A menu per platform with its services; the same for every page of a language. Its links
 * are followed by the router through the kept subtree's element (kept-subtree.tsx).
 */
function PlatformMenus({ locale, metaRestricted, hidden }: PlatformMenusProps) {
  const intl = useIntl();
  const to = (id: string) => pagePath(id, locale);
  return (
    <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'header.platforms' })}>
      {navPlatforms(metaRestricted).map((platform) => (
        <Dropdown
          key={platform}
          id={`nav-${platform}`}
          align="start"
          summary={
            <>
              <span className={styles.platformIcon} data-platform={platform}>
                <PlatformIcon platform={platform} size={18} />
              </span>
              <FormattedMessage id={`platform.${platform}`} />
            </>
          }
        >
          {(close) => (
            <ul className={styles.menu}>
              <li>
                <a href={to(PLATFORM_PAGE[platform])} className={styles.menuHead} onClick={close}>
                  <FormattedMessage
                    id="header.allServices"
                    values={{ platform: intl.formatMessage({ id: `platform.${platform}` }) }}
                  />
                </a>
              </li>
              {shownServicePagesOf(platform, hidden).map((service) => (
                <li key={service.id}>
                  <a href={to(`service:${service.id}`)} className={styles.menuItem} onClick={close}>
                    <FormattedMessage id={`service.${service.id}.name`} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Dropdown>
      ))}
    </nav>
  );
}

/** Shipped and hydrated (the menus open); rendered on its own with the page's dropdown group. */
export const platformMenus = liveContent('nav', PlatformMenus, (content) => (
  // on the server every menu is closed: the group is there for the hooks only
  <DropdownProvider>{content}</DropdownProvider>
));
