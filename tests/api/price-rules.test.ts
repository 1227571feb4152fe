import request from 'supertest';
import { PACKAGE_COUNTS, packageOffers, tierInversion } from '#shared/pricing.ts';
import { CURRENCIES } from '#shared/regions.ts';
import { createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';

/**
 * The price rules over the seeded catalogue (docs/architecture.md, "Prices"), on SQLite and
 * PostgreSQL: no tier list of any service, client and currency makes a larger quantity cost
 * more per unit; and a service page's packages take their saving and badge from the price
 * per unit against the smallest package, the same way in RUB, USD and EUR.
 */
describe.each(ENGINES)('the seeded catalogue’s prices on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({}, { engine });
  });
  afterAll(() => t.database.close());

  it('never costs more per unit at a larger quantity: every service × client × currency', async () => {
    const rows = await t.database.db
      .selectFrom('price_tiers')
      .innerJoin('services', 'services.id', 'price_tiers.service_id')
      .select(['services.tag', 'client', 'currency', 'from_count', 'micro'])
      .execute();
    const lists = new Map<string, { from: number; micro: number }[]>();
    for (const row of rows) {
      const key = `${row.tag} ${row.client} ${row.currency}`;
      lists.set(key, [
        ...(lists.get(key) ?? []),
        { from: Number(row.from_count), micro: Number(row.micro) },
      ]);
    }
    const services = await t.database.db.selectFrom('services').select('tag').execute();
    // every seeded service is priced for both clients in every currency
    expect(lists.size).toBe(services.length * 2 * CURRENCIES.length);
    const broken = [...lists]
      .map(([key, tiers]) => [key, tierInversion(tiers)] as const)
      .filter(([, inversion]) => inversion !== null);
    expect(broken).toEqual([]);
  });

  /** The storefront's price table of every currency, as a service page reads it. */
  async function informers() {
    const res = await request(t.app)
      .get(`/api/informers/tiny?counts=${PACKAGE_COUNTS.join(',')}`)
      .expect(200);
    return res.body.data as Record<string, Record<string, Record<string, { cost: number }>>>;
  }

  it.each(CURRENCIES.map((currency) => [currency]))(
    'badges and savings of every service page’s packages in %s: per unit against the smallest',
    async (currency) => {
      const table = (await informers())[currency]!;
      // the services of service pages (a "several posts" twin has no page of its own)
      const tags = Object.keys(table).filter((tag) => !tag.endsWith('_MULTI'));
      expect(tags.length).toBeGreaterThan(30);
      for (const tag of tags) {
        const offers = packageOffers(table[tag]!);
        const [first, ...others] = offers;
        // "for a start" belongs to the smallest package alone
        expect(offers.filter((offer) => offer.badge === 'start')).toEqual([first]);
        expect(first!.count).toBe(Math.min(...offers.map((offer) => offer.count)));
        expect(first!.saving).toBeNull();
        for (const offer of others) {
          // the price per unit against the smallest package's, in whole percent, from 5 %
          const percent = Math.round(
            (1 - offer.cost / offer.count / (first!.cost / first!.count)) * 100,
          );
          expect({ count: offer.count, saving: offer.saving }).toEqual({
            count: offer.count,
            saving: percent >= 5 ? percent : null,
          });
        }
        // the best value: the largest saving shown, one package at most
        const best = offers.filter((offer) => offer.badge === 'best');
        const shown = others.filter((offer) => offer.saving !== null);
        expect(best).toHaveLength(shown.length ? 1 : 0);
        if (best[0])
          for (const offer of shown)
            expect(best[0].cost / best[0].count).toBeLessThanOrEqual(offer.cost / offer.count);
      }
    },
  );

  it('shows the review’s Instagram likes packages by the one rule in each currency', async () => {
    const table = await informers();
    const shown = (currency: string) =>
      packageOffers(table[currency]!.INSTAGRAM_LIKES!).map(({ count, saving, badge }) => [
        count,
        saving,
        badge,
      ]);
    // roubles: 1,000 saves 2.6 % and 5,000 4.2 % (nothing to show), 10,000 5.8 %
    expect(shown('RUB')).toEqual([
      [100, null, 'start'],
      [1_000, null, null],
      [5_000, null, null],
      [10_000, 6, 'best'],
    ]);
    for (const currency of ['USD', 'EUR'])
      expect(shown(currency)).toEqual([
        [100, null, 'start'],
        [1_000, 29, null],
        [5_000, 39, null],
        [10_000, 50, 'best'],
      ]);
  });
});
