import { EMAIL_PATTERN } from '#shared/auth-rules.ts';
import {
  byTypeOrder,
  type CatalogPlatform,
  type Client,
  type CostPair,
  DRIP_FEED,
  isAutoType,
  MAX_LINKS,
  MAX_POSTS,
  orderLimits,
  orderLines,
  type PriceTable,
  type ServiceView,
} from '#shared/catalog.ts';
import { QUANTITY_PRESETS } from '#shared/constants.ts';
import type { Rate } from '#shared/currency-conversion.ts';
import type { checkLink, LinkKind } from '#shared/link-rules.ts';
import {
  BALANCE_METHOD_ID,
  type MethodsOffer,
  type PaymentMethodsData,
  type ShownMethod,
} from '#shared/payment-methods.ts';
import { META_PLATFORMS, PLATFORMS, type Platform } from '#shared/platforms.ts';
import { pricedCount } from '#shared/pricing.ts';
import type { Currency } from '#shared/regions.ts';
import type { PublicUser } from '#shared/user.ts';
import type { VisitorState } from '#shared/visitor.ts';
import type { Choice, Numerosity } from './order-form.choice.ts';

/** What the form looked up is keyed by: a platform's services, a count's price. */
export const servicesKey = (client: Client, platform: string) => `${client}|${platform}`;
export const quoteKey = (quote: {
  tag: string;
  count: number;
  currency: Currency;
  client: Client;
}) => `${quote.currency}|${quote.client}|${quote.tag}|${quote.count}`;

/** What the form derives from the buyer's choice (order-form.choice.ts) by the shared rules. */
export const DEFAULT_POSTS = 10;
/** The usual first order, chosen until the buyer picks a quantity. */
const DEFAULT_QUANTITY = 1000;

/** The form's page, its buyer and what it knows of their payment (shared/payment-methods.ts). */
export interface FormContext extends MethodsOffer {
  pagePlatform: CatalogPlatform;
  pageService: string | null;
  /** the platform's services (null while they load) */
  services: ServiceView[] | null;
  staff: boolean;
  client: Client;
  metaRestricted: boolean;
}

/** The picker's platforms: all six (less Meta's when restricted), and FAKE for staff. */
export function platformsFor(staff: boolean, metaRestricted: boolean): CatalogPlatform[] {
  const shown: CatalogPlatform[] = PLATFORMS.filter(
    (platform: Platform) => !metaRestricted || !META_PLATFORMS.includes(platform),
  );
  return staff ? [...shown, 'fake'] : shown;
}

const within = (value: number, min: number, max: number) => value >= min && value <= max;

export type Selection = ReturnType<typeof selectionOf>;

/** What the form shows and prices, from what was chosen and what the page preselects. */
export function selectionOf(state: Choice, context: FormContext) {
  const platforms = platformsFor(context.staff, context.metaRestricted);
  const platform =
    [state.platform, context.pagePlatform].find((entry) => entry && platforms.includes(entry)) ??
    platforms[0]!;
  const singles = (context.services ?? []).filter((entry) => !entry.tag.includes('_MULTI'));
  const find = (tag: string | null) => singles.find((entry) => entry.tag === tag);
  const service =
    find(state.service) ??
    (platform === context.pagePlatform ? find(context.pageService) : undefined) ??
    [...singles].sort((a, b) => byTypeOrder(a.type, b.type))[0] ??
    null;
  const cabinet = context.client === 'CLIENT_LK';
  const canMultiple = Boolean(service?.multi);
  const numerosity: Numerosity = canMultiple ? state.numerosity : 'single';
  const tag = service ? (numerosity === 'multiple' ? service.multi : service.tag) : null;
  const auto = service ? isAutoType(service.type) : false;
  const limits = orderLimits(service, context.staff);
  const presets = QUANTITY_PRESETS.filter((value) => within(value, limits.min, limits.max));
  const fallback = presets.includes(DEFAULT_QUANTITY)
    ? DEFAULT_QUANTITY
    : (presets[0] ?? limits.min);
  // the cabinet's comment orders bring their comments, whose count is the quantity
  const customComments = cabinet && service?.type === 'COMMENTS';
  const comments = customComments ? orderLines(state.comments) : [];
  const quantity = customComments
    ? comments.length || null
    : (state.quantity ?? (state.customQuantity ? null : fallback));
  const posts = state.quantityPosts ?? DEFAULT_POSTS;
  // the cabinet's subscription for every new post is priced per post: what each post order costs
  const open = cabinet && auto && state.everyPost;
  // the cabinet orders auto services as a range per post, priced at its average
  const quantityMax = cabinet && auto && quantity !== null ? (state.quantityMax ?? quantity) : null;
  const links = orderLines(state.input);
  const dripFeedable = cabinet && numerosity === 'single' && service !== null;
  const dripFeed =
    dripFeedable && state.dripFeed
      ? { runs: state.runs ?? 0, interval: state.runInterval ?? 0 }
      : null;
  const dripOk =
    !dripFeed ||
    (within(dripFeed.runs, DRIP_FEED.minRuns, DRIP_FEED.maxRuns) &&
      within(dripFeed.interval, DRIP_FEED.minInterval, DRIP_FEED.maxInterval));
  const maxOk = quantityMax === null || within(quantityMax, quantity ?? 0, limits.max);
  const priced =
    quantity !== null &&
    within(quantity, limits.min, limits.max) &&
    maxOk &&
    (auto ? open || within(posts, 1, MAX_POSTS) : dripOk);
  const count = priced
    ? pricedCount({
        auto,
        quantity,
        most: quantityMax,
        posts: open ? 1 : posts,
        links: numerosity === 'multiple' ? Math.min(links.length || 1, MAX_LINKS) : 1,
        runs: dripFeed?.runs,
      })
    : null;
  const { currency, client } = context;
  return {
    platform,
    platforms,
    types: [...new Set(singles.map((entry) => entry.type))].sort(byTypeOrder),
    ofType: service ? singles.filter((entry) => entry.type === service.type) : [],
    service,
    numerosity,
    canMultiple,
    tag,
    auto,
    limits,
    presets,
    quantity,
    posts,
    open,
    quantityMax,
    customComments,
    comments,
    links,
    dripFeedable,
    dripFeed,
    count,
    quoteKey: tag && count !== null ? quoteKey({ tag, count, currency, client }) : null,
  };
}

