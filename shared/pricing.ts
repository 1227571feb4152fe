/**
 * Pricing maths of docs/product.md §4, shared by the API (orderCost, the order's server-side
 * cost) and the order form (the live price). Money is integer minor units (kopecks, cents).
 *
 * A price tier says: from `from` units upward, one unit costs `micro` millionths of a minor
 * unit. Millionths keep real price points exact as integers: $29.99 for 5 000 likes is
 * 2999 cents / 5000 = 0.5998 cents a like = 599 800 micro.
 */
export interface PriceTier {
  from: number;
  micro: number;
}

export type DiscountGroup =
  | 'basic'
  | 'likes'
  | 'views'
  | 'followers'
  | 'comments'
  | 'autoLikes'
  | 'autoViews';

/** Rounds half up to a whole minor unit (x.5 → x+1). */
export function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5);
}

/** The tier that applies to a count: the highest whose start is at or below it. */
export function tierFor(tiers: readonly PriceTier[], count: number): PriceTier {
  let chosen: PriceTier | undefined;
  for (const tier of tiers) {
    if (tier.from <= count && (!chosen || tier.from > chosen.from)) chosen = tier;
  }
  if (!chosen) throw new RangeError(`No price tier covers ${count}`);
  return chosen;
}

/** Two tiers of one list where the one for the larger quantity costs more per unit. */
export interface TierInversion {
  /** the tier with the lower start (the cheaper one) */
  smaller: PriceTier;
  /** the tier with the higher start, priced above `smaller` */
  larger: PriceTier;
}

/**
 * The one rule of a tier list (one client and currency): a larger quantity never costs more
 * per unit than a smaller one, so no tier is priced above a tier that starts below it (equal
 * is fine). The first tier (by start) that breaks it comes back with the cheapest tier before
 * it, or null when the list keeps the rule. The staff console's price edits and the catalogue
 * seed both pass it (docs/architecture.md, "Prices").
 */
export function tierInversion(tiers: readonly PriceTier[]): TierInversion | null {
  const sorted = [...tiers].sort((a, b) => a.from - b.from);
  let cheapest: PriceTier | undefined;
  for (const tier of sorted) {
    if (cheapest && tier.micro > cheapest.micro) return { smaller: cheapest, larger: tier };
    if (!cheapest || tier.micro < cheapest.micro) cheapest = tier;
  }
  return null;
}

/**
 * A unit price in millionths of a minor unit as the price of 1000 units in major units, with
 * at least two decimals and as many more as it needs (18 500 000 → "185.00", 650 000 → "6.50").
 */
export function per1000Major(micro: number): string {
  const text = (micro / 100_000).toFixed(5);
  return text.replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** count × the unit price of its tier, rounded half up, never below the minimum charge. */
export function tieredCost(tiers: readonly PriceTier[], count: number, minCharge = 0): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('Provide an integer');
  return Math.max(minCharge, roundHalfUp((count * tierFor(tiers, count).micro) / 1_000_000));
}

/** The same count at the first (base) tier's unit price: what the saving is measured against. */
export function baseCost(tiers: readonly PriceTier[], count: number): number {
  const first = [...tiers].sort((a, b) => a.from - b.from)[0];
  if (!first) throw new RangeError('No price tiers');
  return roundHalfUp((count * first.micro) / 1_000_000);
}

export interface Quote {
  /** what the buyer pays */
  cost: number;
  /** what they save against the base unit price: volume saving plus their level's percent */
  discount: number;
}

/**
 * docs/product.md orderCost: [cost, discount] in minor units. The level percent (0 for guests) comes
 * off the tiered cost; the minimum charge still holds.
 */
export function quote(
  tiers: readonly PriceTier[],
  count: number,
  { percent = 0, minCharge = 0 } = {},
): Quote {
  const tiered = tieredCost(tiers, count, minCharge);
  const cost = Math.max(minCharge, tiered - roundHalfUp((tiered * percent) / 100));
  return { cost, discount: Math.max(0, baseCost(tiers, count) - cost) };
}

/**
 * The least share of the price before it that a saving must reach to be shown (the order
 * form's "You save", the packages' "Save n%"): one rule in every currency, so a rouble
 * package does not boast of 5 ₽ (2.6 %) while the same package in dollars saves 29 %.
 */
export const SAVING_SHOWN_FROM_PERCENT = 5;

/**
 * A saving as the storefront shows it: what `after` saves against `before` (the same quantity
 * at the price it is measured against), in whole percent of `before`, or null below
 * SAVING_SHOWN_FROM_PERCENT. The one rule of every "save n %" in every currency.
 */
export function savingPercent(before: number, after: number): number | null {
  if (!(before > 0) || after >= before) return null;
  const percent = Math.round(((before - after) / before) * 100);
  return percent >= SAVING_SHOWN_FROM_PERCENT ? percent : null;
}

/** A quote's saving as the storefront shows it: its percent of the price before, or null. */
export function shownSaving(cost: number, discount: number): number | null {
  return discount > 0 ? savingPercent(cost + discount, cost) : null;
}

/** The quantities a service page may offer as ready packages; it shows the first four. */
export const PACKAGE_COUNTS: readonly number[] = [100, 1_000, 5_000, 10_000, 25_000, 100_000];
export const PACKAGES_SHOWN = 4;

/** `start`: the smallest package; `best`: the one with the lowest price per unit. */
export type PackageBadge = 'start' | 'best';

export interface PackageOffer {
  count: number;
  /** minor units */
  cost: number;
  /** what its price per unit saves against the smallest package's (savingPercent), or null */
  saving: number | null;
  badge: PackageBadge | null;
}

