import type { Client, ServiceType } from '#shared/catalog.ts';
import { MULTI_MARK, TYPE_OF_KIND } from '#shared/catalog.ts';
import type { LinkKind } from '#shared/link-rules.ts';
import type { Platform, ServiceKind } from '#shared/platforms.ts';
import type { DiscountGroup, PriceTier } from '#shared/pricing.ts';
import { type Currency, EU_COUNTRIES } from '#shared/regions.ts';

/**
 * The catalogue's seed, from the market prices it was made from: every service of
 * docs/product.md §2 with its limits, link kinds and price tiers per client and currency.
 * Prices come from the market's preset price points; services those market prices give no
 * figures for are priced off the nearest row by a factor.
 */

/**
 * Preset price points in major units: 100 / 1k / 5k / 10k / 25k / 50k / 100k. A larger
 * quantity never costs more per unit (shared/pricing.ts tierInversion, tested over the seeded
 * catalogue): where the market's figures broke that by a hair, the larger point is lower here
 * (followers RUB 25k 10 500 → 10 200, USD 50k 299.99 → 289.99; views USD 10k 29.99 → 28.99).
 */
type Points = readonly [number, number, number, number, number, number, number];
const POINT_COUNTS = [100, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000] as const;

interface PriceClass {
  RUB: Points;
  /** EUR uses the same figures as USD, as the market prices do */
  USD: Points;
}

const PRICE_CLASSES = {
  likes: {
    RUB: [19, 185, 910, 1_790, 4_450, 8_750, 17_500],
    USD: [0.99, 6.99, 29.99, 49.99, 119.99, 199.99, 379.99],
  },
  followers: {
    RUB: [45, 440, 2_150, 4_100, 10_200, 19_700, 39_000],
    USD: [1.49, 9.99, 39.99, 69.99, 149.99, 289.99, 549.99],
  },
  views: {
    RUB: [8, 45, 215, 400, 1_000, 1_850, 3_500],
    USD: [0.65, 4.49, 14.99, 28.99, 69.99, 119.99, 199.99],
  },
  stories: {
    RUB: [8, 70, 350, 700, 1_750, 3_500, 7_000],
    USD: [0.65, 1.99, 8.99, 16.99, 39.99, 74.99, 139.99],
  },
} satisfies Record<string, PriceClass>;
type PriceClassName = keyof typeof PRICE_CLASSES;

/**
 * Cabinet prices are lower than the storefront's at every quantity (the market prices the seed
 * was made from: likes 0.19 ₽ a unit on the storefront's first tier, 0.175 ₽ in the cabinet
 * from 50 000): each tier of the storefront at this share.
 */
const CABINET_RATIO = 0.175 / 0.19;

/** Storefront tiers: the 100-unit price from 1 upward, then each price point's own. */
function storefrontTiers(points: Points, factor = 1): PriceTier[] {
  return POINT_COUNTS.map((count, index) => ({
    from: index === 0 ? 1 : count,
    micro: Math.round(((points[index]! * 100) / count) * 1_000_000 * factor),
  }));
}

function cabinetTiers(points: Points, factor = 1): PriceTier[] {
  return storefrontTiers(points, factor).map((tier) => ({
    from: tier.from,
    micro: Math.round(tier.micro * CABINET_RATIO),
  }));
}

type Range = readonly [min: number, max: number];

export interface ServiceSeed {
  tag: string;
  platform: Platform | 'fake';
  kind: ServiceKind | 'test';
  page: string | null;
  type: ServiceType;
  linkKinds: LinkKind[];
  /** staff (min/max), storefront (min_order/max_order), cabinet */
  staff: Range;
  main: Range;
  lk: Range;
  price: PriceClassName;
  factor: number;
  discountGroup: DiscountGroup;
  clients: Client[];
  sort: number;
}

const STAFF: Range = [1, 1_000_000];

const DISCOUNT_GROUP: Record<ServiceKind, DiscountGroup> = {
  likes: 'likes',
  followers: 'followers',
  friends: 'followers',
  views: 'views',
  'reels-views': 'views',
  'story-views': 'views',
  comments: 'comments',
  'auto-likes': 'autoLikes',
  'auto-views': 'autoViews',
  reposts: 'basic',
  reactions: 'basic',
};

/** Kinds ordered on one post or video: they have a `_MULTI` twin spread over several links. */
const MULTI_KINDS: readonly ServiceKind[] = [
  'likes',
  'views',
  'reels-views',
  'reposts',
  'reactions',
];

type Row = [
  Platform,
  ServiceKind,
  LinkKind[],
  main: Range,
  lk: Range,
  price: PriceClassName,
  factor: number,
];

