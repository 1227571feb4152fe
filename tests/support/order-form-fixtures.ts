import { afterEach, beforeEach, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { browser } from '#client/features/order-form/order-form.saga.ts';
import { QUOTE_DEBOUNCE_MS } from '#client/features/order-form/use-order-form.ts';
import type { Client, CostPair, PriceTable, ServiceView } from '#shared/catalog.ts';
import { QUANTITY_PRESETS } from '#shared/constants.ts';
import type { PaymentMethod, PaymentMethodsData } from '#shared/payment-methods.ts';
import { ApiRefusal, fakeApi, stopSagas } from './render.tsx';

/** The order form's tests' catalogue, payment methods and API (client/features/order-form/). */
export function service(overrides: Partial<ServiceView> & Pick<ServiceView, 'tag'>): ServiceView {
  return {
    platform: 'instagram',
    kind: 'likes',
    type: 'LIKES',
    name: 'Instagram likes',
    description: 'Real-looking likes on photos, videos and carousels.',
    labels: ['CLIENT_MAIN', 'CLIENT_LK', 'VISIBLE', 'ENABLED', 'TYPE_LIKES'],
    min_order: 100,
    max_order: 100_000,
    max_order_other: null,
    link_kinds: ['post'],
    page: 'instagram-likes',
    multi: 'INSTAGRAM_LIKES_MULTI',
    discount_group: 'likes',
    ...overrides,
  };
}

/** Instagram's likes and followers as user_services/tiny lists them (seed: catalog-data.ts). */
export function instagramServices(client: Client): ServiceView[] {
  // the cabinet's own limits: up to 200 000
  const max_order = client === 'CLIENT_LK' ? 200_000 : 100_000;
  const max_order_other = client === 'CLIENT_LK' ? 100_000 : 200_000;
  return [
    service({ tag: 'INSTAGRAM_LIKES', max_order, max_order_other }),
    service({
      tag: 'INSTAGRAM_LIKES_MULTI',
      name: 'Instagram likes: several posts',
      max_order,
      max_order_other,
    }),
    service({
      tag: 'INSTAGRAM_FOLLOWERS',
      kind: 'followers',
      type: 'SUBS',
      name: 'Instagram followers',
      link_kinds: ['account'],
      page: 'instagram-followers',
      multi: null,
      discount_group: 'followers',
      max_order,
      max_order_other,
    }),
  ];
}

/** USD price points of the seed (100 / 1k / 5k / 10k / 25k / 50k / 100k), in cents. */
export const POINT_COUNTS = [100, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000];
export const POINTS = {
  likes: [99, 699, 2_999, 4_999, 11_999, 19_999, 37_999],
  followers: [149, 999, 3_999, 6_999, 14_999, 29_999, 54_999],
};
/** Cabinet prices are the storefront's at this share (as in the seed's price list). */
export const CABINET_RATIO = 0.175 / 0.19;

/** prices/orderCost as docs/api.md works it out: the count at its tier's unit price. */
export function orderCost(tag: string, count: number, client: Client): CostPair {
  const points = tag.startsWith('INSTAGRAM_FOLLOWERS') ? POINTS.followers : POINTS.likes;
  const ratio = client === 'CLIENT_LK' ? CABINET_RATIO : 1;
  const at = (tier: number) => (count * points[tier]! * ratio) / POINT_COUNTS[tier]!;
  const tier = POINT_COUNTS.findLastIndex((from, index) => index === 0 || count >= from);
  const cost = Math.max(1, Math.round(at(tier)));
  return [cost, Math.round(at(0)) - cost];
}

/** informers/tiny: the storefront's prices at the presets the services' limits allow. */
export const INFORMERS: PriceTable = {
  USD: Object.fromEntries(
    instagramServices('CLIENT_MAIN').map((entry) => [
      entry.tag,
      Object.fromEntries(
        QUANTITY_PRESETS.filter(
          (count) => count >= entry.min_order && count <= entry.max_order,
        ).map((count) => {
          const [cost, discount] = orderCost(entry.tag, count, 'CLIENT_MAIN');
          return [String(count), { cost, discount }];
        }),
      ),
    ]),
  ),
};

export function method(
  id: number,
  code: string,
  group: string | null,
  [min, max]: [number, number],
  agreement = false,
): PaymentMethod {
  return {
    id,
    code,
    order: Math.max(id, 0),
    currencies: id === -1 || code === 'crypto' ? ['RUB', 'USD', 'EUR'] : ['USD', 'EUR'],
    country_filter: 'every',
    countries: [],
    limits: { USD: { min, max } },
    group,
    show_agreement_flag: agreement,
  };
}

/** payment/methods?currency=USD for a visitor in the USA (the seed's methods, sandbox on). */
export const METHODS_USD: PaymentMethodsData = {
  methods: [
    method(-1, 'balance', null, [1, 100_000_000]),
    method(2, 'card_world', 'cards', [50, 99_999_900], true),
    method(5, 'apple_pay', 'e-wallets', [50, 99_999_900]),
    method(6, 'google_pay', 'e-wallets', [50, 99_999_900]),
    method(7, 'paypal', 'e-wallets', [25, 2_500_000], true),
    method(9, 'crypto', 'crypto', [50, 10_000_000]),
  ],
  groups: {
    cards: { id: 'cards', order: 1, methods: [2] },
    'e-wallets': { id: 'e-wallets', order: 2, methods: [5, 6, 7] },
    crypto: { id: 'crypto', order: 4, methods: [9] },
  },
};

export const CHECKOUT =
  'https://shop.test/sandbox/checkout/sbx_1d43e866-c3b5-470b-8207-ebbcd08a24b1/';

/** The API as the order form's tests fake it: the methods in dollars, Instagram's services. */
export function orderFormApi() {
  return fakeApi({
    'GET payment/methods': ({ query }) =>
      query.get('currency') === 'USD'
        ? METHODS_USD
        : new ApiRefusal(400, 'Unknown currency: use RUB, USD or EUR'),
    'GET user_services/tiny': ({ query }) =>
      query.get('platform') === 'instagram'
        ? instagramServices(
            query.get('labels')!.startsWith('CLIENT_LK') ? 'CLIENT_LK' : 'CLIENT_MAIN',
          )
        : [],
    'GET prices/orderCost': ({ query }) =>
      orderCost(
        query.get('tag')!,
        Number(query.get('count')),
        (query.get('client') as Client | null) ?? 'CLIENT_MAIN',
      ),
    'POST c_orders/main': () => ({
      order: { id: 'ord_1', status: 'PAID' },
      payment: null,
      redirect: null,
    }),
    'POST deposit': () => ({
      payment: { id: 'NiDiEBzTMVDzwhPdujUZ', status: 'WAITING' },
      redirect: CHECKOUT,
    }),
  });
}

/** How long a wait for a price may take: the look-up waits for the typing to stop first. */
export const QUOTED = { timeout: QUOTE_DEBOUNCE_MS + 2000 };

/** What the alerts under the fields say. */
export const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

/**
 * Each test of an order form in a fresh tab, with the API faked (`orderFormApi`, or `api`) and
 * the browser's way to the gateway spied, all put back after it. A test may replace `the.api`.
 */
export function eachOrderFormTest(api: () => ReturnType<typeof fakeApi> = orderFormApi) {
  const the = {} as { api: ReturnType<typeof fakeApi>; go: jest.Spied<typeof browser.go> };
  beforeEach(() => {
    sessionStorage.clear();
    the.api = api();
    // leaving for the gateway (or the thanks page) is a full page load, which jsdom does not do
    the.go = jest.spyOn(browser, 'go').mockImplementation(() => {});
  });
  afterEach(() => {
    stopSagas();
    the.api.restore();
    the.go.mockRestore();
  });
  return the;
}
