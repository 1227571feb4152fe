import type { StaticHandlerContext } from 'react-router';
import type { PageState } from '#client/app/page-state.ts';
import { createStore } from '#client/app/store.ts';
import { registerMessageSet } from '#client/lib/intl.ts';
import { LOCALES } from '#shared/locales.ts';
import { MESSAGE_SETS } from '#shared/message-sets.ts';
import { serializeForScript } from '#shared/serialize.ts';
import type { PublicUser } from '#shared/user.ts';
import type { VisitorState } from '#shared/visitor.ts';
import { PAGE_SET_MESSAGES } from '../lib/messages.ts';
import type { Assets } from './assets.ts';
import { hydrationData } from './hydration-data.ts';

// the server has every message set of every language at hand; the browser loads its own chunks
for (const set of MESSAGE_SETS)
  for (const locale of LOCALES) registerMessageSet(set, locale, PAGE_SET_MESSAGES[set][locale]);

/**
 * A page's store and the state the browser starts from (the store's, the router's hydration
 * data, the page's assets), serialised for the page's state block.
 */
export function pageState(
  context: StaticHandlerContext,
  visitor: VisitorState,
  user: PublicUser | null,
  assets: Assets,
) {
  // the browser knows its own user agent: leaving it out keeps pages shareable in the cache
  const store = createStore({
    visitor: { ...visitor, device: { ...visitor.device, userAgent: '' } },
    session: { user },
  });
  const pageAssets = assets.forMatches(context.matches, visitor.locale);
  const state: PageState = {
    store: store.getState(),
    router: hydrationData(context),
    assets: pageAssets,
  };
  return { store, pageAssets, stateJson: serializeForScript(state) };
}
