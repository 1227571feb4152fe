import { type ReactNode, Suspense } from 'react';
import { ON_SERVER } from '../../lib/environment.ts';
import { useRegion, useRegionHydrated } from '../../lib/hydration.ts';

/** Renders nothing; marks its region's content hydrated (client/lib/hydration.ts). */
function Hydrated() {
  useRegionHydrated();
  return null;
}

/**
 * A region the browser hydrates on its own. React hydrates the page's shell first and each
 * boundary after it, in time-sliced work of its own (selective hydration), so no phone runs
 * the whole page's hydration as one long task; a click that lands in a region not hydrated
 * yet makes React hydrate that region first and replay the click. The server writes the
 * content in React's boundary markers; nothing inside suspends. The page counts as hydrated
 * once every such region React rendered has (client/lib/hydration.ts).
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  useRegion();
  return (
    <Suspense fallback={null}>
      {children}
      {/* the mark writes no markup: the server leaves it out */}
      {!ON_SERVER && <Hydrated />}
    </Suspense>
  );
}
