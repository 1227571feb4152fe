/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderFormSaga } from '#client/features/order-form/order-form.saga.ts';
import { ORDER_FORM_ID, OrderForm } from '#client/features/order-form/order-form.tsx';
import type { PriceTable } from '#shared/catalog.ts';
import type { Currency } from '#shared/regions.ts';
import { pagePath } from '#shared/routes.ts';
import {
  INFORMERS as FORM_INFORMERS,
  instagramServices,
  orderFormApi,
} from '#tests/support/order-form-fixtures.ts';
import { appStore, renderPage, stopSagas, visitorState } from '#tests/support/render.tsx';
import { PackageCards } from './package-cards.tsx';

/**
 * A service page's packages: the badge and "save n %" come from the price per unit against the
 * smallest package (shared/pricing.ts packageOffers), the same way in every currency.
 */
const COUNTS = [100, 1_000, 5_000, 10_000];
/** Instagram likes' storefront prices (seed: catalog-data.ts), minor units. */
const COSTS: Record<Currency, number[]> = {
  RUB: [1_900, 18_500, 91_000, 179_000],
  USD: [99, 699, 2_999, 4_999],
  EUR: [99, 699, 2_999, 4_999],
};
const INFORMERS: PriceTable = Object.fromEntries(
  Object.entries(COSTS).map(([currency, costs]) => [
    currency,
    {
      INSTAGRAM_LIKES: Object.fromEntries(
        // `discount` against the first tier, as informers/tiny gives it
        costs.map((cost, index) => [
          String(COUNTS[index]),
          { cost, discount: Math.round((costs[0]! * COUNTS[index]!) / 100) - cost },
        ]),
      ),
    },
  ]),
);

/** Each card's words after its count and price: its badge or saving, or nothing. */
function cards(currency: Currency) {
  renderPage(
    <PackageCards
      platform="instagram"
      tag="INSTAGRAM_LIKES"
      informers={INFORMERS}
      formId="order-form"
    />,
    { store: appStore({ visitor: visitorState({ currency }) }) },
  );
  const list = screen.getByRole('list', { name: 'Popular packages' });
  return within(list)
    .getAllByRole('button')
    .map((button) => [...button.children].slice(2).map((part) => part.textContent));
}

describe('the packages of a service page', () => {
  it('badges only the smallest package for a start in roubles, and the best value by its saving', () => {
    // 1,000 saves 2.6 % and 5,000 4.2 %: too little to show, and neither is "for a start"
    expect(cards('RUB')).toEqual([['Starter'], [], [], ['Best value · save 6%']]);
  });

  it.each(['USD', 'EUR'] as const)('does the same in %s', (currency) => {
    expect(cards(currency)).toEqual([
      ['Starter'],
      ['Save 29%'],
      ['Save 39%'],
      ['Best value · save 50%'],
    ]);
  });
});

describe('a package and the order form beside it', () => {
  let api: ReturnType<typeof orderFormApi>;
  beforeEach(() => {
    sessionStorage.clear();
    api = orderFormApi();
  });
  afterEach(() => {
    stopSagas();
    api.restore();
  });

  it('puts a package into the form, on its service, and brings the form into view', async () => {
    const user = userEvent.setup();
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const data = {
      platform: 'instagram' as const,
      services: instagramServices('CLIENT_MAIN'),
      informers: FORM_INFORMERS,
    };
    renderPage(
      <>
        <OrderForm data={data} pageId="service:instagram-likes" pageService="INSTAGRAM_LIKES" />
        <PackageCards
          platform="instagram"
          tag="INSTAGRAM_LIKES"
          informers={FORM_INFORMERS}
          formId={ORDER_FORM_ID}
        />
      </>,
      {
        store: appStore({}, orderFormSaga),
        path: pagePath('service:instagram-likes', 'en'),
        pageId: 'service:instagram-likes',
      },
    );
    const quantityGroup = () => screen.getByRole('group', { name: 'Quantity' });
    // the buyer wandered off to followers first
    await user.click(screen.getByRole('button', { name: 'Followers' }));
    expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeTruthy();

    const packages = screen.getByRole('list', { name: 'Popular packages' });
    await user.click(within(packages).getByRole('button', { name: /^5,000 \$29\.99/ }));
    expect(screen.getByRole('button', { name: 'Likes', pressed: true })).toBeTruthy();
    expect(
      within(quantityGroup()).getByRole('button', { name: '5,000', pressed: true }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $29.99' })).toBeTruthy();
    expect(scrolled.mock.contexts).toEqual([screen.getByTestId('order-form')]);
    scrolled.mockRestore();
  });
});
