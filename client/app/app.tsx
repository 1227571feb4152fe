import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import type { Locale } from '../../shared/locales.ts';
import { IconSpriteContext } from '../components/icons/sprite-context.ts';
import {
  type SubtreeCache,
  SubtreeCacheContext,
} from '../components/static-subtree/static-subtree.tsx';
import { intlFor, type Messages } from '../lib/intl.ts';
import { ViewCssContext } from '../lib/view-css.ts';
import { Document } from './document.tsx';
import type { PageAssets } from './page-state.ts';
import type { AppStore } from './store.ts';
import '../styles/tokens.css';

interface AppContextProps {
  store: AppStore;
  locale: Locale;
  messages: Messages;
  assets: PageAssets;
  children: ReactNode;
}

/** What every component may read: the store, the language's intl, the icons and styles. */
export function AppContext({ store, locale, messages, assets, children }: AppContextProps) {
  return (
    <Provider store={store}>
      <RawIntlProvider value={intlFor(locale, messages)}>
        <IconSpriteContext.Provider value={assets.sprite}>
          <ViewCssContext.Provider value={assets.viewCss}>{children}</ViewCssContext.Provider>
        </IconSpriteContext.Provider>
      </RawIntlProvider>
    </Provider>
  );
}

interface AppProps extends AppContextProps {
  stateJson: string;
  nonce: string | undefined;
  /** The server's finished subtrees (StaticSubtree); none in the browser. */
  subtrees?: SubtreeCache;
  /** The router: StaticRouterProvider on the server, RouterProvider in the browser. */
  children: ReactNode;
}

/**
 * The server's tree: context → document → router. The browser hydrates the body only
 * (`BodyApp`): Preact would take the head's elements that React hoisted there (stylesheets,
 * titles, preloads) for ones it does not render, and remove them.
 */
export function App({ stateJson, nonce, subtrees, children, ...context }: AppProps) {
  return (
    <AppContext {...context}>
      <SubtreeCacheContext.Provider value={subtrees ?? null}>
        <Document locale={context.locale} assets={context.assets} state={stateJson} nonce={nonce}>
          {children}
        </Document>
      </SubtreeCacheContext.Provider>
    </AppContext>
  );
}

/** The browser's tree: the server's without the document, hydrated into <body>. */
export function BodyApp({ children, ...context }: AppContextProps) {
  return (
    <AppContext {...context}>
      <SubtreeCacheContext.Provider value={null}>{children}</SubtreeCacheContext.Provider>
    </AppContext>
  );
}
