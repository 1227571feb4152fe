import type { ReactNode } from 'react';
import { preinit, preloadModule } from 'react-dom';
import type { Locale } from '#shared/locales.ts';
import { PAGE_STATE_ID, type PageAssets } from './page-state.ts';

/**
 * The chunks are fetched at low priority: at High (a modulepreload's default) they share a slow
 * phone's bandwidth with the stylesheets before the first paint, and Lighthouse counts them as
 * render-blocking (home's mobile FCP 2.5 → 0.9 s). React's types leave `fetchPriority` out of
 * the module preload options; its server writes every option as an attribute.
 */
const MODULE_PRELOAD = { as: 'script', fetchPriority: 'low' } as const;

interface DocumentProps {
  locale: Locale;
  assets: PageAssets;
  /** The serialised page state, already escaped for a script block. */
  state: string;
  nonce: string | undefined;
  children: ReactNode;
}

/**
 * The whole HTML document, rendered by React on the server and hydrated as-is in the
 * browser. Titles, descriptions, canonical and hreflang links come from the pages (React
 * hoists them into <head>).
 */
export function Document({ locale, assets, state, nonce, children }: DocumentProps) {
  for (const href of assets.css) preinit(href, { as: 'style', precedence: 'default' });
  for (const href of assets.modules) preloadModule(href, MODULE_PRELOAD);
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
      </head>
      <body>
        {children}
        <script
          type="application/json"
          id={PAGE_STATE_ID}
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by serializeForScript
          dangerouslySetInnerHTML={{ __html: state }}
        />
      </body>
    </html>
  );
}
