/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderFormSaga } from '#client/features/order-form/order-form.saga.ts';
import { OrderForm } from '#client/features/order-form/order-form.tsx';
import type { ServiceView } from '#shared/catalog.ts';
import type { PaymentMethodsData } from '#shared/payment-methods.ts';
import { pagePath } from '#shared/routes.ts';
import { alerts, eachOrderFormTest, QUOTED } from '#tests/support/order-form-fixtures.ts';
import { appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import { CabinetOrderOptions } from './cabinet-order-options.tsx';

/**
 * The cabinet's subscription for every new post (docs/product.md §5): no post count, a last day
 * it needs, priced per post, each post charged from the balance when it is ordered.
 */

const AUTO_LIKES: ServiceView = {
  tag: 'INSTAGRAM_AUTO_LIKES',
  platform: 'instagram',
  kind: 'auto-likes',
  type: 'AUTO',
  name: 'Instagram auto-likes',
  description: 'Likes on every new post.',
  labels: ['CLIENT_LK', 'VISIBLE', 'ENABLED', 'TYPE_AUTO'],
  min_order: 100,
  max_order: 500,
  max_order_other: null,
  link_kinds: ['account'],
  page: 'instagram-auto-likes',
  multi: null,
  discount_group: 'autoLikes',
};

const METHODS: PaymentMethodsData = {
  methods: [-1, 2].map((id) => ({
    id,
    code: id === -1 ? 'balance' : 'card_world',
    order: Math.max(id, 0),
    currencies: ['USD'],
    country_filter: 'every',
    countries: [],
    limits: { USD: { min: id === -1 ? 1 : 50, max: 100_000_000 } },
    group: id === -1 ? null : 'cards',
    show_agreement_flag: false,
  })),
  groups: { cards: { id: 'cards', order: 1, methods: [2] } },
};

/** A cent a like: what the fake price look-up answers for `count`. */
const centPerLike = (count: number): [number, number] => [count, 0];

const the = eachOrderFormTest(() =>
  fakeApi({
    'GET payment/methods': () => METHODS,
    'GET user_services/tiny': ({ query }) =>
      query.get('platform') === 'instagram' ? [AUTO_LIKES] : [],
    'GET prices/orderCost': ({ query }) => centPerLike(Number(query.get('count'))),
    'POST c_orders/main': () => ({
      order: { id: 'ord_1', status: 'PAID' },
      payment: null,
      redirect: null,
    }),
  }),
);

function renderCabinet(balance: number) {
  const data = { platform: 'instagram' as const, services: [], informers: {} };
  return renderPage(
    <OrderForm
      data={data}
      pageId="cp"
      client="CLIENT_LK"
      options={(model) => <CabinetOrderOptions model={model} />}
    />,
    {
      store: appStore({ user: publicUser({ balance }) }, orderFormSaga),
      path: pagePath('cp', 'en'),
      pageId: 'cp',
      sets: ['cabinet'],
    },
  );
}

const everyPost = () => screen.getByRole('radio', { name: 'Every new post until the last day' });
const lastDay = () => screen.getByLabelText('Last day') as HTMLInputElement;

describe('a subscription for every new post in the cabinet', () => {
  it('offers it beside a post count, priced per post, and asks for the last day before it starts', async () => {
    const user = userEvent.setup();
    renderCabinet(10_000);
    await user.type(
      await screen.findByRole('textbox', { name: 'Username or link to the profile' }, QUOTED),
      'https://www.instagram.com/nasa/',
    );
    // a set number of posts first: ten posts of 100 at a cent each
    const posts = screen.getByRole('radiogroup', { name: 'Posts' });
    expect(
      within(posts)
        .getAllByRole('radio')
        .map((radio) => [radio.closest('label')!.textContent, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['A set number of posts', true],
      ['Every new post until the last day', false],
    ]);
    expect(screen.getByRole('spinbutton', { name: 'Number of posts' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay $10' }, QUOTED)).toBeTruthy();

    await user.click(everyPost());
    // no count, the price of one post, nothing to pay now and no other method
    expect(screen.queryByRole('spinbutton', { name: 'Number of posts' })).toBeNull();
    const price = screen.getByTestId('order-price');
    expect(await within(price).findByText('$1', {}, QUOTED)).toBeTruthy();
    expect(price.textContent).toContain('Price per post');
    expect(screen.queryByRole('button', { name: /payment method/i })).toBeNull();
    expect(screen.getByTestId('subscription-hint').textContent).toBe(
      'We watch the account and order for every new post until the last day. Each post is charged from your balance when it is ordered; if the balance runs short, the subscription pauses until you top up.',
    );
    expect(lastDay().required).toBe(true);

    const start = screen.getByRole('button', { name: 'Start the subscription' });
    await user.click(start);
    expect(alerts()).toEqual(['Choose the last day']);
    expect(document.activeElement).toBe(lastDay());
    expect(the.api.callsOf('POST c_orders/main')).toEqual([]);

    await user.type(lastDay(), '2099-12-12');
    expect(alerts()).toEqual([]);
    await user.click(start);
    await waitFor(() => expect(the.api.callsOf('POST c_orders/main')).toHaveLength(1));
    expect(the.api.callsOf('POST c_orders/main')[0]!.body).toMatchObject({
      tag: 'INSTAGRAM_AUTO_LIKES',
      link: 'https://www.instagram.com/nasa/',
      quantity: 100,
      quantity_max: 100,
      posts: 0,
      expiry: '2099-12-12',
      client: 'CLIENT_LK',
      method: -1,
    });
  });

  it('warns when the balance does not cover one post, and still starts it from the balance', async () => {
    const user = userEvent.setup();
    renderCabinet(50);
    await user.click(await screen.findByRole('radio', { name: /^Every new post/ }, QUOTED));
    const short = await screen.findByTestId('subscription-short', {}, QUOTED);
    expect(short.textContent).toBe(
      'Your balance does not cover a single post yet: the subscription will wait until you top up. Top up',
    );
    expect(within(short).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      '/en/cp/payment/',
    );
    // no top-up instead of the order: the order itself charges nothing
    expect(screen.queryByTestId('short-balance')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start the subscription' })).toBeTruthy();
  });
});
