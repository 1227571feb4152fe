import {
  isAutoType,
  isDripFeedable,
  MAX_POSTS,
  orderLimits,
  orderLines,
  type ServiceView,
} from '#shared/catalog.ts';
import type { Locale } from '#shared/locales.ts';
import { BALANCE_METHOD_ID } from '#shared/payment-methods.ts';
import { defaultCurrency } from '#shared/regions.ts';
import type { OrderInput } from '#shared/schemas/orders.schemas.ts';
import type { PublicUser } from '#shared/user.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { NO_FIGURES, type OrdersService, type ServiceFigures } from '../orders/orders.service.ts';
import { createPanelCatalogue, type PanelReader } from './panel-catalogue.ts';
import { decimal, panelOrderStatus, panelSubscriptionStatus } from './panel-words.ts';

/** The texts the big panels answer with (docs/product.md §10). */
export const PANEL_ERRORS = {
  key: 'Invalid API key',
  action: 'Incorrect request',
  service: 'Incorrect service ID',
  order: 'Incorrect order ID',
  funds: 'Not enough funds on balance',
  link: 'Incorrect link',
  quantity: 'Incorrect quantity',
  min: 'Incorrect min',
  max: 'Incorrect max',
  // 0, or no posts at all, is the protocol's subscription for every new post
  posts: `Incorrect posts: from 0 to ${MAX_POSTS}`,
  range: 'Incorrect min and max: min cannot be more than max',
  runs: 'Incorrect runs: from 2 to 100',
  interval: 'Incorrect interval: from 1 to 1440 minutes',
  delay: 'Incorrect delay',
  expiry: 'Incorrect expiry: a date as d/m/Y',
  oldPosts: `Incorrect old_posts: from 0 to ${MAX_POSTS}`,
  refill: 'Refill not found',
  idempotency: 'Incorrect idempotency key',
  rate: 'Too many requests, slow down',
} as const;

