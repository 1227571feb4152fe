import {
  autoQuantity,
  baseCost,
  levelFor,
  PACKAGE_COUNTS,
  type PriceTier,
  packageOffers,
  per1000Major,
  pricedCount,
  quote,
  roundHalfUp,
  SAVING_SHOWN_FROM_PERCENT,
  shownSaving,
  tieredCost,
  tierFor,
  tierInversion,
} from './pricing.ts';

/** The seed's price list: Instagram likes on the storefront, in kopecks and in cents. */
const RUB_LIKES: PriceTier[] = [
  { from: 1, micro: 19_000_000 },
  { from: 1_000, micro: 18_500_000 },
  { from: 5_000, micro: 18_200_000 },
  { from: 10_000, micro: 17_900_000 },
  { from: 25_000, micro: 17_800_000 },
  { from: 50_000, micro: 17_500_000 },
];
const USD_LIKES: PriceTier[] = [
  { from: 1, micro: 990_000 },
  { from: 1_000, micro: 699_000 },
  { from: 5_000, micro: 599_800 },
  { from: 10_000, micro: 499_900 },
  { from: 25_000, micro: 479_960 },
  { from: 50_000, micro: 399_980 },
  { from: 100_000, micro: 379_990 },
];

describe('tiered prices (docs/product.md)', () => {
  it.each([
    [100, 1_900],
    [1_000, 18_500],
    [5_000, 91_000],
    [10_000, 179_000],
    [25_000, 445_000],
    [50_000, 875_000],
    [100_000, 1_750_000],
  ])('RUB: %i likes cost %i kopecks, the CATALOG price point', (count, kopecks) => {
    expect(tieredCost(RUB_LIKES, count)).toBe(kopecks);
  });

  it.each([
    [100, 99],
    [1_000, 699],
    [5_000, 2_999],
    [10_000, 4_999],
    [25_000, 11_999],
    [50_000, 19_999],
    [100_000, 37_999],
  ])('USD: %i likes cost %i cents, the CATALOG price point', (count, cents) => {
    expect(tieredCost(USD_LIKES, count)).toBe(cents);
  });

  it('switches tier exactly at its start', () => {
    expect(tierFor(USD_LIKES, 999).from).toBe(1);
    expect(tierFor(USD_LIKES, 1_000).from).toBe(1_000);
    expect(tierFor(USD_LIKES, 99_999).from).toBe(50_000);
    expect(tieredCost(USD_LIKES, 999)).toBe(989); // 999 × 0.99 ¢ = 989.01
    expect(tieredCost(USD_LIKES, 1_000)).toBe(699); // the bigger order costs less: the tier's point
  });

  it('rounds half up and never charges below the minimum', () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(2.4999)).toBe(2);
    expect(tieredCost([{ from: 1, micro: 5_000 }], 100)).toBe(1); // 0.5 ¢ → 1 ¢
    expect(tieredCost([{ from: 1, micro: 4_999 }], 100)).toBe(0);
    expect(tieredCost([{ from: 1, micro: 4_999 }], 100, 50)).toBe(50);
  });

  it('refuses counts that are not whole positive numbers', () => {
    expect(() => tieredCost(USD_LIKES, 0)).toThrow('Provide an integer');
    expect(() => tieredCost(USD_LIKES, 10.5)).toThrow('Provide an integer');
    expect(() => tieredCost([{ from: 100, micro: 1 }], 50)).toThrow(RangeError);
  });
});

describe('quote: [cost, discount]', () => {
  it('counts the volume saving against the base tier', () => {
    expect(baseCost(USD_LIKES, 1_000)).toBe(990);
    expect(quote(USD_LIKES, 1_000)).toEqual({ cost: 699, discount: 291 });
    expect(quote(USD_LIKES, 100)).toEqual({ cost: 99, discount: 0 });
  });

  it('takes the level percent off the tiered cost and adds it to the saving', () => {
    // level 3 likes: 10 % off 699 ¢ = 69.9 → 70
    expect(quote(USD_LIKES, 1_000, { percent: 10 })).toEqual({ cost: 629, discount: 361 });
    expect(quote(RUB_LIKES, 100, { percent: 20 })).toEqual({ cost: 1_520, discount: 380 });
  });

  it('keeps the minimum charge after the discount', () => {
    expect(quote([{ from: 1, micro: 10_000 }], 100, { percent: 50, minCharge: 1 })).toEqual({
      cost: 1,
      discount: 0,
    });
  });
});

