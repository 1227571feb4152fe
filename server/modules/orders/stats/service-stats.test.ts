import type { OrderTimings } from './service-stats.repository.ts';
import { figuresOf, nearestRank } from './service-stats.ts';

describe('nearestRank', () => {
  it('is the ⌈p·n⌉-th value in ascending order, null without values', () => {
    expect(nearestRank([], 0.5)).toBeNull();
    expect(nearestRank([7], 0.9)).toBe(7);
    // an even count's median is the lower middle value
    expect(nearestRank([4, 1, 3, 2], 0.5)).toBe(2);
    expect(nearestRank([5, 1, 4, 2, 3], 0.5)).toBe(3);
    // p90 of 10 is the 9th, of 11 the 10th
    expect(nearestRank([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 0.9)).toBe(9);
    expect(nearestRank([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 0.9)).toBe(10);
  });
});

describe('figuresOf', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
  const completed = (overrides: Partial<OrderTimings> = {}): OrderTimings => ({
    tag: 'X',
    status: 'COMPLETED',
    count: 1000,
    refunded: 0,
    paid_at: at(0),
    started_at: at(5),
    completed_at: at(65),
    refill_at: null,
    ...overrides,
  });

  it('publishes only the count below the minimum of orders', () => {
    expect(figuresOf([completed(), completed()], 3)).toEqual({
      start_median_min: null,
      speed_p90_min_per_1000: null,
      completion_rate: null,
      refill_rate_30d: null,
      orders_30d: 2,
    });
  });

  it('counts a refill asked within 30 days of completion, not one asked later', () => {
    const day = 24 * 60;
    const figures = figuresOf(
      [
        completed({ refill_at: at(65 + 30 * day) }),
        completed({ refill_at: at(65 + 30 * day + 1) }),
        completed(),
        completed({ status: 'RUNNING', completed_at: null }),
      ],
      1,
    );
    expect(figures).toEqual({
      start_median_min: 5,
      // 60 minutes for 1 000 units
      speed_p90_min_per_1000: 60,
      completion_rate: 1,
      refill_rate_30d: 0.333,
      orders_30d: 4,
    });
  });

  it('rounds minutes to whole ones after taking the rank, rates to 3 decimals', () => {
    const figures = figuresOf(
      [
        // 2.5 min to start, 90 s for 1 000 units (45 s for 500)
        completed({ started_at: at(2.5), completed_at: at(2.5 + 0.75), count: 500 }),
        completed({ status: 'PARTIAL', started_at: at(1), completed_at: null }),
        completed({ status: 'CANCELED', started_at: null, completed_at: null }),
      ],
      1,
    );
    // the median of [1, 2.5] is 1; p90 of [1.5] is 1.5 → 2; 1 of 3 ended in full
    expect(figures).toMatchObject({
      start_median_min: 1,
      speed_p90_min_per_1000: 2,
      completion_rate: 0.333,
    });
  });
});