// biome-ignore format: one row a service reads best as a table
const ROWS: Row[] = [
  ['instagram', 'likes', ['post'], [100, 100_000], [100, 200_000], 'likes', 1],
  ['instagram', 'followers', ['account'], [100, 100_000], [100, 200_000], 'followers', 1],
  ['instagram', 'views', ['video', 'post'], [100, 100_000], [100, 1_000_000], 'views', 1],
  ['instagram', 'reels-views', ['video'], [100, 100_000], [100, 1_000_000], 'views', 1],
  ['instagram', 'story-views', ['account', 'story'], [100, 15_000], [100, 1_000_000], 'stories', 1],
  ['instagram', 'auto-likes', ['account'], [100, 100_000], [100, 50_000], 'likes', 1],
  ['instagram', 'auto-views', ['account'], [100, 100_000], [100, 1_000_000], 'views', 1],
  ['instagram', 'comments', ['post'], [6, 1_000], [6, 100_000], 'followers', 8],
  ['tiktok', 'likes', ['video'], [100, 100_000], [100, 40_000], 'likes', 1],
  ['tiktok', 'followers', ['account'], [100, 100_000], [100, 200_000], 'followers', 1],
  ['tiktok', 'views', ['video'], [100, 100_000], [100, 1_000_000], 'views', 0.5],
  ['tiktok', 'reposts', ['video'], [10, 1_000], [100, 40_000], 'followers', 1],
  ['tiktok', 'auto-likes', ['account'], [100, 100_000], [100, 40_000], 'likes', 1],
  ['tiktok', 'auto-views', ['account'], [100, 100_000], [100, 1_000_000], 'views', 0.5],
  ['tiktok', 'comments', ['video'], [6, 1_000], [6, 1_000], 'followers', 8],
  ['youtube', 'likes', ['video'], [100, 100_000], [100, 100_000], 'likes', 2],
  ['youtube', 'followers', ['channel'], [100, 100_000], [100, 100_000], 'followers', 3],
  ['youtube', 'views', ['video'], [100, 100_000], [300, 100_000], 'views', 4],
  ['vk', 'likes', ['post'], [100, 100_000], [100, 100_000], 'likes', 1.5],
  ['vk', 'followers', ['account', 'community'], [100, 100_000], [100, 100_000], 'followers', 1.2],
  ['vk', 'friends', ['account'], [100, 100_000], [100, 100_000], 'followers', 1.5],
  ['vk', 'comments', ['post'], [6, 1_000], [6, 1_000], 'followers', 8],
  ['vk', 'auto-likes', ['account', 'community'], [100, 100_000], [100, 100_000], 'likes', 1.5],
  ['vk', 'reposts', ['post'], [10, 1_000], [100, 100_000], 'followers', 1],
  ['vk', 'views', ['post', 'video'], [100, 100_000], [100, 100_000], 'views', 1],
  ['telegram', 'followers', ['channel'], [100, 100_000], [100, 100_000], 'followers', 1.2],
  ['telegram', 'views', ['post'], [100, 100_000], [100, 1_000_000], 'views', 0.5],
  ['telegram', 'story-views', ['story'], [100, 15_000], [100, 1_000_000], 'stories', 1],
  ['telegram', 'reactions', ['post'], [10, 100_000], [10, 100_000], 'likes', 1],
  ['threads', 'followers', ['account'], [100, 100_000], [100, 100_000], 'followers', 1.2],
  ['threads', 'likes', ['post'], [100, 100_000], [100, 100_000], 'likes', 1.2],
  ['threads', 'reposts', ['post'], [10, 1_000], [100, 100_000], 'followers', 1],
];

const tagOf = (platform: string, kind: string) =>
  `${platform}_${kind}`.toUpperCase().replaceAll('-', '_');

export const SERVICE_SEEDS: ServiceSeed[] = ROWS.flatMap(
  ([platform, kind, linkKinds, main, lk, price, factor], index) => {
    const single: ServiceSeed = {
      tag: tagOf(platform, kind),
      platform,
      kind,
      page: `${platform}-${kind}`,
      type: TYPE_OF_KIND[kind],
      linkKinds,
      staff: STAFF,
      main,
      lk,
      price,
      factor,
      discountGroup: DISCOUNT_GROUP[kind],
      clients: ['CLIENT_MAIN', 'CLIENT_LK'],
      sort: index * 2,
    };
    if (!MULTI_KINDS.includes(kind)) return [single];
    return [single, { ...single, tag: `${single.tag}${MULTI_MARK}`, sort: index * 2 + 1 }];
  },
).concat(
  // docs/product.md §11: staff-only test services on the hidden FAKE platform
  (['likes', 'followers'] as const).map(
    (kind, index): ServiceSeed => ({
      tag: tagOf('fake', kind),
      platform: 'fake',
      kind: 'test',
      page: null,
      type: 'OTHER',
      linkKinds: [],
      staff: STAFF,
      main: [1, 1_000],
      lk: [1, 1_000],
      price: kind,
      factor: 0.01,
      discountGroup: 'basic',
      clients: ['CLIENT_MAIN', 'CLIENT_LK'],
      sort: 1_000 + index,
    }),
  ),
);

export function labelsOf(seed: ServiceSeed): string[] {
  return [...seed.clients, 'VISIBLE', 'ENABLED', `TYPE_${seed.type}`];
}

