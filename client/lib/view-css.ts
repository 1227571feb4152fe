import { createContext } from 'react';

/** Stylesheets of each screen, by view name, from the build manifest. */
export const ViewCssContext = createContext<Record<string, string[]>>({});

/** The same map in the browser, where a route's lazy() reads it (set once at start). */
let browserViewCss: Record<string, string[]> = {};

export function setBrowserViewCss(viewCss: Record<string, string[]>): void {
  browserViewCss = viewCss;
}

function loaded(link: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    // a stylesheet that fails leaves the screen unstyled rather than never shown
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Links a screen's stylesheets into <head> (those the server has not linked already) and
 * resolves once they have loaded, so a client navigation never shows an unstyled screen.
 */
export async function loadViewCss(view: string): Promise<void> {
  const hrefs = browserViewCss[view] ?? [];
  await Promise.all(
    hrefs.map((href) => {
      const linked = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
        (link) => link.getAttribute('href') === href,
      );
      if (linked) return linked.sheet ? undefined : loaded(linked);
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      const done = loaded(link);
      document.head.append(link);
      return done;
    }),
  );
}
