import type { PriceTable, ServiceView } from '#shared/catalog.ts';
import { fromPrices } from './informer-prices.ts';

const service = (tag: string, page: string | null) => ({ tag, page }) as ServiceView;
const services = [
  service('IG_LIKES', 'instagram-likes'),
  service('IG_LIKES_MULTI', 'instagram-likes'),
  service('IG_SAVES', null),
  service('IG_FOLLOWERS', 'instagram-followers'),
];
const informers: PriceTable = {
  USD: {
    IG_LIKES: { '100': { cost: 90, discount: 0 }, '1000': { cost: 690, discount: 0 } },
    IG_LIKES_MULTI: { '100': { cost: 10, discount: 0 } },
    IG_SAVES: { '100': { cost: 5, discount: 0 } },
  },
  RUB: { IG_LIKES: { '100': { cost: 7900, discount: 0 } } },
};

describe('fromPrices', () => {
  it("gives each service page its single service's smallest price, in the currency asked", () => {
    expect(fromPrices(services, informers, 'USD')).toEqual({ 'instagram-likes': 90 });
    expect(fromPrices(services, informers, 'RUB')).toEqual({ 'instagram-likes': 7900 });
    expect(fromPrices(services, informers, 'EUR')).toEqual({});
  });

  it('works a table, list and currency out once (every landing render asks again)', () => {
    const first = fromPrices(services, informers, 'USD');
    expect(fromPrices(services, informers, 'USD')).toBe(first);
    expect(fromPrices(services, informers, 'RUB')).not.toBe(first);
    // another table (a price change makes new views) is worked out afresh
    const changed: PriceTable = { USD: { IG_LIKES: { '100': { cost: 80, discount: 0 } } } };
    expect(fromPrices(services, changed, 'USD')).toEqual({ 'instagram-likes': 80 });
  });
});
