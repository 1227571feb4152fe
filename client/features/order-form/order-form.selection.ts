import { EMAIL_PATTERN } from '../../../shared/auth-rules.ts';
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
  type PriceTable,
  type ServiceType,
  type ServiceView,
} from '../../../shared/catalog.ts';
import { QUANTITY_PRESETS } from '../../../shared/constants.ts';
import { convertMinor, type Rate } from '../../../shared/currency-conversion.ts';
import { checkLink, type LinkKind } from '../../../shared/link-rules.ts';
import {
  BALANCE_METHOD_ID,
  balanceAvailable,
  type MethodState,
  methodState,
  type PaymentMethod,
  type PaymentMethodsData,
} from '../../../shared/payment-methods.ts';
import { PLATFORMS, type Platform } from '../../../shared/platforms.ts';
import { autoQuantity } from '../../../shared/pricing.ts';
import type { Currency } from '../../../shared/regions.ts';
import type { PublicUser } from '../../../shared/user.ts';
import type { VisitorState } from '../../../shared/visitor.ts';
import type { Choice, Numerosity } from './order-form.choice.ts';
import { quoteKey, servicesKey } from './order-form.routes.ts';

/** Posts an auto order covers until the buyer says otherwise. */
export const DEFAULT_POSTS = 10;
/** The preset chosen until the buyer picks one: the usual first order. */
const DEFAULT_QUANTITY = 1000;

export interface FormContext {
  /** the page's platform and, on a service page, its service */
  pagePlatform: CatalogPlatform;
  pageService: string | null;
  /** services of the platform in effect (null while they load) */
  services: ServiceView[] | null;
  staff: boolean;
  loggedIn: boolean;
  /** minor units of the user's currency */
  balance: number;
  currency: Currency;
  client: Client;
  methods: PaymentMethodsData | null;
  /** an account paying by a method of another currency (null: its own, or a guest) */
  payCurrency: Currency | null;
  /** that currency's methods (null while they load) */
  payMethods: PaymentMethodsData | null;
  /** the shop's rates the browser has (null until they come) */
  rates: readonly Rate[] | null;
  /** the meta restriction hides Instagram and Threads */
  metaRestricted: boolean;
}

/**
 * What an account paying in `payCurrency` is charged for `price` of its own currency, at the
 * shop's rate (the server charges the same: shared/currency-conversion.ts); null when it pays
 * in its own, or while the price or the rates are on their way.
 */
export function chargeOf(context: FormContext, price: number | null): number | null {
  if (!context.payCurrency || price === null || !context.rates) return null;
  return convertMinor(price, context.currency, context.payCurrency, context.rates);
}

export interface Selection {
  platform: CatalogPlatform;
  platforms: CatalogPlatform[];
  types: ServiceType[];
  /** services of the type in effect */
  ofType: ServiceView[];
  service: ServiceView | null;
  numerosity: Numerosity;
  canMultiple: boolean;
  tag: string | null;
  auto: boolean;
  limits: { min: number; max: number };
  presets: number[];
  quantity: number | null;
  posts: number;
  /** the cabinet's auto range: the most per post (the least is `quantity`) */
  quantityMax: number | null;
  /** the cabinet's comment orders: their own comments, whose count is the quantity */
  customComments: boolean;
  comments: string[];
  links: string[];
  /** the cabinet's drip-feed: possible (one link, the cabinet), and its runs and interval when on */
  dripFeedable: boolean;
  dripFeed: { runs: number; interval: number } | null;
  /** the count priced: quantity, × posts for auto, × links for multiple, × runs for drip-feed */
  count: number | null;
  quoteKey: string | null;
}

const META: readonly string[] = ['instagram', 'threads'];

/** The platforms the picker offers: all six (less Meta's when restricted), FAKE for staff. */
export function platformsFor(staff: boolean, metaRestricted: boolean): CatalogPlatform[] {
  const shown: CatalogPlatform[] = PLATFORMS.filter(
    (platform: Platform) => !metaRestricted || !META.includes(platform),
  );
  return staff ? [...shown, 'fake'] : shown;
}

