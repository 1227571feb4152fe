import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import type { Locale } from '#shared/locales.ts';
import { IconSpriteContext } from '../components/icons/sprite-context.ts';
import {
  type SubtreeCache,
  SubtreeCacheContext,
} from '../components/static-subtree/kept-subtree.tsx';
import { intlFor, type Messages } from '../lib/intl.ts';
import { ViewCssContext } from '../lib/view-css.ts';
import { Document } from './document.tsx';
import type { PageAssets } from './page-state.ts';
import type { AppStore } from './store.ts';
import '../styles/tokens.css';

interface AppContextProps {
  store: AppStore;
  /**
   * The state the server rendered, which components read while they hydrate (react-redux's
   * server snapshot): a region hydrated after a saga's answer still meets the server's markup,
   * and React renders it again with the store's state right after.
   */
  serverState?: ReturnType<AppStore['getState']>;
  locale: Locale;
  messages: Messages;
  assets: PageAssets;
  children: ReactNode;
}

/** What every component may read: the store, the language's intl, the icons and styles. */
export function AppContext({
  store,
  serverState,
  locale,
  messages,
  assets,
  children,
}: AppContextProps) {
  return (
    <Provider store={store} serverState={serverState}>
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
  /** The server's kept subtrees (KeptSubtree); none in the browser. */
  subtrees?: SubtreeCache;
  /** The router: StaticRouterProvider on the server, RouterProvider in the browser. */
  children: ReactNode;
}

/** The same tree on both sides: context → document → router; the browser hydrates it all. */
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
