import { DefaultLayout } from './default-layout.tsx';
import { ErrorPage } from './error-page.tsx';

/** Errors of a page (a 404 from a validate hook, a failed loader) inside the site chrome. */
export function LayoutErrorBoundary() {
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
