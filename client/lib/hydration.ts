import { useEffect } from 'react';

/**
 * When the page's first hydration is over: React hydrates the shell (Document), then every
 * HydrationBoundary region in work of its own. The entry counts the regions the server wrote
 * (React's `<!--$-->` markers, before hydration starts); the shell and each region tell when
 * they have hydrated (`useRegionHydrated`); `pageHydrated` resolves when they all have.
 */
let pending = 0;
let settle: (() => void) | null = null;
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});

function done() {
  settle?.();
  settle = null;
}

/** Counts the shell and the server's Suspense boundaries in `root`; call before hydrating. */
export function expectRegions(root: Node): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let count = 1;
  while (walker.nextNode()) if ((walker.currentNode as Comment).data === '$') count++;
  pending = count;
}

/**
 * The shell's or a region's mark that it has hydrated (its first commit); mounts after the
 * first hydration count nothing.
 */
export function useRegionHydrated(): void {
  useEffect(() => {
    if (!settle) return;
    pending--;
    if (pending <= 0) done();
  }, []);
}

/** Resolves once the shell and every region have hydrated. */
export function pageHydrated(): Promise<void> {
  return settled;
}
