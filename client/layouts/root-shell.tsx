import { createContext, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { deviceClassByWidth } from '#shared/device.ts';
import { DropdownProvider } from '../components/dropdown/dropdown.tsx';
import { LoadingBar } from '../components/loading-bar/loading-bar.tsx';
import { analyticsActions } from '../features/analytics/analytics.actions.ts';
import { ConsentBanner } from '../features/analytics/consent-banner.tsx';
import { deviceClassMeasured } from '../features/visitor/visitor.slice.ts';
import { useOnline } from '../lib/online.ts';
import { useRouteHandle } from '../lib/route-handle.ts';
import { scrollToHash } from '../lib/scroll-to-hash.ts';

/**
 * How a page's error boundary tells the loading bar that the navigation to it failed (by the
 * location's key): the bar then ends in its failed style for that page only.
 */
export const NavigationFailed = createContext<(key: string) => void>(() => {});

/** Scrolls to the location's hash; keyed by the location, once per navigation. */
function HashScroll({ hash }: { hash: string }) {
  useEffect(() => scrollToHash(hash), [hash]);
  return null;
}

/** Everything every page has: dropdown group, loading bar, hash scrolling, device class. */
export function RootShell() {
  const navigation = useNavigation();
  const { hash, key, pathname, search } = useLocation();
  const [failedAt, setFailedAt] = useState<string | null>(null);
  const dispatch = useDispatch();
  const online = useOnline();
  const inConsole = /^staff(-|$)/.test(useRouteHandle().pageId);

  // analytics counts a page view per navigation (its saga delays it 250 ms)
  useEffect(() => {
    dispatch(analyticsActions.routeChanged(pathname + search));
  }, [dispatch, pathname, search]);

  useEffect(() => {
    // the server guessed the class from the user-agent; the browser knows the real width
    const measure = () => dispatch(deviceClassMeasured(deviceClassByWidth(window.innerWidth)));
    measure();
    window.addEventListener('resize', measure, { passive: true });
    return () => window.removeEventListener('resize', measure);
  }, [dispatch]);

  return (
    <DropdownProvider>
      <HashScroll key={key} hash={hash} />
      <a href="#main" className="visually-hidden">
        <FormattedMessage id="a11y.skipToContent" />
      </a>
      {/* the staff console is a work tool, not the shop: no customer's consent banner there */}
      {!inConsole && <ConsentBanner />}
      <LoadingBar active={navigation.state !== 'idle'} failed={failedAt === key} />
      {!online && (
        <p className="offline-banner" role="status" data-testid="offline-banner">
          <FormattedMessage id="offline.banner" />
        </p>
      )}
      <NavigationFailed.Provider value={setFailedAt}>
        <Outlet />
      </NavigationFailed.Provider>
      <ScrollRestoration />
    </DropdownProvider>
  );
}
