/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FollowedOrder, OrderStatus, PaymentView } from '#shared/orders.ts';
import { appStore, fakeApi, publicUser, renderPage, stopSagas } from '#tests/support/render.tsx';
import type { ReceiptOrder, ThanksData } from '../../features/payment/payment.loader.ts';
import {
  ORDER_POLL_FIRST_MS,
  ORDER_POLL_MAX_MS,
  paymentSaga,
} from '../../features/payment/payment.saga.ts';
import { paymentActions } from '../../features/payment/payment.slice.ts';
import ThanksPage, { thanksAction, thanksShouldRevalidate } from './thanks.page.tsx';

const payment = (status: PaymentView['status']): PaymentView => ({
  id: 'Pay0000000000000000A',
  status,
  purpose: 'order',
  method: 'card_world',
  amount: 699,
  currency: 'USD',
  created_at: '2026-11-26T10:00:00.000Z',
  settled_at: status === 'WAITING' ? null : '2026-11-26T10:01:00.000Z',
  order: null,
});

function open(pageId: string, path: string, data: ThanksData) {
  renderPage(<ThanksPage />, {
    store: appStore({}),
    pageId,
    path,
    sets: ['pages'],
    loader: () => data,
  });
}

describe('the thanks pages', () => {
  it('say a declined payment failed, even at the address of a paid one', async () => {
    open('thanks', '/en/thanks/?payment=Pay0000000000000000A', {
      payment: payment('ERROR'),
      order: null,
      owned: null,
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Payment failed',
    );
    expect(screen.queryByText(/your payment has been received/i)).toBeNull();
    expect(screen.getByTestId('try-again')).toBeTruthy();
  });

  it('ask for another card after a declined card', async () => {
    open('thanks-error', '/en/thanks/error/?payment=Pay0000000000000000A', {
      payment: payment('ERROR'),
      order: null,
      owned: null,
    });
    expect(await screen.findByText(/Try another card\./)).toBeTruthy();
  });

  it('ask a wallet’s payer for another method, not another card', async () => {
    open('thanks-error', '/en/thanks/error/?payment=Pay0000000000000000A', {
      payment: { ...payment('ERROR'), method: 'paypal' },
      order: null,
      owned: null,
    });
    expect(
      await screen.findByText(
        'Your payment via PayPal did not go through. Choose another payment method and try again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/another card/)).toBeNull();
  });

  it('move the address to the page of the payment’s status', async () => {
    const { router } = renderPage(<ThanksPage />, {
      store: appStore({}),
      pageId: 'thanks',
      path: '/en/thanks/?payment=Pay0000000000000000A',
      sets: ['pages'],
      loader: () => ({ payment: payment('ERROR'), order: null, owned: null }),
      otherPages: { '/en/thanks/error/': 'thanks-error' },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/en/thanks/error/?payment=Pay0000000000000000A',
    );
  });

  it('let a link followed go where it leads when the payment’s last word comes meanwhile', async () => {
    let openCabinet = (_: unknown) => {};
    const store = appStore({});
    const { router } = renderPage(<ThanksPage />, {
      store,
      pageId: 'thanks-waiting',
      path: '/en/thanks/waiting/?payment=Pay0000000000000000A',
      sets: ['pages'],
      loader: () => ({ payment: payment('WAITING'), order: null, owned: null }),
      otherPages: { '/en/thanks/': 'thanks' },
      routes: [
        {
          path: '/en/cp/',
          element: <p>the cabinet</p>,
          loader: () => new Promise((resolve) => (openCabinet = resolve)),
        },
      ],
    });
    await screen.findByRole('heading', { level: 1 });
    // "New order" followed while the cabinet is read; then the payment is known as paid
    act(() => void router.navigate('/en/cp/'));
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/en/cp/'));
    act(() => void store.dispatch(paymentActions.paymentUpdated(payment('SUCCESS'))));
    act(() => openCabinet(null));
    expect(await screen.findByText('the cabinet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/cp/');
  });

  it('thank for a paid one at the failure address too', async () => {
    open('thanks-error', '/en/thanks/error/?payment=Pay0000000000000000A', {
      payment: payment('SUCCESS'),
      order: null,
      owned: null,
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Thanks for your order',
    );
  });

  it('keep the address’s words when no payment is known', async () => {
    open('thanks-error', '/en/thanks/error/', { payment: null, order: null, owned: null });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Payment failed',
    );
  });
});

/** A guest's order of 1,000 likes as the receipt link shows it. */
const receipt = (status: OrderStatus, delivered: number): ReceiptOrder => ({
  id: 'Ord0000000000000000A',
  tag: 'INSTAGRAM_LIKES',
  link: 'https://www.instagram.com/p/C8xYz12AbCd/',
  quantity: 1000,
  posts: null,
  count: 1000,
  currency: 'USD',
  cost: 699,
  discount: 0,
  status,
  test: false,
  created_at: '2026-11-26T10:00:00.000Z',
  delivered,
  progress: delivered / 1000,
  owned: false,
});

describe('a guest’s thanks page', () => {
  let api: ReturnType<typeof fakeApi>;
  let answers: ReceiptOrder[];
  beforeEach(() => {
    jest.useFakeTimers();
    answers = [];
    api = fakeApi({
      'GET c_orders/Ord0000000000000000A': () =>
        ({ ...answers.shift()!, history: [] }) satisfies FollowedOrder,
    });
  });
  afterEach(() => {
    stopSagas();
    api.restore();
    jest.useRealTimers();
  });
  const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

  it('follows the order until it is final: paid, running with its progress, completed', async () => {
    answers.push(receipt('PAID', 0), receipt('RUNNING', 450), receipt('COMPLETED', 1000));
    renderPage(<ThanksPage />, {
      store: appStore({}, paymentSaga),
      pageId: 'thanks',
      path: '/en/thanks/?order=Ord0000000000000000A',
      sets: ['pages'],
      loader: () => ({ payment: null, order: receipt('PAID', 0), owned: false }),
    });
    expect((await screen.findByTestId('order-status')).textContent).toBe('Paid, starting soon');
    // the lead follows the order's state
    const lead = () =>
      screen.getByText(/^(Your payment has been received|The order is done)/).textContent;
    expect(lead()).toMatch(/the order starts automatically/);
    await wait(ORDER_POLL_FIRST_MS);
    expect(api.callsOf('GET c_orders/Ord0000000000000000A')).toHaveLength(1);
    await wait(ORDER_POLL_FIRST_MS * 1.5);
    expect(screen.getByTestId('order-status').textContent).toMatch(/^In progress/);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByText(/450 of 1,000 delivered/)).toBeTruthy();
    expect(lead()).toMatch(/the order is under way/);
    await wait(ORDER_POLL_FIRST_MS * 2.25);
    expect(screen.getByTestId('order-status').textContent).toMatch(/^Completed/);
    expect(screen.getByText(/1,000 of 1,000 delivered/)).toBeTruthy();
    expect(lead()).toBe('The order is done. The receipt with its link is in your e-mail.');
    expect(screen.queryByText(/starts automatically/)).toBeNull();
    // final: nothing more is asked
    await wait(ORDER_POLL_MAX_MS * 3);
    expect(api.callsOf('GET c_orders/Ord0000000000000000A')).toHaveLength(3);
  });

  it('asks nothing for an order that is already final', async () => {
    renderPage(<ThanksPage />, {
      store: appStore({}, paymentSaga),
      pageId: 'thanks',
      path: '/en/thanks/?order=Ord0000000000000000A',
      sets: ['pages'],
      loader: () => ({ payment: null, order: receipt('PARTIAL', 700), owned: false }),
    });
    expect((await screen.findByTestId('order-status')).textContent).toMatch(/^Partly delivered/);
    await wait(ORDER_POLL_MAX_MS);
    expect(api.calls).toHaveLength(0);
  });
});

describe('a signed-in buyer on the receipt link of a guest order', () => {
  it('keeps the order through the page action, and the page says so without reading again', async () => {
    const api = fakeApi({
      'POST c_orders/Ord0000000000000000A/claim': () => ({
        ...receipt('COMPLETED', 1000),
        owned: true,
        history: [],
      }),
    });
    let reads = 0;
    const user = userEvent.setup();
    renderPage(<ThanksPage />, {
      store: appStore({ user: publicUser() }),
      pageId: 'thanks',
      path: '/en/thanks/?order=Ord0000000000000000A',
      sets: ['pages'],
      loader: () => {
        reads += 1;
        return { payment: null, order: receipt('COMPLETED', 1000), owned: false };
      },
      action: thanksAction,
      routeOf: () => ({ shouldRevalidate: thanksShouldRevalidate }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save this order to my account' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The order is in your account now.',
    );
    expect(api.callsOf('POST c_orders/Ord0000000000000000A/claim')).toHaveLength(1);
    expect(reads).toBe(1);
    api.restore();
  });
});
