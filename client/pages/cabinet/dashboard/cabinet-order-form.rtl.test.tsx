/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderFormSaga } from '#client/features/order-form/order-form.saga.ts';
import type { PaymentMethodsData } from '#shared/payment-methods.ts';
import { pagePath } from '#shared/routes.ts';
import {
  alerts,
  CHECKOUT,
  eachOrderFormTest,
  instagramServices,
  METHODS_USD,
  method,
  orderCost,
  QUOTED,
} from '#tests/support/order-form-fixtures.ts';
import { appStore, fakeApi, publicUser, renderPage, visitorState } from '#tests/support/render.tsx';
import { CabinetOrderForm } from './cabinet-order-form.tsx';

/** /cp/'s order form, its balance's word on a price it does not cover included. */

const the = eachOrderFormTest();

const quantityGroup = () => screen.getByRole('group', { name: 'Quantity' });

/** /cp/ for a buyer with `balance` cents. */
function renderCabinet(balance: number) {
  return renderPage(<CabinetOrderForm />, {
    store: appStore({ user: publicUser({ balance }) }, orderFormSaga),
    path: pagePath('cp', 'en'),
    pageId: 'cp',
    sets: ['cabinet'],
  });
}

describe('the cabinet’s order form (CLIENT_LK, paid from the balance first)', () => {
  it('chooses the balance while it covers the price, and lets go of it when it does not', async () => {
    const user = userEvent.setup();
    renderCabinet(1_000);
    // the cabinet's own services and prices
    expect(await screen.findByRole('button', { name: 'Pay $6.44' }, QUOTED)).toBeTruthy();
    expect(the.api.callsOf('GET user_services/tiny')[0]?.query.get('labels')).toBe(
      'CLIENT_LK VISIBLE',
    );
    expect(the.api.callsOf('GET prices/orderCost')[0]?.query.get('client')).toBe('CLIENT_LK');

    const toggle = await screen.findByRole('button', {
      name: 'Payment method: Account balance',
      expanded: true,
    });
    expect(screen.getByRole('radio', { name: 'Account balance', checked: true })).toBeTruthy();
    expect(screen.queryByTestId('short-balance')).toBeNull();

    // 2,500 likes cost more than the $10 on the balance
    await user.click(within(quantityGroup()).getByRole('button', { name: '2,500' }));
    expect(await screen.findByText(/short for this order/, {}, QUOTED)).toBeTruthy();
    expect(toggle.textContent).toBe('Choose a payment method');
    expect(screen.queryByRole('radio', { name: 'Account balance' })).toBeNull();
    // one choice, one method picker, one button
    const choice = screen.getByRole('radiogroup', {
      name: 'Your balance is $6.10 short for this order.',
    });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => [radio.closest('label')!.textContent, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['Top up $6.10 and pay from the balance', true],
      ['Pay the whole $16.10 by card or another method', false],
    ]);
    expect(screen.getAllByRole('radiogroup')).toHaveLength(1);
    const action = () =>
      screen.getAllByRole('button', { name: /^(Pay |Top up)/ }).map((button) => button.textContent);
    expect(action()).toEqual(['Top up $6.10']);
    await user.click(within(choice).getByRole('radio', { name: /^Pay the whole/ }));
    expect(action()).toEqual(['Pay $16.10']);
    await user.click(screen.getByRole('radio', { name: 'Bank card' }));
    expect(action()).toEqual(['Pay $16.10']);
  });

  it('tops up what is missing (at least the method’s minimum) with its agreement, and goes to the gateway', async () => {
    const user = userEvent.setup();
    renderCabinet(640);
    await user.type(
      await screen.findByRole('textbox', { name: 'Link to the post' }, QUOTED),
      'https://www.instagram.com/p/C8xYz12AbCd/',
    );
    const short = await screen.findByTestId('short-balance', {}, QUOTED);
    // $0.04 is missing, but a card takes $0.50 at least
    expect(short.textContent).toContain('Your balance is $0.04 short for this order.');
    const topUp = screen.getByRole('button', { name: 'Top up $0.04' });
    await user.click(topUp);
    expect(alerts()).toEqual(['Choose a payment method']);

    await user.click(screen.getByRole('radio', { name: 'Bank card' }));
    expect(topUp.textContent).toBe('Top up $0.50');
    await user.click(topUp);
    expect(alerts()).toEqual(['Must check the box']);
    expect(the.api.callsOf('POST deposit')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Cryptocurrency' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(topUp);
    // back to this page afterwards (jsdom's page is /)
    expect(the.api.callsOf('POST deposit').map((call) => call.body)).toEqual([
      { amount: 50, method: 9, agreement: false, return_path: '/' },
    ]);
    await waitFor(() => expect(the.go.mock.calls).toEqual([[CHECKOUT]]));
    // still busy while the browser leaves
    expect((topUp as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the agreement the buyer gave with a top-up that asks for one', async () => {
    const user = userEvent.setup();
    renderCabinet(640);
    await user.type(
      await screen.findByRole('textbox', { name: 'Link to the post' }, QUOTED),
      'https://www.instagram.com/p/C8xYz12AbCd/',
    );
    await screen.findByTestId('short-balance', {}, QUOTED);
    await user.click(screen.getByRole('radio', { name: 'Bank card' }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Top up $0.50' }));
    expect(the.api.callsOf('POST deposit').map((call) => call.body)).toEqual([
      { amount: 50, method: 2, agreement: true, return_path: '/' },
    ]);
  });
});

describe('a rouble account paying by a card that takes dollars', () => {
  /** payment/methods?currency=RUB outside Russia: the balance and an e-wallet, no card. */
  const METHODS_RUB: PaymentMethodsData = {
    methods: [
      {
        ...method(-1, 'balance', null, [1, 1_000_000_000]),
        limits: { RUB: { min: 1, max: 1_000_000_000 } },
      },
      {
        ...method(3, 'sberpay', 'e-wallets', [100, 100_000_000]),
        currencies: ['RUB'],
        limits: { RUB: { min: 100, max: 100_000_000 } },
      },
    ],
    groups: { 'e-wallets': { id: 'e-wallets', order: 2, methods: [3] } },
  };

  it('shows the card in dollars, the charge at the shop’s rate before paying, and sends both', async () => {
    const user = userEvent.setup();
    const methodsOf = ({ query }: { query: URLSearchParams }) =>
      query.get('currency') === 'RUB' ? METHODS_RUB : METHODS_USD;
    the.api.restore();
    the.api = fakeApi({
      'GET payment/methods': methodsOf,
      'GET user_services/tiny': () => instagramServices('CLIENT_LK'),
      'GET prices/orderCost': ({ query }) =>
        orderCost(query.get('tag')!, Number(query.get('count')), 'CLIENT_LK'),
      'POST c_orders/main': () => ({
        order: { id: 'ord_1', status: 'CREATED' },
        payment: { id: 'NiDiEBzTMVDzwhPdujUZ', status: 'WAITING' },
        redirect: CHECKOUT,
      }),
    });
    const visitor = {
      ...visitorState({ currency: 'RUB', locale: 'en' }),
      // 82.50 roubles to the dollar
      rates: [
        { code: 'RUB' as const, amount: 1 },
        { code: 'USD' as const, amount: 82.5 },
        { code: 'EUR' as const, amount: 95.4 },
      ],
    };
    renderPage(<CabinetOrderForm />, {
      store: appStore({ visitor, user: publicUser({ balance: 0, cur: 'RUB' }) }, orderFormSaga),
      path: pagePath('cp', 'en'),
      pageId: 'cp',
      sets: ['cabinet'],
    });
    // 100,000 likes at the cabinet's price (₽349.99), the balance empty
    await user.type(
      await screen.findByRole('textbox', { name: 'Link to the post' }, QUOTED),
      'https://www.instagram.com/p/C8xYz12AbCd/',
    );
    await user.type(screen.getByRole('textbox', { name: /^Or your own number/ }), '100000');
    const choice = await screen.findByRole('radiogroup', { name: /short for this order/ }, QUOTED);
    await user.click(within(choice).getByRole('radio', { name: /^Pay the whole/ }));
    const hint = await screen.findByTestId('card-abroad');
    expect(hint.textContent).toContain('Pay in dollars or euros');
    expect(screen.queryByRole('radio', { name: 'Bank card' })).toBeNull();
    await user.click(within(hint).getByRole('button', { name: 'Pay in USD' }));
    // round(34,999 × 1 / 82.5) = 424 cents, said before paying
    const charged = await screen.findByTestId('pay-in');
    expect(charged.textContent).toBe(
      "Your card is charged $4.24: that is ₽349.99 at the shop's rate.Pay in RUB",
    );
    await user.click(await screen.findByRole('radio', { name: 'Bank card' }));
    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $4.24' }));
    await waitFor(() => expect(the.api.callsOf('POST c_orders/main')).toHaveLength(1));
    expect(the.api.callsOf('POST c_orders/main')[0]!.body).toMatchObject({
      currency: 'RUB',
      method: 2,
      pay_currency: 'USD',
      charge: 424,
    });
    // and back to roubles: the card goes, the rouble methods come back
    await user.click(
      within(screen.getByTestId('pay-in')).getByRole('button', { name: 'Pay in RUB' }),
    );
    expect(await screen.findByTestId('card-abroad')).toBeTruthy();
  });
});
