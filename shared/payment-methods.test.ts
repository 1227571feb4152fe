import {
  availableIn,
  balanceAvailable,
  methodState,
  type PaymentMethod,
  type PaymentMethodsData,
  topUpAmount,
} from './payment-methods.ts';

function method(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 1,
    code: 'card',
    order: 1,
    currencies: ['USD', 'RUB'],
    country_filter: 'every',
    countries: [],
    limits: { USD: { min: 100, max: 10_000 }, RUB: { min: 5_000, max: 1_000_000 } },
    group: null,
    show_agreement_flag: false,
    ...overrides,
  };
}

/** A data set where `cards` holds two methods and `crypto` only one. */
const DATA: PaymentMethodsData = {
  methods: [],
  groups: {
    cards: { id: 'cards', order: 1, methods: [1, 2] },
    crypto: { id: 'crypto', order: 2, methods: [3] },
  },
};

describe('availableIn (docs/product.md §3 country filter)', () => {
  it('every: any country, whatever the list says', () => {
    expect(availableIn({ country_filter: 'every', countries: [] }, 'DE')).toBe(true);
    expect(availableIn({ country_filter: 'every', countries: ['DE'] }, 'DE')).toBe(true);
    expect(availableIn({ country_filter: 'every', countries: ['DE'] }, 'UNKNOWN')).toBe(true);
  });

  it('onlyAt: only the listed countries', () => {
    const only = { country_filter: 'onlyAt' as const, countries: ['RU', 'KZ'] };
    expect(availableIn(only, 'RU')).toBe(true);
    expect(availableIn(only, 'KZ')).toBe(true);
    expect(availableIn(only, 'US')).toBe(false);
    expect(availableIn({ country_filter: 'onlyAt', countries: [] }, 'RU')).toBe(false);
  });

  it('everyExcept: all but the listed countries', () => {
    const except = { country_filter: 'everyExcept' as const, countries: ['RU', 'BY'] };
    expect(availableIn(except, 'RU')).toBe(false);
    expect(availableIn(except, 'BY')).toBe(false);
    expect(availableIn(except, 'DE')).toBe(true);
    expect(availableIn({ country_filter: 'everyExcept', countries: [] }, 'RU')).toBe(true);
  });
});

describe('methodState (docs/product.md §15 method visibility)', () => {
  it('hides a method that does not take the currency, even while the price is unknown', () => {
    const usdOnly = method({ currencies: ['USD'], limits: { USD: { min: 100, max: 10_000 } } });
    expect(methodState(usdOnly, DATA, 'EUR', 500)).toEqual({ shown: false });
    expect(methodState(usdOnly, DATA, 'EUR', null)).toEqual({ shown: false });
  });

  it('hides a method listing the currency but without limits for it', () => {
    const noLimits = method({ currencies: ['USD', 'EUR'], limits: { USD: { min: 1, max: 9 } } });
    expect(methodState(noLimits, DATA, 'EUR', 5)).toEqual({ shown: false });
  });

  it('shows a method enabled when the price is inside its limits', () => {
    expect(methodState(method(), DATA, 'USD', 5_000)).toEqual({ shown: true, disabled: false });
    expect(methodState(method(), DATA, 'RUB', 50_000)).toEqual({ shown: true, disabled: false });
  });

  it('shows a method enabled while the price is unknown (null), even in a busy group', () => {
    expect(methodState(method({ group: 'cards' }), DATA, 'USD', null)).toEqual({
      shown: true,
      disabled: false,
    });
  });

  it('treats both limits as inside: price == min and price == max are enabled', () => {
    const grouped = method({ group: 'cards' });
    expect(methodState(grouped, DATA, 'USD', 100)).toEqual({ shown: true, disabled: false });
    expect(methodState(grouped, DATA, 'USD', 10_000)).toEqual({ shown: true, disabled: false });
    // one minor unit out on either side leaves the limits
    expect(methodState(grouped, DATA, 'USD', 99)).toEqual({ shown: false });
    expect(methodState(grouped, DATA, 'USD', 10_001)).toEqual({ shown: false });
  });

  it("disables a method alone in its group with 'min' below the min and 'max' above the max", () => {
    const lone = method({ id: 3, group: 'crypto' });
    expect(methodState(lone, DATA, 'USD', 99)).toEqual({ shown: true, disabled: 'min' });
    expect(methodState(lone, DATA, 'USD', 10_001)).toEqual({ shown: true, disabled: 'max' });
  });

  it("disables an ungrouped method (group null) with 'min' or 'max'", () => {
    const ungrouped = method({ group: null });
    expect(methodState(ungrouped, DATA, 'USD', 1)).toEqual({ shown: true, disabled: 'min' });
    expect(methodState(ungrouped, DATA, 'USD', 1_000_000)).toEqual({
      shown: true,
      disabled: 'max',
    });
  });

  it('hides a method outside its limits when its group has more than one method', () => {
    const grouped = method({ id: 1, group: 'cards' });
    expect(methodState(grouped, DATA, 'USD', 1)).toEqual({ shown: false });
    expect(methodState(grouped, DATA, 'USD', 1_000_000)).toEqual({ shown: false });
  });

  it('uses the limits of the asked currency', () => {
    // 5 000 is inside the USD limits but below the RUB minimum of this method
    expect(methodState(method(), DATA, 'USD', 5_000)).toEqual({ shown: true, disabled: false });
    expect(methodState(method(), DATA, 'RUB', 4_999)).toEqual({ shown: true, disabled: 'min' });
  });
});

describe('balanceAvailable (docs/product.md §15 balance payment)', () => {
  const ok = { enabled: true, price: 1_000, loggedIn: true, balance: 5_000 };

  it('is available when enabled, priced, logged in and the balance covers the price', () => {
    expect(balanceAvailable(ok)).toBe(true);
    expect(balanceAvailable({ ...ok, balance: 1_000 })).toBe(true);
  });

  it('is unavailable when not enabled', () => {
    expect(balanceAvailable({ ...ok, enabled: false })).toBe(false);
  });

  it('is unavailable while the price is not set', () => {
    expect(balanceAvailable({ ...ok, price: null })).toBe(false);
  });

  it('is unavailable for a visitor who is not logged in, whatever the balance', () => {
    expect(balanceAvailable({ ...ok, loggedIn: false, balance: 1_000_000 })).toBe(false);
  });

  it('is unavailable when the balance is below the price, by one minor unit too', () => {
    expect(balanceAvailable({ ...ok, balance: 999 })).toBe(false);
    expect(balanceAvailable({ ...ok, balance: 0 })).toBe(false);
  });
});

describe('topUpAmount: what is missing, within the method’s limits', () => {
  it('tops up the missing amount, at least the method’s minimum and at most its maximum', () => {
    expect(topUpAmount(500, method(), 'USD')).toBe(500);
    expect(topUpAmount(4, method(), 'USD')).toBe(100);
    expect(topUpAmount(20_000, method(), 'USD')).toBe(10_000);
    // a method without limits in the currency, or none chosen yet: the amount missing
    expect(topUpAmount(4, method(), 'EUR')).toBe(4);
    expect(topUpAmount(4, undefined, 'USD')).toBe(4);
  });
});
