import type { ReactNode } from 'react';
import { preinit, preloadModule } from 'react-dom';
import type { Locale } from '../../shared/locales.ts';
import { PAGE_STATE_ID, type PageAssets } from './page-state.ts';

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
/** The brand mark as a data URI: no extra request, nothing to cache-bust. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%235b3df5'/%3E%3Cpath d='M9 20.5l5-9 4 6 2.5-4 3.5 7' stroke='white' stroke-width='2.6' fill='none' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E";

export function Document({ locale, assets, state, nonce, children }: DocumentProps) {
  for (const href of assets.css) preinit(href, { as: 'style', precedence: 'default' });
  for (const href of assets.modules) preloadModule(href, { as: 'script' });
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href={FAVICON} type="image/svg+xml" />
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