/**
 * A service page's ready packages from its storefront prices (count → cost, minor units of one
 * currency), worked out the same way in every currency:
 * - the packages are the first PACKAGES_SHOWN of PACKAGE_COUNTS that have a price;
 * - the smallest is the start (`start`): what the others are measured against, no saving;
 * - each other one saves its price per unit against the smallest's: savingPercent of the
 *   smallest's price for that many units and its own price (shown from 5 %);
 * - the best value (`best`) is the one whose saving is the largest (the lowest price per
 *   unit; on a tie the smaller package), when any saving is shown at all.
 */
export function packageOffers(
  prices: Readonly<Record<string, { cost: number } | undefined>>,
): PackageOffer[] {
  const priced = PACKAGE_COUNTS.filter((count) => prices[String(count)])
    .slice(0, PACKAGES_SHOWN)
    .map((count) => ({ count, cost: prices[String(count)]!.cost }));
  const first = priced[0];
  if (!first) return [];
  const offers: PackageOffer[] = priced.map(({ count, cost }, index) => ({
    count,
    cost,
    saving: index === 0 ? null : savingPercent((first.cost * count) / first.count, cost),
    badge: index === 0 ? 'start' : null,
  }));
  let best: PackageOffer | undefined;
  for (const offer of offers.slice(1)) {
    // a lower price per unit: cost / count below best's, compared without dividing
    if (offer.saving !== null && (!best || offer.cost * best.count < best.cost * offer.count))
      best = offer;
  }
  if (best) best.badge = 'best';
  return offers;
}

/**
 * docs/product.md §13: an auto service (auto-likes, auto-views) is ordered per post, and its quantity is
 * the average of the service's min and max, times the posts.
 */
export function autoQuantity(min: number, max: number, posts: number): number {
  if (!Number.isInteger(posts) || posts < 1) throw new RangeError('Provide an integer');
  return Math.round((min + max) / 2) * posts;
}

/**
 * The count an order is priced at: an auto order's average per post × its posts (one post for
 * a subscription to every new post), any other the quantity × its links × its drip-feed runs.
 */
export function pricedCount(order: {
  auto: boolean;
  quantity: number;
  /** an auto order's most per post (its least, `quantity`, when not given) */
  most?: number | null;
  posts?: number;
  links?: number;
  runs?: number;
}): number {
  const { quantity, posts = 1, links = 1, runs = 1 } = order;
  return order.auto
    ? autoQuantity(quantity, order.most ?? quantity, posts)
    : quantity * links * runs;
}

/** Discount levels (docs/product.md §4): reached by total paid in, never lowered. */
export interface DiscountLevel {
  level: number;
  /** total paid in, in major units of each currency, from which the level applies */
  from: { RUB: number; USD: number; EUR: number };
  percent: Record<DiscountGroup, number>;
  personalManager: boolean;
}

export const DISCOUNT_LEVELS: readonly DiscountLevel[] = [
  {
    level: 1,
    from: { RUB: 0, USD: 0, EUR: 0 },
    percent: {
      basic: 0,
      likes: 0,
      views: 0,
      followers: 0,
      comments: 0,
      autoLikes: 0,
      autoViews: 0,
    },
    personalManager: false,
  },
  {
    level: 2,
    from: { RUB: 5_000, USD: 100, EUR: 100 },
    percent: {
      basic: 3,
      likes: 5,
      views: 7,
      followers: 3,
      comments: 5,
      autoLikes: 5,
      autoViews: 7,
    },
    personalManager: false,
  },
  {
    level: 3,
    from: { RUB: 25_000, USD: 500, EUR: 500 },
    percent: {
      basic: 7,
      likes: 10,
      views: 15,
      followers: 7,
      comments: 10,
      autoLikes: 10,
      autoViews: 15,
    },
    personalManager: false,
  },
  {
    level: 4,
    from: { RUB: 50_000, USD: 1_000, EUR: 1_000 },
    percent: {
      basic: 10,
      likes: 15,
      views: 25,
      followers: 10,
      comments: 15,
      autoLikes: 15,
      autoViews: 25,
    },
    personalManager: false,
  },
  {
    level: 5,
    from: { RUB: 100_000, USD: 1_500, EUR: 1_500 },
    percent: {
      basic: 15,
      likes: 20,
      views: 30,
      followers: 15,
      comments: 20,
      autoLikes: 20,
      autoViews: 30,
    },
    personalManager: true,
  },
];

/** A referred user starts at level 2 (docs/product.md §4, §8). */
export const REFERRED_START_LEVEL = 2;

/**
 * The level a total paid in (minor units of the currency) reaches, never below the level
 * already held (levels are never lowered) nor below the referral start.
 */
export function levelFor(
  paidMinor: number,
  currency: 'RUB' | 'USD' | 'EUR',
  { held = 1, referred = false }: { held?: number; referred?: boolean } = {},
): DiscountLevel {
  const thresholds = DISCOUNT_LEVELS.map((entry) => ({
    level: entry.level,
    from: entry.from[currency] * 100,
  }));
  const level = levelReached(thresholds, paidMinor, { held, referred });
  return DISCOUNT_LEVELS.find((entry) => entry.level === level)!;
}

/**
 * The level a total paid in reaches on a list of thresholds (minor units of its currency):
 * the highest whose start it meets, never below the level held nor the referral start.
 */
export function levelReached(
  thresholds: readonly { level: number; from: number }[],
  paidMinor: number,
  { held = 1, referred = false }: { held?: number; referred?: boolean } = {},
): number {
  const reached = thresholds
    .filter((entry) => paidMinor >= entry.from)
    .reduce((best, entry) => Math.max(best, entry.level), 1);
  return Math.max(reached, held, referred ? REFERRED_START_LEVEL : 1);
}
