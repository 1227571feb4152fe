import { tierInversion } from '../../shared/pricing.ts';
import { CURRENCIES } from '../../shared/regions.ts';
import { createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';

/**
 * The price rules over the seeded catalogue (docs/architecture.md, "Prices"), on SQLite and
 * PostgreSQL: no tier list of any service, client and currency makes a larger quantity cost
 * more per unit.
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

});
