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
import { deviceClassMeasured } from '../features/visitor/visitor.slice.ts';
import { scrollToHash } from '../lib/scroll-to-hash.ts';

/** Everything every page has: dropdown group, loading bar, hash scrolling, device class. */
export function RootShell() {
  const navigation = useNavigation();
  // read on every navigation change (useNavigation re-renders this component)
  const errors = useContext(UNSAFE_DataRouterContext)?.router.state.errors;
  const { hash, key } = useLocation();
  const dispatch = useDispatch();

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again on every navigation
  useEffect(() => scrollToHash(hash), [hash, key]);

  useEffect(() => {
    // marks the end of hydration (end-to-end tests wait for it)
    document.documentElement.dataset.hydrated = 'true';
  }, []);

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
      <LoadingBar active={navigation.state !== 'idle'} failed={Boolean(errors)} />
      <Outlet />
      <ScrollRestoration />
    </DropdownProvider>
  );
}