function linesOf(input: string): string[] {
  return input
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** What the form shows and prices, from what was chosen and what the page preselects. */
export function selectionOf(state: Choice, context: FormContext): Selection {
  const platforms = platformsFor(context.staff, context.metaRestricted);
  const platform =
    state.platform && platforms.includes(state.platform)
      ? state.platform
      : platforms.includes(context.pagePlatform)
        ? context.pagePlatform
        : platforms[0]!;
  const services = context.services ?? [];
  const find = (tag: string | null) =>
    tag
      ? services.find((service) => service.tag === tag && !service.tag.includes('_MULTI'))
      : undefined;
  const singles = services.filter((service) => !service.tag.includes('_MULTI'));
  const service =
    find(state.service) ??
    (platform === context.pagePlatform ? find(context.pageService) : undefined) ??
    [...singles].sort((a, b) => byTypeOrder(a.type, b.type))[0] ??
    null;
  const types = [...new Set(singles.map((entry) => entry.type))].sort(byTypeOrder);
  const ofType = service ? singles.filter((entry) => entry.type === service.type) : [];
  const canMultiple = Boolean(service?.multi);
  const numerosity: Numerosity = canMultiple ? state.numerosity : 'single';
  const tag = service ? (numerosity === 'multiple' ? service.multi : service.tag) : null;
  const auto = service ? isAutoType(service.type) : false;
  const limits = orderLimits(service, context.staff);
  const presets = QUANTITY_PRESETS.filter((value) => value >= limits.min && value <= limits.max);
  const fallback = presets.includes(DEFAULT_QUANTITY)
    ? DEFAULT_QUANTITY
    : (presets[0] ?? limits.min);
  const cabinet = context.client === 'CLIENT_LK';
  const customComments = cabinet && service?.type === 'COMMENTS';
  const comments = customComments ? linesOf(state.comments) : [];
  const quantity = customComments
    ? comments.length || null
    : (state.quantity ?? (state.customQuantity ? null : fallback));
  const posts = state.quantityPosts ?? DEFAULT_POSTS;
  // the cabinet orders auto services as a range per post, priced at its average
  const quantityMax = cabinet && auto && quantity !== null ? (state.quantityMax ?? quantity) : null;
  const links = linesOf(state.input);
  // the cabinet's options (cabinet-order-options.tsx) offer drip-feed where the service
  // takes it, and a new service turns it off (serviceChosen)
  const dripFeedable = cabinet && numerosity === 'single' && service !== null;
  const dripFeed =
    dripFeedable && state.dripFeed
      ? { runs: state.runs ?? 0, interval: state.runInterval ?? 0 }
      : null;
  const dripOk =
    !dripFeed ||
    (dripFeed.runs >= DRIP_FEED.minRuns &&
      dripFeed.runs <= DRIP_FEED.maxRuns &&
      dripFeed.interval >= DRIP_FEED.minInterval &&
      dripFeed.interval <= DRIP_FEED.maxInterval);
  let count: number | null = null;
  const maxOk =
    quantityMax === null || (quantityMax >= (quantity ?? 0) && quantityMax <= limits.max);
  if (quantity !== null && quantity >= limits.min && quantity <= limits.max && maxOk) {
    if (auto)
      count =
        posts >= 1 && posts <= MAX_POSTS
          ? autoQuantity(quantity, quantityMax ?? quantity, posts)
          : null;
    else if (numerosity === 'multiple')
      count = quantity * Math.min(Math.max(links.length, 1), MAX_LINKS);
    else count = dripFeed ? (dripOk ? quantity * dripFeed.runs : null) : quantity;
  }
  return {
    platform,
    platforms,
    types,
    ofType,
    service,
    numerosity,
    canMultiple,
    tag,
    auto,
    limits,
    presets,
    quantity,
    posts,
    quantityMax,
    customComments,
    comments,
    links,
    dripFeedable,
    dripFeed,
    count,
    quoteKey:
      tag && count !== null
        ? quoteKey({ tag, count, currency: context.currency, client: context.client })
        : null,
  };
}

/** The page a form is on, as its loader gave it. */
export interface PageFacts {
  platform: CatalogPlatform;
  /** the tag a service page preselects */
  service: string | null;
  client: Client;
  /** the storefront's services of the page's platform (the cabinet fetches its own) */
  services: ServiceView[] | null;
  /** the storefront's prices at the presets (guests' quotes) */
  informers: PriceTable;
}

/** What the form looked up (order-form.routes.ts), by servicesKey, currency and quoteKey. */
export interface Looked {
  services: Partial<Record<string, ServiceView[]>>;
  methods: Partial<Record<Currency, PaymentMethodsData>>;
  quotes: Readonly<Record<string, CostPair>>;
}

export interface FormView {
  context: FormContext;
  selection: Selection;
  /** the price known for the selection: looked up, or (a guest's, on a landing) the page's */
  pair: CostPair | null;
}

/**
 * What the form shows from the choice, on its page, for the user (or the visitor), with what
 * it looked up. The page brings the storefront's services of its platform and the guests'
 * prices at the presets; the rest is looked up.
 */
export function formView(
  state: Choice,
  page: PageFacts,
  user: PublicUser | null,
  visitor: Pick<VisitorState, 'currency' | 'metaRestricted'> & { rates?: readonly Rate[] },
  looked: Looked,
): FormView {
  const currency = (user?.cur ?? visitor.currency) as Currency;
  // only an account pays in another currency than its prices' (a guest switches the site's)
  const payCurrency =
    user && state.payCurrency && state.payCurrency !== currency ? state.payCurrency : null;
  const platformChoice = state.platform ?? page.platform;
  const storefront = page.client !== 'CLIENT_LK';
  const context: FormContext = {
    pagePlatform: page.platform,
    pageService: page.service,
    services:
      storefront && platformChoice === page.platform && page.services
        ? page.services
        : (looked.services[servicesKey(page.client, platformChoice)] ?? null),
    staff: Boolean(user?.isStaff),
    loggedIn: Boolean(user),
    balance: user?.balance ?? 0,
    currency,
    client: page.client,
    methods: looked.methods[currency] ?? null,
    payCurrency,
    payMethods: payCurrency ? (looked.methods[payCurrency] ?? null) : null,
    rates: visitor.rates ?? null,
    metaRestricted: visitor.metaRestricted,
  };
  const selection = selectionOf(state, context);
  const key = selection.quoteKey;
  const pair =
    (key && looked.quotes[key]) ||
    (key && storefront && !user ? quotesFromInformers(page.informers)[key] : null) ||
    null;
  return { context, selection, pair };
}

export interface ShownMethod {
  method: PaymentMethod;
  state: Extract<MethodState, { shown: true }>;
}

/**
 * The methods of the panel with their disabled state; the balance only when allowed.
 * An account paying in another currency sees its balance and that currency's methods, each
 * judged by the charge in it.
 */
export function shownMethods(context: FormContext, price: number | null): ShownMethod[] {
  const data = context.methods;
  if (!data) return [];
  const shown: ShownMethod[] = [];
  const byOrder = (list: PaymentMethod[]) => [...list].sort((a, b) => a.order - b.order);
  for (const method of byOrder(data.methods)) {
    if (method.id === BALANCE_METHOD_ID) {
      const allowed = balanceAvailable({
        enabled: true,
        price,
        loggedIn: context.loggedIn,
        balance: context.balance,
      });
      if (allowed) shown.push({ method, state: { shown: true, disabled: false } });
      continue;
    }
    if (context.payCurrency) continue;
    const state = methodState(method, data, context.currency, price);
    if (state.shown) shown.push({ method, state });
  }
  const other = context.payMethods;
  if (context.payCurrency && other) {
    const charge = price === null ? null : chargeOf(context, price);
    for (const method of byOrder(other.methods)) {
      if (method.id === BALANCE_METHOD_ID) continue;
      const state = methodState(method, other, context.payCurrency, charge);
      if (state.shown) shown.push({ method, state });
    }
  }
  return shown;
}

/**
 * Where the cabinet stands with the price at hand: its balance covers it (the balance is
 * shown), falls short, or neither is known (not the cabinet, or no price yet).
 */
export type BalanceStanding = 'covered' | 'short' | null;

export interface MethodsInEffect {
  /** the method paid with: the chosen one while usable, else the cabinet's balance, else none */
  method: number | null;
  /** whether the panel is shown */
  visible: boolean;
}

/**
 * The method in effect and the panel's visibility. The chosen method holds
 * while it is shown and enabled (a new price may hide or disable it). The cabinet pays from
 * the balance while it covers the price, and shows the panel once it has a price (the balance
 * chosen, or the methods a short balance needs), unless the buyer hid the panel at this price
 * (`declinedAt`): then it stays hidden and the balance is not chosen behind their back.
 */
export function methodsInEffect(
  state: Pick<Choice, 'method' | 'methodsVisible' | 'declinedAt'>,
  shown: ShownMethod[],
  {
    standing,
    quoteKey: at,
    priced,
  }: {
    standing: BalanceStanding;
    /** the selection's quote key (the price at hand) */
    quoteKey: string | null;
    /** the cabinet has had a price: its panel stays shown through the next look-up */
    priced: boolean;
  },
): MethodsInEffect {
  const declined = state.declinedAt === (at ?? '');
  const chosen = shown.find((entry) => entry.method.id === state.method);
  const method =
    chosen && !chosen.state.disabled
      ? chosen.method.id
      : standing === 'covered' && !declined
        ? BALANCE_METHOD_ID
        : null;
  const opened = (standing !== null || priced) && !declined;
  return { method, visible: state.methodsVisible || opened };
}

/** Where the cabinet's balance stands against the price (null off the cabinet or unpriced). */
export function balanceStanding(
  context: Pick<FormContext, 'client' | 'loggedIn' | 'balance'>,
  shown: ShownMethod[],
  price: number | null,
): BalanceStanding {
  if (context.client !== 'CLIENT_LK' || !context.loggedIn || price === null) return null;
  if (price > context.balance) return 'short';
  return shown.some((entry) => entry.method.id === BALANCE_METHOD_ID) ? 'covered' : null;
}

/** Message keys of the form's problems (shown once the buyer tried to pay). */
export type FormErrors = Partial<
  Record<
    | 'service'
    | 'input'
    | 'quantity'
    | 'quantityMax'
    | 'comments'
    | 'posts'
    | 'runs'
    | 'runInterval'
    | 'email'
    | 'method'
    | 'agreement',
    string
  >
>;

/** `checking`: a short link is being followed; it is checked once it is known. */
export function errorsOf(
  state: Choice,
  selection: Selection,
  context: FormContext,
  shown: ShownMethod[],
  checking = false,
): FormErrors {
  const errors: FormErrors = {};
  const { service } = selection;
  if (!service) errors.service = 'order.error.service';
  if (service) {
    const kinds = service.link_kinds as LinkKind[];
    const lines = selection.numerosity === 'multiple' ? selection.links : [state.input];
    if (!lines.length || lines.every((line) => !line.trim()))
      errors.input = 'order.error.inputRequired';
    else if (selection.numerosity === 'multiple' && lines.length > MAX_LINKS)
      errors.input = 'order.error.tooManyLinks';
    else if (kinds.length && service.platform !== 'fake' && !checking) {
      const bad = lines.some((line) => !checkLink(service.platform as Platform, kinds, line).ok);
      if (bad) errors.input = `order.error.link.${kinds.join('-')}`;
    }
  }
  if (selection.customComments) {
    if (!selection.comments.length) errors.comments = 'order.error.commentsRequired';
    else if (
      selection.comments.length < selection.limits.min ||
      selection.comments.length > selection.limits.max
    )
      errors.comments = 'order.error.commentsRange';
  }
  // a custom entry that is not a whole number leaves no quantity
  else if (selection.quantity === null) errors.quantity = 'order.error.integer';
  else if (selection.quantity < selection.limits.min || selection.quantity > selection.limits.max)
    errors.quantity = 'order.error.range';
  if (
    selection.quantityMax !== null &&
    selection.quantity !== null &&
    (selection.quantityMax < selection.quantity || selection.quantityMax > selection.limits.max)
  )
    errors.quantityMax = 'order.error.quantityMax';
  if (selection.auto && (selection.posts < 1 || selection.posts > MAX_POSTS))
    errors.posts = 'order.error.posts';
  const drip = selection.dripFeed;
  if (drip && !(drip.runs >= DRIP_FEED.minRuns && drip.runs <= DRIP_FEED.maxRuns))
    errors.runs = 'order.error.runs';
  if (drip && !(drip.interval >= DRIP_FEED.minInterval && drip.interval <= DRIP_FEED.maxInterval))
    errors.runInterval = 'order.error.runInterval';
  if (!context.loggedIn) {
    const email = state.email.trim();
    if (!email) errors.email = 'order.error.email';
    else if (!new RegExp(EMAIL_PATTERN).test(email)) errors.email = 'order.error.emailInvalid';
  }
  const chosen = shown.find((entry) => entry.method.id === state.method);
  if (!chosen || chosen.state.disabled) errors.method = 'order.error.method';
  else if (chosen.method.show_agreement_flag && state.agreement !== true)
    errors.agreement = 'order.error.agreement';
  return errors;
}

const quotesOfTable = new WeakMap<PriceTable, Readonly<Record<string, CostPair>>>();

/**
 * informers/tiny's table as storefront quotes, keyed like the form's look-ups. Made once per
 * table: on the server a page's table is the catalogue's, shared by every render of the page.
 */
export function quotesFromInformers(table: PriceTable): Readonly<Record<string, CostPair>> {
  const known = quotesOfTable.get(table);
  if (known) return known;
  const quotes: Record<string, CostPair> = {};
  for (const [currency, byTag] of Object.entries(table)) {
    for (const [tag, byCount] of Object.entries(byTag ?? {})) {
      for (const [count, { cost, discount }] of Object.entries(byCount)) {
        quotes[
          quoteKey({
            tag,
            count: Number(count),
            currency: currency as Currency,
            client: 'CLIENT_MAIN',
          })
        ] = [cost, discount];
      }
    }
  }
  quotesOfTable.set(table, quotes);
  return quotes;
}
