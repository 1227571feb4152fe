import { type ReactNode, Suspense } from 'react';
import { nextTask } from '../next-task.ts';

const onServer = typeof document === 'undefined';

/** The waits of the regions left for later, while the page's first hydration runs. */
let waiting: Promise<void>[] | null = null;

/**
 * Runs the page's first hydration, leaving each HydrateLater region for a task of its own;
 * resolves once they have all hydrated.
 */
export async function asFirstHydration(hydrate: () => void): Promise<void> {
  const regions: Promise<void>[] = [];
  waiting = regions;
  try {
    hydrate();
  } finally {
    waiting = null;
  }
  await Promise.all(regions);
  // each region renders once its wait settles: a task later, they all have
  await nextTask();
}

/**
 * Suspends once, during the first hydration only. Preact then keeps the server's element in
 * place and hydrates it when the wait settles, in a timer task of its own. Its hooks' state is
 * dropped on suspending, so the flag, not state, says whether to wait.
 */
function Gate({ children }: { children: ReactNode }) {
  if (waiting) {
    const wait = nextTask();
    waiting.push(wait);
    throw wait;
  }
  return children;
}

/**
 * Hydrates `children` in a task after the page's first hydration (so that a slow phone never
 * runs the whole page's hydration as one long task); renders them at once at any other time,
 * and on the server.
 * `children` must be one element: Preact keeps one server node while it waits. The page's
 * store holds its actions until every region has hydrated (client/app/store.ts), so a region
 * hydrates against the state the server rendered.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  // the server writes the content as it is (a Suspense boundary would add React's markers)
  if (onServer) return children;
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
