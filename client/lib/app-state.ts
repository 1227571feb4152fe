import type { CurrencyRate } from '#shared/api-contract/catalog.ts';
import type { Currency } from '#shared/regions.ts';
import type { PublicUser } from '#shared/user.ts';
import type { VisitorState } from '#shared/visitor.ts';
import { actionCreator } from './slice.ts';

/**
 * Selectors of the state every feature reads (the visitor the server saw, the signed-in
 * user): here, so that features read it through one spelling without importing each other
 * (docs/architecture.md); the visitor and session slices own the reducers.
 */
type WithVisitor = { visitor: VisitorState };

/**
 * The shop's rates reached the browser (GET currencies/data): the visitor slice keeps them
 * (its `ratesLoaded` case); any feature that asked for them anew (a charge refused because
 * the rate moved) tells it with this action.
 */
export const ratesLoaded = actionCreator<CurrencyRate[]>('visitor/ratesLoaded');

/** The latest currency rates the browser has (null until the first refresh). */
export const selectRates = (state: { visitor: { rates?: CurrencyRate[] } }) =>
  state.visitor.rates ?? null;

export const selectVisitor = (state: WithVisitor) => state.visitor;
export const selectPublicUrl = (state: WithVisitor) => state.visitor.publicUrl;
export const selectCurrency = (state: WithVisitor) => state.visitor.currency as Currency;
export const selectRegion = (state: WithVisitor) => state.visitor.region;
export const selectMetaRestricted = (state: WithVisitor) => state.visitor.metaRestricted;
/** Service pages the shop does not sell now: never linked (shared/service-pages.ts). */
export const selectHiddenServicePages = (state: WithVisitor) => state.visitor.hiddenServicePages;
export const selectSocialProviders = (state: WithVisitor) => state.visitor.socialProviders;
export const selectUser = (state: { session: { user: PublicUser | null } }) => state.session.user;