export function tiersOf(seed: ServiceSeed, client: Client, currency: Currency): PriceTier[] {
  const points = PRICE_CLASSES[seed.price][currency === 'RUB' ? 'RUB' : 'USD'];
  return client === 'CLIENT_MAIN'
    ? storefrontTiers(points, seed.factor)
    : cabinetTiers(points, seed.factor);
}

/** Roubles per unit; the worker refreshes them later (docs/product.md §4). */
export const CURRENCY_SEEDS: Record<Currency, number> = { RUB: 1, USD: 82.5, EUR: 95.4 };

export const PAYMENT_GROUP_SEEDS = [
  { id: 'cards', sort: 1 },
  { id: 'e-wallets', sort: 2 },
  { id: 'bank-transfer', sort: 3 },
  { id: 'crypto', sort: 4 },
] as const;

export interface PaymentMethodSeed {
  id: number;
  code: string;
  gateway: string;
  group: string | null;
  currencies: Currency[];
  /** major units */
  limits: Partial<Record<Currency, { min: number; max: number }>>;
  filter: 'every' | 'onlyAt' | 'everyExcept';
  countries: string[];
  agreement: boolean;
}

/** SEPA debit: the EEA (the EU plus Iceland, Liechtenstein, Norway), Switzerland and the UK. */
const EEA_CH_GB = [...EU_COUNTRIES, 'IS', 'LI', 'NO', 'CH', 'GB'];
const STRIPE = { min: 0.5, max: 999_999 };

/** The seed's payment methods (docs/product.md §6); the balance is id -1. */
export const PAYMENT_METHOD_SEEDS: PaymentMethodSeed[] = [
  {
    id: -1,
    code: 'balance',
    gateway: 'balance',
    group: null,
    currencies: ['RUB', 'USD', 'EUR'],
    limits: {
      RUB: { min: 0.01, max: 10_000_000 },
      USD: { min: 0.01, max: 1_000_000 },
      EUR: { min: 0.01, max: 1_000_000 },
    },
    filter: 'every',
    countries: [],
    agreement: false,
  },
  {
    id: 1,
    code: 'card_ru',
    gateway: 'yookassa',
    group: 'cards',
    currencies: ['RUB'],
    limits: { RUB: { min: 1, max: 250_000 } },
    filter: 'onlyAt',
    countries: ['RU'],
    agreement: true,
  },
  {
    id: 2,
    code: 'card_world',
    gateway: 'stripe',
    group: 'cards',
    currencies: ['USD', 'EUR'],
    limits: { USD: STRIPE, EUR: STRIPE },
    filter: 'every',
    countries: [],
    agreement: true,
  },
  {
    id: 3,
    code: 'sberpay',
    gateway: 'yookassa',
    group: 'e-wallets',
    currencies: ['RUB'],
    limits: { RUB: { min: 1, max: 1_000_000 } },
    filter: 'every',
    countries: [],
    agreement: false,
  },
  {
    id: 4,
    code: 'yoomoney',
    gateway: 'yookassa',
    group: 'e-wallets',
    currencies: ['RUB'],
    limits: { RUB: { min: 1, max: 250_000 } },
    filter: 'every',
    countries: [],
    agreement: false,
  },
  {
    id: 5,
    code: 'apple_pay',
    gateway: 'stripe',
    group: 'e-wallets',
    currencies: ['USD', 'EUR'],
    limits: { USD: STRIPE, EUR: STRIPE },
    filter: 'every',
    countries: [],
    agreement: false,
  },
  {
    id: 6,
    code: 'google_pay',
    gateway: 'stripe',
    group: 'e-wallets',
    currencies: ['USD', 'EUR'],
    limits: { USD: STRIPE, EUR: STRIPE },
    filter: 'every',
    countries: [],
    agreement: false,
  },
  {
    id: 7,
    code: 'paypal',
    gateway: 'paypal',
    group: 'e-wallets',
    currencies: ['USD', 'EUR'],
    limits: { USD: { min: 0.25, max: 25_000 }, EUR: { min: 0.25, max: 25_000 } },
    filter: 'every',
    countries: [],
    agreement: true,
  },
  {
    id: 8,
    code: 'sepa',
    gateway: 'stripe',
    group: 'bank-transfer',
    currencies: ['EUR'],
    limits: { EUR: STRIPE },
    filter: 'onlyAt',
    countries: EEA_CH_GB,
    agreement: true,
  },
  {
    id: 9,
    code: 'crypto',
    gateway: 'crypto',
    group: 'crypto',
    currencies: ['RUB', 'USD', 'EUR'],
    limits: {
      RUB: { min: 30, max: 10_000_000 },
      USD: { min: 0.5, max: 100_000 },
      EUR: { min: 0.5, max: 100_000 },
    },
    filter: 'every',
    countries: [],
    agreement: false,
  },
];

/** The built-in provider (server/integrations/providers/simulator.ts), in process. */
export const SIMULATOR_PROVIDER = {
  id: 'simulator',
  url: 'internal',
  api_key: 'simulator-key',
  currency: 'USD',
  enabled: 1,
};