/** What a form's page gives it: its platform, its services and the guests' prices at the presets. */
export type OrderFormData = Pick<PageFacts, 'platform' | 'informers'> & { services: ServiceView[] };

/** The page a form is on, as its loader gave it (the cabinet looks its services up). */
export interface PageFacts {
  platform: CatalogPlatform;
  service: string | null;
  client: Client;
  services: ServiceView[] | null;
  informers: PriceTable;
}

/**
 * What the form looked up (client/lib/look-ups.ts): services by servicesKey, quotes by
 * quoteKey, and the methods of its currency and of the one it pays in (usePaymentMethods).
 */
export interface Looked {
  services: Partial<Record<string, ServiceView[]>>;
  methods: { methods: PaymentMethodsData | null; payMethods: PaymentMethodsData | null };
  quotes: Readonly<Record<string, CostPair>>;
}

/** The currency the form prices in (an account's, else the site's) and the one it pays in. */
export function currenciesOf(
  state: Pick<Choice, 'payCurrency'>,
  user: PublicUser | null,
  visitor: Pick<VisitorState, 'currency'>,
) {
  const currency = (user?.cur ?? visitor.currency) as Currency;
  // only an account pays in another currency than its prices' (a guest switches the site's)
  const payCurrency =
    user && state.payCurrency && state.payCurrency !== currency ? state.payCurrency : null;
  return { currency, payCurrency };
}

/**
 * What the form shows from the choice on its page, for the user (or the visitor), with what
 * it looked up: the page brings its platform's services and the guests' prices at the presets.
 */
export function formView(
  state: Choice,
  page: PageFacts,
  user: PublicUser | null,
  visitor: Pick<VisitorState, 'currency' | 'metaRestricted'> & { rates?: readonly Rate[] },
  looked: Looked,
) {
  const { currency, payCurrency } = currenciesOf(state, user, visitor);
  const platform = state.platform ?? page.platform;
  const storefront = page.client !== 'CLIENT_LK';
  const context: FormContext = {
    pagePlatform: page.platform,
    pageService: page.service,
    services:
      storefront && platform === page.platform && page.services
        ? page.services
        : (looked.services[servicesKey(page.client, platform)] ?? null),
    staff: Boolean(user?.isStaff),
    loggedIn: Boolean(user),
    balance: user?.balance ?? 0,
    currency,
    client: page.client,
    methods: looked.methods.methods,
    payCurrency,
    payMethods: payCurrency ? looked.methods.payMethods : null,
    rates: visitor.rates ?? null,
    metaRestricted: visitor.metaRestricted,
  };
  const selection = selectionOf(state, context);
  const key = selection.quoteKey;
  const guest = storefront && !user;
  const pair: CostPair | null =
    (key && (looked.quotes[key] ?? (guest ? quotesFromInformers(page.informers)[key] : null))) ||
    null;
  return { context, selection, pair };
}

/** Where the cabinet's balance stands against the price (null off the cabinet or unpriced). */
export type BalanceStanding = 'covered' | 'short' | null;

/**
 * The method paid with and whether the panel shows: the chosen method while it is shown and
 * enabled, else the cabinet's balance while it covers the price. The cabinet shows the panel
 * once it has a price, unless the buyer hid it at this price (`declinedAt`): then it stays
 * hidden and the balance is not chosen behind their back.
 */
