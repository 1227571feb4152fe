import type { LinkKind } from './link-rules.ts';
import type { Platform, ServiceKind } from './platforms.ts';
import type { DiscountGroup } from './pricing.ts';
import type { Currency } from './regions.ts';

/** The catalogue as the API and the order form see it (docs/product.md §3 Service, Cost, Currency). */

export const CLIENTS = ['CLIENT_MAIN', 'CLIENT_LK'] as const;
export type Client = (typeof CLIENTS)[number];

export const SERVICE_TYPES = [
  'LIKES',
  'SUBS',
  'FRIENDS',
  'VIEWS',
  'AUTO',
  'COMMENTS',
  'REPOSTS',
  'SHORTS',
  'STAT',
  'REACTIONS',
  'OTHER',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The hidden platform of staff-only test services (docs/product.md §11 'Fake'). */
export const FAKE_PLATFORM = 'fake';
export type CatalogPlatform = Platform | typeof FAKE_PLATFORM;

export const MULTI_MARK = '_MULTI';
export const isMultiTag = (tag: string): boolean => tag.includes(MULTI_MARK);
export const multiTwinOf = (tag: string): string => `${tag}${MULTI_MARK}`;

/** A service as `user_services/*` answers it; min/max only reach staff. */
export interface ServiceView {
  tag: string;
  platform: CatalogPlatform;
  kind: ServiceKind | 'test';
  type: ServiceType;
  name: string;
  description: string;
  labels: string[];
  min_order: number;
  max_order: number;
  /**
   * The most one order takes on the other side (the storefront's limit in the cabinet's
   * list, the cabinet's in the storefront's) when that side sells the service, else null:
   * the form says why the two differ.
   */
  max_order_other: number | null;
  min?: number;
  max?: number;
  /** link kinds the login/link field accepts (docs/product.md §12 link checks) */
  link_kinds: LinkKind[];
  /** the service page it belongs to (`instagram-likes`), null for those without a page */
  page: string | null;
  /** the tag of the `_MULTI` twin when one exists (numerosity 'multiple') */
  multi: string | null;
  discount_group: DiscountGroup;
  /**
   * How the service really performed in this shop's orders of the last 30 days (the worker's
   * `service_stats`; docs/api.md says what each figure means), when the catalogue has them.
   */
  stats?: ServiceFigures;
}

/** A service's figures of the last 30 days, as `/api/v2` `services` carries them. */
export interface ServiceFigures {
  start_median_min: number | null;
  speed_p90_min_per_1000: number | null;
  completion_rate: number | null;
  refill_rate_30d: number | null;
  orders_30d: number;
}

/** What a service without orders in the window publishes. */
export const NO_FIGURES: ServiceFigures = {
  start_median_min: null,
  speed_p90_min_per_1000: null,
  completion_rate: null,
  refill_rate_30d: null,
  orders_30d: 0,
};

/** Whether any figure is published (below 20 orders in the window none is). */
export const hasFigures = (figures: ServiceFigures | null | undefined): figures is ServiceFigures =>
  !!figures &&
  (figures.start_median_min !== null ||
    figures.speed_p90_min_per_1000 !== null ||
    figures.completion_rate !== null ||
    figures.refill_rate_30d !== null);

/** `[cost, discount]` in minor units of the asked currency (docs/product.md orderCost). */
export type CostPair = [cost: number, discount: number];

/** prices/tiny and informers/tiny: currency → tag → count → cost and discount. */
export type PriceTable = Partial<
  Record<Currency, Record<string, Record<string, { cost: number; discount: number }>>>
>;

/** docs/product.md §12 order quantity: staff use min/max, everyone else min_order/max_order; 1 and 100 by default. */
export const DEFAULT_LIMITS = { min: 1, max: 100 } as const;

export function orderLimits(
  service: Pick<ServiceView, 'min' | 'max' | 'min_order' | 'max_order'> | null | undefined,
  staff: boolean,
): { min: number; max: number } {
  if (!service) return { ...DEFAULT_LIMITS };
  const min = staff ? (service.min ?? service.min_order) : service.min_order;
  const max = staff ? (service.max ?? service.max_order) : service.max_order;
  return { min: min ?? DEFAULT_LIMITS.min, max: max ?? DEFAULT_LIMITS.max };
}

/** Most posts an auto order covers, most links a `_MULTI` order spreads over. */
export const MAX_POSTS = 100;
export const MAX_LINKS = 20;

/** A `_MULTI` order's links or a comment order's comments: the text's lines, trimmed, blank ones left out. */
export const orderLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** docs/product.md §13: the preset sort order of service types (the form's type tabs follow it). */
export const TYPE_ORDER: readonly ServiceType[] = [
  'LIKES',
  'SUBS',
  'FRIENDS',
  'VIEWS',
  'SHORTS',
  'REACTIONS',
  'COMMENTS',
  'REPOSTS',
  'AUTO',
  'STAT',
  'OTHER',
];

export function byTypeOrder(a: ServiceType, b: ServiceType): number {
  return TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b);
}

/** The type a service kind is labelled with (TYPE_*). */
export const TYPE_OF_KIND: Record<ServiceKind, ServiceType> = {
  likes: 'LIKES',
  followers: 'SUBS',
  friends: 'FRIENDS',
  views: 'VIEWS',
  'reels-views': 'VIEWS',
  'story-views': 'VIEWS',
  'auto-likes': 'AUTO',
  'auto-views': 'AUTO',
  comments: 'COMMENTS',
  reposts: 'REPOSTS',
  reactions: 'REACTIONS',
};

export const isAutoType = (type: ServiceType): boolean => type === 'AUTO';

/**
 * Drip-feed: an order split into `runs` equal runs `interval` minutes apart, as
 * panels take it (`runs`, `interval`). Offered where a count grows gradually: not for
 * comments (their own lines), auto orders (per post) or several links at once.
 */
export const DRIP_FEED = { minRuns: 2, maxRuns: 100, minInterval: 1, maxInterval: 1440 } as const;

const DRIP_FEED_TYPES: readonly ServiceType[] = [
  'LIKES',
  'SUBS',
  'FRIENDS',
  'VIEWS',
  'SHORTS',
  'REACTIONS',
  'REPOSTS',
];

export const isDripFeedable = (service: { type: ServiceType; tag: string }): boolean =>
  DRIP_FEED_TYPES.includes(service.type) && !isMultiTag(service.tag);

/** A subscription's `delay` (minutes from a new post to its order): the panels' list. */
export const SUBSCRIPTION_DELAYS = [
  0, 5, 10, 15, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 360, 420, 480, 540, 600,
] as const;
