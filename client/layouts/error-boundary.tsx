import { useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { DefaultLayout } from './default-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { NavigationFailed } from './root-shell.tsx';

/** Errors of a page (a 404 from a validate hook, a failed loader) inside the site chrome. */
export function LayoutErrorBoundary() {
  // the loading bar ends in its failed style on this page
  const failed = useContext(NavigationFailed);
  const { key } = useLocation();
  useEffect(() => failed(key), [failed, key]);
  return (
    <DefaultLayout>
      <ErrorPage />
    </DefaultLayout>
  );
}

/** Errors of a layout itself: the bare error page, so nothing that failed renders again. */
export function RootErrorBoundary() {
  return (
    <main id="main">
      <ErrorPage />
    </main>
  );
}
