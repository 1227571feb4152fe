import { createContext, createElement, type ReactNode, useContext, useEffect } from 'react';

/**
 * When the page's first hydration is over, as React tells it: React hydrates the shell in one
 * pass and each `<Suspense>` region (HydrationBoundary) in a pass of its own, later. Every
 * region React renders in the shell's pass says so in an effect outside its boundary
 * (`useRegion`, run with the shell's commit); an effect inside the boundary runs once its
 * content has hydrated (`useRegionHydrated`). The root's effect runs after every other effect
 * of the shell's commit, so by then each region the server wrote has said it is there.
 */
export interface PageHydration {
  /** resolves once the shell and every region in it have hydrated */
  readonly hydrated: Promise<void>;
  region(): void;
  regionHydrated(): void;
  shellHydrated(): void;
}

export function pageHydration(): PageHydration {
  let pending = 0;
  let shell = false;
  let settle: () => void = () => {};
  const hydrated = new Promise<void>((resolve) => {
    settle = resolve;
  });
  // once the commit's effects have all run: a region inside another one says it is there in
  // the same commit as its parent's content says it has hydrated
  const check = () =>
    queueMicrotask(() => {
      if (shell && pending === 0) settle();
    });
  return {
    hydrated,
    region: () => {
      pending++;
    },
    regionHydrated: () => {
      pending--;
      check();
    },
    shellHydrated: () => {
      shell = true;
      check();
    },
  };
}

const HydrationContext = createContext<PageHydration | null>(null);

/**
 * The root of the hydrated tree (client/app/start.tsx): its effect runs after its whole first
 * commit, the shell's. Renders no markup of its own.
 */
export function HydrationRoot({
  hydration,
  children,
}: {
  hydration: PageHydration;
  children: ReactNode;
}) {
  useEffect(() => hydration.shellHydrated(), [hydration]);
  return createElement(HydrationContext.Provider, { value: hydration }, children);
}

/** A region's mark outside its boundary: it is part of the first hydration. */
export function useRegion(): void {
  const hydration = useContext(HydrationContext);
  useEffect(() => {
    hydration?.region();
  }, [hydration]);
}

/** A region's mark inside its boundary: its content has hydrated. */
export function useRegionHydrated(): void {
  const hydration = useContext(HydrationContext);
  useEffect(() => {
    hydration?.regionHydrated();
  }, [hydration]);
}
