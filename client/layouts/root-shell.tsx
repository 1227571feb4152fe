import { useContext, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import {
  Outlet,
  ScrollRestoration,
  UNSAFE_DataRouterContext,
  useLocation,
  useNavigation,
} from 'react-router';
import { deviceClassByWidth } from '../../shared/device.ts';
import { DropdownProvider } from '../components/dropdown/dropdown.tsx';
import { LoadingBar } from '../components/loading-bar/loading-bar.tsx';
import { analyticsActions } from '../features/analytics/analytics.actions.ts';
import { ConsentBanner } from '../features/analytics/consent-banner.tsx';
import { deviceClassMeasured } from '../features/visitor/visitor.slice.ts';
import { useOnline } from '../lib/online.ts';
import { useRouteHandle } from '../lib/route-handle.ts';
import { scrollToHash } from '../lib/scroll-to-hash.ts';

/** Everything every page has: dropdown group, loading bar, hash scrolling, device class. */
export function RootShell() {
  const navigation = useNavigation();
  // read on every navigation change (useNavigation re-renders this component)
  const errors = useContext(UNSAFE_DataRouterContext)?.router.state.errors;
  const { hash, key, pathname, search } = useLocation();
  const dispatch = useDispatch();
  const online = useOnline();
  const inConsole = /^staff(-|$)/.test(useRouteHandle().pageId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again on every navigation
  useEffect(() => scrollToHash(hash), [hash, key]);

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
      <a href="#main" className="visually-hidden">
        <FormattedMessage id="a11y.skipToContent" />
      </a>
      {/* the staff console is a work tool, not the shop: no customer's consent banner there */}
      {!inConsole && <ConsentBanner />}
      <LoadingBar active={navigation.state !== 'idle'} failed={Boolean(errors)} />
      {!online && (
        <p className="offline-banner" role="status" data-testid="offline-banner">
          <FormattedMessage id="offline.banner" />
        </p>
      )}
      <Outlet />
      <ScrollRestoration />
    </DropdownProvider>
  );
}