describe('auto services (docs/product.md §13)', () => {
  it('orders the average of min and max per post, times the posts', () => {
    expect(autoQuantity(100, 200, 1)).toBe(150);
    expect(autoQuantity(100, 200, 10)).toBe(1_500);
    expect(autoQuantity(101, 200, 3)).toBe(453); // avg 150.5 → 151
    expect(() => autoQuantity(100, 200, 0)).toThrow('Provide an integer');
  });
});

describe('pricedCount: the count an order is priced at', () => {
  it('prices an auto order at its average per post × posts, links and runs aside', () => {
    expect(
      pricedCount({ auto: true, quantity: 100, most: 200, posts: 10, links: 3, runs: 4 }),
    ).toBe(1_500);
    expect(pricedCount({ auto: true, quantity: 100, posts: 2 })).toBe(200);
    expect(pricedCount({ auto: true, quantity: 100, most: null })).toBe(100);
  });

  it('prices any other order at quantity × links × runs', () => {
    expect(pricedCount({ auto: false, quantity: 500 })).toBe(500);
    expect(pricedCount({ auto: false, quantity: 500, links: 3 })).toBe(1_500);
    expect(pricedCount({ auto: false, quantity: 500, runs: 4, most: 900, posts: 7 })).toBe(2_000);
  });
});

describe('discount levels (docs/product.md §4)', () => {
  it('follows the total paid in, per currency', () => {
    expect(levelFor(0, 'RUB').level).toBe(1);
    expect(levelFor(499_999, 'RUB').level).toBe(1);
    expect(levelFor(500_000, 'RUB').level).toBe(2);
    expect(levelFor(2_500_000, 'RUB').level).toBe(3);
    expect(levelFor(10_000_000, 'RUB').level).toBe(5);
    expect(levelFor(9_999, 'USD').level).toBe(1);
    expect(levelFor(10_000, 'USD').level).toBe(2);
    expect(levelFor(150_000, 'EUR').level).toBe(5);
  });

  it('never lowers a level and starts referred users at level 2', () => {
    expect(levelFor(0, 'USD', { held: 4 }).level).toBe(4);
    expect(levelFor(0, 'USD', { referred: true }).level).toBe(2);
    expect(levelFor(60_000, 'USD', { referred: true }).level).toBe(3);
  });

  it('gives the CATALOG percents per group, and level 5 a personal manager', () => {
    expect(levelFor(10_000, 'USD').percent).toMatchObject({
      likes: 5,
      views: 7,
      followers: 3,
      autoViews: 7,
    });
    expect(levelFor(150_000, 'USD')).toMatchObject({
      personalManager: true,
      percent: { views: 30, basic: 15 },
    });
  });
});

describe('shownSaving (one savings rule in every currency)', () => {
  it('shows the 1,000-likes package’s saving in dollars and not a 2.6 % one in roubles', () => {
    // the seed's price list: $0.99 per 100, $6.99 per 1,000; 19 ₽ per 100, 185 ₽ per 1,000
    expect(shownSaving(699, 291)).toBe(29);
    expect(shownSaving(18_500, 500)).toBeNull();
  });

  it('shows a saving from 5 % of the price before it, and none without a discount', () => {
    expect(shownSaving(9_500, 500)).toBe(SAVING_SHOWN_FROM_PERCENT);
    expect(shownSaving(9_600, 400)).toBeNull();
    expect(shownSaving(1_000, 0)).toBeNull();
    expect(shownSaving(0, 0)).toBeNull();
  });
});