/** How long an idempotency key answers with the order it placed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(String((error as Error)?.message ?? '')) ||
  (error as { code?: string })?.code === '23505';

/** One service of the `services` answer. */
export interface PanelServiceEntry {
  service: number;
  name: string;
  type: 'Default' | 'Custom Comments' | 'Subscriptions';
  category: string;
  rate: string;
  min: string;
  max: string;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

/**
 * A `services` item as `/api/v2` answers it: the standard fields, then how the service
 * really performed in the shop's orders of the last 30 days (extra fields a panel that
 * reads only the standard ones never sees; docs/api.md).
 */
export type PanelServiceItem = PanelServiceEntry & ServiceFigures;

/** A refusal the panel protocol answers as `{"error": "…"}` with HTTP 200. */
export class PanelError extends Error {}

const panelType = (service: ServiceView): PanelServiceEntry['type'] =>
  service.type === 'COMMENTS'
    ? 'Custom Comments'
    : isAutoType(service.type)
      ? 'Subscriptions'
      : 'Default';

/**
 * A Subscriptions order's `min`, `max` and `posts`, checked (limits are the caller's). `posts`
 * left out or 0 is the protocol's subscription for every new post until `expiry` or a cancel:
 * posts 0, each post order paid from the balance when it is placed.
 */
function subscriptionOf(given: { min?: number; max?: number; posts?: number } | undefined) {
  const min = given?.min;
  if (min === undefined) throw new PanelError(PANEL_ERRORS.min);
  const max = given?.max ?? min;
  if (max < min) throw new PanelError(PANEL_ERRORS.range);
  const posts = given?.posts ?? 0;
  if (posts < 0 || posts > MAX_POSTS) throw new PanelError(PANEL_ERRORS.posts);
  return { min, max, posts };
}

/** A subscription's delay, expiry and old posts, when given (the order refuses them elsewhere). */
const subscriptionTerms = (given?: { delay?: number; expiry?: string; old_posts?: number }) => ({
  // the route refused any delay but SUBSCRIPTION_DELAYS
  ...(given?.delay !== undefined ? { delay: given.delay as OrderInput['delay'] } : {}),
  ...(given?.expiry !== undefined ? { expiry: given.expiry } : {}),
  ...(given?.old_posts !== undefined ? { old_posts: given.old_posts } : {}),
});

/** What createPanelApiService is made with. */
export interface PanelApiDeps {
  catalog: CatalogService;
  orders: OrdersService;
}

/** What the functions below work with: the dependencies and the state made from them once. */
export function panelApiContext({ catalog, orders }: PanelApiDeps) {
  const { catalogue, ratePer1000, langOf, currencyOf } = createPanelCatalogue({ catalog });
  return { catalog, orders, catalogue, ratePer1000, langOf, currencyOf };
}

export type PanelApiContext = ReturnType<typeof panelApiContext>;

/** `services`' answer for a reader, each entry beside its service's tag. */
export async function entries({ catalogue, ratePer1000 }: PanelApiContext, user: PanelReader) {
  const list = await catalogue(user);
  return Promise.all(
    list.map(async ({ service, id }) => {
      const limits = orderLimits(service, user.isStaff);
      return {
        tag: service.tag,
        entry: {
          service: id,
          name: service.name,
          type: panelType(service),
          category: service.platform === 'fake' ? 'Test' : service.platform,
          rate: decimal(await ratePer1000(user, service)),
          min: String(limits.min),
          max: String(limits.max),
          refill: !isAutoType(service.type),
          cancel: true,
          dripfeed: isDripFeedable(service),
        },
      };
    }),
  );
}

export async function services(
  ctx: PanelApiContext,
  user: PublicUser,
): Promise<PanelServiceItem[]> {
  const { orders } = ctx;
  const [list, figures] = await Promise.all([entries(ctx, user), orders.serviceStats.byTag()]);
  return list.map(({ tag, entry }) => ({ ...entry, ...(figures.get(tag) ?? NO_FIGURES) }));
}

/**
 * `services` as a new reseller reading the API guide in `lang` gets it (level 1, the
 * language's usual currency), by tag: what the guide's examples show and send.
 */
export async function guideServices(
  ctx: PanelApiContext,
  lang: Locale,
): Promise<Map<string, PanelServiceEntry>> {
  const reader = { isStaff: false, discountLevel: 1, lang, cur: defaultCurrency(lang) };
  return new Map((await entries(ctx, reader)).map(({ tag, entry }) => [tag, entry]));
}

/** What `add` takes: the protocol's fields as the route read them. */
export interface PanelAddInput {
  service: number;
  link: string;
  quantity: number;
  comments?: string;
  /** a Subscriptions service: per post from `min` to `max`, for `posts` posts (0: every new post) */
  subscription?: {
    min?: number;
    max?: number;
    posts?: number;
    old_posts?: number;
    delay?: number;
    /** YYYY-MM-DD */
    expiry?: string;
  };
  /** drip-feed: `quantity` per run */
  dripFeed?: { runs: number; interval: number };
  /** the same key within 24 h answers the first order, never places twice */
  idempotencyKey?: string;
}

export async function add(
  { orders, catalogue, ratePer1000, langOf }: PanelApiContext,
  user: PublicUser,
  input: PanelAddInput,
): Promise<{ order: number }> {
  const key = input.idempotencyKey;
  const replay = async () =>
    key ? await orders.own.byIdempotencyKey(user.id, key, IDEMPOTENCY_WINDOW_MS) : null;
  const first = await replay();
  if (first !== null) return { order: first };
  const found = (await catalogue(user)).find((entry) => entry.id === input.service);
  if (!found) throw new PanelError(PANEL_ERRORS.service);
  const { service } = found;
  const limits = orderLimits(service, user.isStaff);
  const auto = isAutoType(service.type) ? subscriptionOf(input.subscription) : null;
  const comments = service.type === 'COMMENTS' ? (input.comments ?? '').trim() : undefined;
  // a comment order is as many as its comments, counted as the order's checks count them
  const quantity = auto
    ? auto.min
    : comments !== undefined
      ? orderLines(comments).length
      : input.quantity;
  if (!Number.isInteger(quantity) || quantity < limits.min)
    throw new PanelError(`Quantity less than minimal ${limits.min}`);
  const most = auto ? auto.max : quantity;
  if (most > limits.max) throw new PanelError(`Quantity more than maximal ${limits.max}`);
  try {
    const placed = await orders.place(
      {
        tag: service.tag,
        link: input.link,
        quantity,
        ...(comments !== undefined ? { comments } : {}),
        ...(auto ? { quantity_max: auto.max, posts: auto.posts } : {}),
        ...subscriptionTerms(input.subscription),
        ...(input.dripFeed ? { runs: input.dripFeed.runs, interval: input.dripFeed.interval } : {}),
        client: 'CLIENT_LK',
        method: BALANCE_METHOD_ID,
        ...(key ? { idempotency_key: key } : {}),
      },
      { user, lang: langOf(user), country: 'UNKNOWN', returnPath: '/' },
      { ratePer1000: await ratePer1000(user, service) },
    );
    return { order: await orders.own.numberOf(placed.order.id, user.id) };
  } catch (error) {
    // a concurrent retry with the same key placed it first: its answer is this one's
    if (key && isUniqueViolation(error)) {
      const placed = await replay();
      if (placed !== null) return { order: placed };
    }
    if (error instanceof AppError && error.statusCode === 402)
      throw new PanelError(PANEL_ERRORS.funds);
    if (error instanceof AppError) throw new PanelError(error.message);
    throw error;
  }
}

export async function status({ orders }: PanelApiContext, user: PublicUser, ids: number[]) {
  const found = await orders.own.byNumbers(user.id, ids);
  return new Map(
    [...found].map(([id, order]) => [
      id,
      order.subscription
        ? panelSubscriptionStatus({ ...order, subscription: order.subscription })
        : panelOrderStatus(order),
    ]),
  );
}

/** Cancels (or refills) an order of the user by its number; refusals in the panel's words. */
export async function act(
  { orders }: PanelApiContext,
  user: PublicUser,
  id: number,
  what: 'cancel' | 'refill',
): Promise<number> {
  const order = (await orders.own.byNumbers(user.id, [id])).get(id);
  if (!order) throw new PanelError(PANEL_ERRORS.order);
  try {
    if (what === 'cancel') {
      await orders.own.cancel(order.id, user.id);
      return id;
    }
    await orders.own.refill(order.id, user.id);
    const refill = await orders.own.refillNumberOf(order.id, user.id);
    if (refill === null) throw new PanelError(PANEL_ERRORS.refill);
    return refill;
  } catch (error) {
    if (error instanceof AppError) throw new PanelError(error.message);
    throw error;
  }
}

/** A refill's status by its number (the provider's words, as panels pass them on). */
export async function refillStatus(
  { orders }: PanelApiContext,
  user: PublicUser,
  refill: number,
): Promise<string> {
  try {
    return (await orders.own.refillByNumber(refill, user.id)).status;
  } catch (error) {
    if (error instanceof AppError) throw new PanelError(PANEL_ERRORS.refill);
    throw error;
  }
}

export async function balance({ currencyOf }: PanelApiContext, user: PublicUser) {
  return { balance: decimal(user.balance), currency: currencyOf(user) };
}

/**
 * The SMM panel API v2 for resellers (docs/api.md): a key acts for its user, with the cabinet's
 * services, prices, discount level and balance. Orders are placed by the same `place()` as
 * the cabinet, paid from the balance in the order's transaction.
 */
export function createPanelApiService(deps: PanelApiDeps) {
  const ctx = panelApiContext(deps);
  return Object.freeze({
    services: (user: PublicUser) => services(ctx, user),
    guideServices: (lang: Locale) => guideServices(ctx, lang),
    add: (user: PublicUser, input: PanelAddInput) => add(ctx, user, input),
    status: (user: PublicUser, ids: number[]) => status(ctx, user, ids),
    act: (user: PublicUser, id: number, what: 'cancel' | 'refill') => act(ctx, user, id, what),
    refillStatus: (user: PublicUser, refill: number) => refillStatus(ctx, user, refill),
    balance: (user: PublicUser) => balance(ctx, user),
  });
}

export type PanelApiService = ReturnType<typeof createPanelApiService>;
