import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import type { Locale } from '../../shared/locales.ts';
import { IconSpriteContext } from '../components/icons/sprite-context.ts';
import { intlFor, type Messages } from '../lib/intl.ts';
import { ViewCssContext } from '../lib/view-css.ts';
import { Document } from './document.tsx';
import type { PageAssets } from './page-state.ts';
import type { AppStore } from './store.ts';
import '../styles/tokens.css';

interface AppProps {
  store: AppStore;
  locale: Locale;
  messages: Messages;
  assets: PageAssets;
  stateJson: string;
  nonce: string | undefined;
  /** The router: StaticRouterProvider on the server, RouterProvider in the browser. */
  children: ReactNode;
}

/** The same tree on both sides: store → intl → document → router. */
export function App({ store, locale, messages, assets, stateJson, nonce, children }: AppProps) {
  return (
    <Provider store={store}>
      <RawIntlProvider value={intlFor(locale, messages)}>
        <Document locale={locale} assets={assets} state={stateJson} nonce={nonce}>
          <IconSpriteContext.Provider value={assets.sprite}>
            <ViewCssContext.Provider value={assets.viewCss}>{children}</ViewCssContext.Provider>
          </IconSpriteContext.Provider>
        </Document>
      </RawIntlProvider>
    </Provider>
  );
}