describe('tierInversion: a larger quantity never costs more per unit', () => {
  it('passes the catalogue’s tiers, and tiers that keep a price', () => {
    expect(tierInversion(RUB_LIKES)).toBeNull();
    expect(tierInversion(USD_LIKES)).toBeNull();
    expect(
      tierInversion([
        { from: 1, micro: 5 },
        { from: 10, micro: 5 },
      ]),
    ).toBeNull();
    expect(tierInversion([{ from: 1, micro: 5 }])).toBeNull();
  });

  it('names the first tier priced above one before it, with the cheapest before it', () => {
    // the review: 150 ₽ per 1,000 from 1, 185 ₽ from 1,000 (100 for 15 ₽, 1,000 for 185 ₽)
    expect(
      tierInversion([
        { from: 1000, micro: 18_500_000 },
        { from: 1, micro: 15_000_000 },
      ]),
    ).toEqual({
      smaller: { from: 1, micro: 15_000_000 },
      larger: { from: 1000, micro: 18_500_000 },
    });
    expect(
      tierInversion([
        { from: 1, micro: 900 },
        { from: 100, micro: 600 },
        { from: 1000, micro: 700 },
        { from: 5000, micro: 800 },
      ]),
    ).toEqual({ smaller: { from: 100, micro: 600 }, larger: { from: 1000, micro: 700 } });
  });

  it('writes a unit price as the price of 1000 in major units', () => {
    expect(per1000Major(18_500_000)).toBe('185.00');
    expect(per1000Major(650_000)).toBe('6.50');
    expect(per1000Major(599_800)).toBe('5.998');
    expect(per1000Major(1)).toBe('0.00001');
  });
});

describe('packageOffers: one savings rule for a service page’s packages', () => {
  /** A price table of the package counts at a list of prices (minor units). */
  const table = (costs: number[]) =>
    Object.fromEntries(costs.map((cost, index) => [String(PACKAGE_COUNTS[index]), { cost }]));
  const shown = (costs: number[]) =>
    packageOffers(table(costs)).map(({ count, saving, badge }) => [count, saving, badge]);

  it('badges the smallest package alone as the start, and the largest saving as the best', () => {
    // the review's roubles: 19 / 185 / 910 / 1,790 ₽; the 5,000 was "for a start" too
    expect(shown([1_900, 18_500, 91_000, 179_000])).toEqual([
      [100, null, 'start'],
      [1_000, null, null],
      [5_000, null, null],
      [10_000, 6, 'best'],
    ]);
    expect(shown([99, 699, 2_999, 4_999])).toEqual([
      [100, null, 'start'],
      [1_000, 29, null],
      [5_000, 39, null],
      [10_000, 50, 'best'],
    ]);
  });

  it('works the same in every currency: the same prices at another rate save the same', () => {
    const rouble = [1_900, 16_000, 70_000, 150_000, 300_000];
    for (const rate of [1, 1 / 82.5, 1 / 95.4])
      expect(shown(rouble.map((cost) => Math.round(cost * rate * 100)))).toEqual([
        [100, null, 'start'],
        [1_000, 16, null],
        [5_000, 26, 'best'],
        [10_000, 21, null],
      ]);
  });

  it('gives the best to the smaller package on a tie, and none when nothing saves enough', () => {
    expect(shown([1_000, 9_000, 45_000]).map(([, , badge]) => badge)).toEqual([
      'start',
      'best',
      null,
    ]);
    expect(shown([1_000, 9_800, 49_000]).map(([, , badge]) => badge)).toEqual([
      'start',
      null,
      null,
    ]);
  });

  it('measures against the smallest package the service has, and shows at most four', () => {
    const offers = packageOffers({
      '1000': { cost: 1_000 },
      '5000': { cost: 4_000 },
      '10000': { cost: 7_000 },
      '25000': { cost: 15_000 },
      '100000': { cost: 50_000 },
    });
    expect(offers.map(({ count, saving, badge }) => [count, saving, badge])).toEqual([
      [1_000, null, 'start'],
      [5_000, 20, null],
      [10_000, 30, null],
      [25_000, 40, 'best'],
    ]);
    expect(packageOffers({})).toEqual([]);
  });
});
