/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, within } from '@testing-library/react';
import type { PriceTable } from '#shared/catalog.ts';
import type { Currency } from '#shared/regions.ts';
import { appStore, renderPage, visitorState } from '#tests/support/render.tsx';
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
