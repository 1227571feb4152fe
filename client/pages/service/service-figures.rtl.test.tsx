/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { cleanup, screen, within } from '@testing-library/react';
import { type ServiceFigures as Figures, NO_FIGURES } from '#shared/catalog.ts';
import { appStore, renderPage } from '#tests/support/render.tsx';
import { ServiceData } from './service-data.tsx';
import { ServiceFigures } from './service-figures.tsx';

/**
 * A service page's figures of the last 30 days beside the catalogue's promise: each figure
 * said in the page's words and number format, or, below 20 orders, that there are not
 * enough yet, the promise standing alone as the catalogue's; the structured data states them.
 */
afterEach(cleanup);

const MEASURED: Figures = {
  start_median_min: 12,
  speed_p90_min_per_1000: 180,
  completion_rate: 0.97,
  refill_rate_30d: 0.02,
  orders_30d: 1240,
};

function show(stats: Figures | undefined, platform: 'instagram' | 'youtube' = 'instagram') {
  renderPage(<ServiceFigures platform={platform} kind="likes" stats={stats} />, {
    store: appStore({}),
    sets: ['kept'],
  });
  return screen.getByRole('region', { name: 'How this service really performs' });
}

it('says each figure, formatted, and how many orders they come from', async () => {
  const block = show(MEASURED);
  const measured = await screen.findByTestId('service-figures-measured');
  expect(
    within(measured)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Starts in about 12 min',
    '1,000 delivered within 3 hr for 9 orders in 10',
    '97% completed in full',
    'Refills asked for 2%',
  ]);
  expect(measured.textContent).toContain('From 1,240 orders in the last 30 days');
  expect(block.textContent).not.toContain('Not enough orders yet');
  // the promise is there too, named as the catalogue's
  const promise = screen.getByTestId('service-figures-promise');
  expect(promise.textContent).toContain("The catalogue's promise");
  expect(promise.textContent).toContain('Start5–30 minutes');
  expect(promise.textContent).toContain('Speedup to 20,000 a day');
});

it('leaves out a figure without orders to work it out from', async () => {
  show({ ...MEASURED, speed_p90_min_per_1000: null, start_median_min: 95 });
  const items = within(await screen.findByTestId('service-figures-measured')).getAllByRole(
    'listitem',
  );
  expect(items.map((item) => item.dataset.figure)).toEqual(['start', 'completed', 'refills']);
  expect(items[0]?.textContent).toContain('Starts in about 1 hr 35 min');
});

it('says there are not enough orders yet below 20, and shows the promise as the catalogue’s', async () => {
  show({ ...NO_FIGURES, orders_30d: 7 }, 'youtube');
  const measured = await screen.findByTestId('service-figures-measured');
  expect(measured.textContent).toContain('Not enough orders yet');
  expect(measured.textContent).toContain('so far it has 7');
  expect(within(measured).queryByRole('list')).toBeNull();
  const promise = screen.getByTestId('service-figures-promise');
  expect(promise.textContent).toContain("The catalogue's promise");
  expect(promise.textContent).toContain('within 24 hours');
});

it('says the same without any stats at all (a service no order was paid for)', async () => {
  show(undefined);
  expect((await screen.findByTestId('service-figures-measured')).textContent).toContain(
    'Not enough orders yet',
  );
});

describe('structured data', () => {
  const ld = (stats: Figures | undefined) => {
    const { container } = renderPage(
      <ServiceData
        locale="en"
        title="Instagram likes"
        description="Likes"
        platform="instagram"
        platformName="Instagram"
        costs={[99]}
        currency="USD"
        origin="https://boostly.test"
        stats={stats}
        url="/en/instagram/likes/"
      />,
      { store: appStore({}), sets: ['kept'] },
    );
    const [product] = [...container.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '{}'),
    );
    return product;
  };

  it('states the median start as the offer’s delivery lead time and the rest as properties', async () => {
    const product = ld(MEASURED);
    expect(product.offers.deliveryLeadTime).toEqual({
      '@type': 'QuantitativeValue',
      value: 12,
      unitCode: 'MIN',
    });
    expect(
      product.additionalProperty.map((entry: { propertyID: string; value: number }) => [
        entry.propertyID,
        entry.value,
      ]),
    ).toEqual([
      ['speed_p90_min_per_1000', 180],
      ['completion_rate', 0.97],
      ['refill_rate_30d', 0.02],
      ['orders_30d', 1240],
    ]);
    expect(product.additionalProperty[3].name).toBe('Orders in the last 30 days');
    expect(product.aggregateRating).toBeUndefined();
  });

  it('states nothing of the kind below 20 orders', () => {
    const product = ld({ ...NO_FIGURES, orders_30d: 7 });
    expect(product.offers.deliveryLeadTime).toBeUndefined();
    expect(product.additionalProperty).toBeUndefined();
  });
});
