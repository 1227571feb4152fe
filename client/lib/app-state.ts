import type { Currency } from '../../shared/regions.ts';
import type { PublicUser } from '../../shared/user.ts';
import type { VisitorState } from '../../shared/visitor.ts';

/**
 * Selectors of the state every feature reads (the visitor the server saw, the signed-in
 * user): here, so that features read it through one spelling without importing each other
 * (DESIGN §3); the visitor and session slices own the reducers.
 */
type WithVisitor = { visitor: VisitorState };

export const selectVisitor = (state: WithVisitor) => state.visitor;
export const selectPublicUrl = (state: WithVisitor) => state.visitor.publicUrl;
export const selectCurrency = (state: WithVisitor) => state.visitor.currency as Currency;
export const selectRegion = (state: WithVisitor) => state.visitor.region;
export const selectMetaRestricted = (state: WithVisitor) => state.visitor.metaRestricted;
/** Service pages the shop does not sell now: never linked (shared/service-pages.ts). */
export const selectHiddenServicePages = (state: WithVisitor) => state.visitor.hiddenServicePages;
export const selectSocialProviders = (state: WithVisitor) => state.visitor.socialProviders;
export const selectUser = (state: { session: { user: PublicUser | null } }) => state.session.user;
