/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { act, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
// the server's renderer (the browser's needs a MessageChannel, which jsdom has not)
import { renderToString } from 'react-dom/server.node';
import { HydrationBoundary } from '../components/hydration-boundary/hydration-boundary.tsx';
import { HydrationRoot, pageHydration } from './hydration.ts';

/** A part of the page that notes when its content has been hydrated. */
function Part({ name, log }: { name: string; log: string[] }) {
  useEffect(() => {
    log.push(name);
  }, [log, name]);
  return <p>{name}</p>;
}

function Page({ log }: { log: string[] }) {
  return (
    <main>
      <Part name="shell" log={log} />
      <HydrationBoundary>
        <Part name="header" log={log} />
      </HydrationBoundary>
      <HydrationBoundary>
        <div>
          <HydrationBoundary>
            <Part name="menu" log={log} />
          </HydrationBoundary>
          <Part name="form" log={log} />
        </div>
      </HydrationBoundary>
    </main>
  );
}

async function hydrate(page: (log: string[]) => React.ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page([]));
  document.body.append(container);
  const hydration = pageHydration();
  const log: string[] = [];
  let seenWhenHydrated: string[] | null = null;
  void hydration.hydrated.then(() => {
    seenWhenHydrated = [...log];
  });
  await act(async () => {
    startTransition(() => {
      hydrateRoot(container, <HydrationRoot hydration={hydration}>{page(log)}</HydrationRoot>);
    });
  });
  await hydration.hydrated;
  return { log, seenWhenHydrated: seenWhenHydrated as string[] | null };
}

describe('pageHydration', () => {
  it('resolves once the shell and every Suspense region React rendered have hydrated', async () => {
    const { log, seenWhenHydrated } = await hydrate((log) => <Page log={log} />);
    // React hydrates the shell first and each region after it
    expect(log[0]).toBe('shell');
    expect([...seenWhenHydrated!].sort()).toEqual(['form', 'header', 'menu', 'shell']);
  });

  it('resolves after the shell when the page has no region', async () => {
    const { seenWhenHydrated } = await hydrate((log) => <Part name="shell" log={log} />);
    expect(seenWhenHydrated).toEqual(['shell']);
  });

  it('does not resolve while a region has not hydrated', async () => {
    const hydration = pageHydration();
    let resolved = false;
    void hydration.hydrated.then(() => {
      resolved = true;
    });
    hydration.region();
    hydration.shellHydrated();
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(false);
    hydration.regionHydrated();
    await hydration.hydrated;
    expect(resolved).toBe(true);
  });
});