export function methodsInEffect(
  state: Pick<Choice, 'method' | 'methodsVisible' | 'declinedAt'>,
  shown: ShownMethod[],
  at: { standing: BalanceStanding; quoteKey: string | null; priced: boolean },
) {
  const declined = state.declinedAt === (at.quoteKey ?? '');
  const chosen = shown.find((entry) => entry.method.id === state.method);
  const method =
    chosen && !chosen.state.disabled
      ? chosen.method.id
      : at.standing === 'covered' && !declined
        ? BALANCE_METHOD_ID
        : null;
  const opened = (at.standing !== null || at.priced) && !declined;
  return { method, visible: state.methodsVisible || opened };
}

export function balanceStanding(
  context: Pick<FormContext, 'client' | 'loggedIn' | 'balance'>,
  shown: ShownMethod[],
  price: number | null,
): BalanceStanding {
  if (context.client !== 'CLIENT_LK' || !context.loggedIn || price === null) return null;
  if (price > context.balance) return 'short';
  return shown.some((entry) => entry.method.id === BALANCE_METHOD_ID) ? 'covered' : null;
}

/** Message keys of the form's problems by field (shown once the buyer tried to pay). */
export type FormErrors = Partial<Record<string, string>>;

/** The link rules (shared/link-rules.ts), which the form loads once it is live. */
export type CheckLink = typeof checkLink;

/**
 * `checking`: a short link is being followed, or the link rules are on their way: the link is
 * checked once both are there.
 */
export function errorsOf(
  state: Choice,
  selection: Selection,
  context: FormContext,
  shown: ShownMethod[],
  checking = false,
  checkLink: CheckLink | null = null,
): FormErrors {
  const errors: FormErrors = {};
  const { service, limits, quantity, quantityMax, comments, dripFeed: drip } = selection;
  if (!service) errors.service = 'order.error.service';
  else {
    const kinds = service.link_kinds as LinkKind[];
    const multiple = selection.numerosity === 'multiple';
    const lines = multiple ? selection.links : [state.input];
    if (lines.every((line) => !line.trim())) errors.input = 'order.error.inputRequired';
    else if (multiple && lines.length > MAX_LINKS) errors.input = 'order.error.tooManyLinks';
    else if (kinds.length && service.platform !== 'fake' && !checking && checkLink) {
      const bad = lines.some((line) => !checkLink(service.platform as Platform, kinds, line).ok);
      if (bad) errors.input = `order.error.link.${kinds.join('-')}`;
    }
  }
  if (selection.customComments) {
    if (!comments.length) errors.comments = 'order.error.commentsRequired';
    else if (!within(comments.length, limits.min, limits.max))
      errors.comments = 'order.error.commentsRange';
  }
  // a custom entry that is not a whole number leaves no quantity
  else if (quantity === null) errors.quantity = 'order.error.integer';
  else if (!within(quantity, limits.min, limits.max)) errors.quantity = 'order.error.range';
  if (quantityMax !== null && quantity !== null && !within(quantityMax, quantity, limits.max))
    errors.quantityMax = 'order.error.quantityMax';
  if (selection.auto && !selection.open && !within(selection.posts, 1, MAX_POSTS))
    errors.posts = 'order.error.posts';
  // every new post runs until a last day the buyer gives
  if (selection.open && !state.expiry) errors.expiry = 'order.error.expiryRequired';
  if (drip && !within(drip.runs, DRIP_FEED.minRuns, DRIP_FEED.maxRuns))
    errors.runs = 'order.error.runs';
  if (drip && !within(drip.interval, DRIP_FEED.minInterval, DRIP_FEED.maxInterval))
    errors.runInterval = 'order.error.runInterval';
  const email = state.email.trim();
  if (!context.loggedIn && !email) errors.email = 'order.error.email';
  else if (!context.loggedIn && !new RegExp(EMAIL_PATTERN).test(email))
    errors.email = 'order.error.emailInvalid';
  const chosen = shown.find((entry) => entry.method.id === state.method);
  if (!chosen || chosen.state.disabled) errors.method = 'order.error.method';
  else if (chosen.method.show_agreement_flag && state.agreement !== true)
    errors.agreement = 'order.error.agreement';
  return errors;
}

const quotesOfTable = new WeakMap<PriceTable, Record<string, CostPair>>();

/**
 * informers/tiny's table as guests' quotes, keyed like the look-ups; made once per table (on
 * the server every render of a page shares the catalogue's table).
 */
export function quotesFromInformers(table: PriceTable): Readonly<Record<string, CostPair>> {
  let quotes = quotesOfTable.get(table);
  if (quotes) return quotes;
  quotes = {};
  for (const [currency, byTag] of Object.entries(table) as [Currency, PriceTable[Currency]][])
    for (const [tag, byCount] of Object.entries(byTag ?? {}))
      for (const [count, { cost, discount }] of Object.entries(byCount))
        quotes[quoteKey({ tag, count: Number(count), currency, client: 'CLIENT_MAIN' })] = [
          cost,
          discount,
        ];
  quotesOfTable.set(table, quotes);
  return quotes;
}
