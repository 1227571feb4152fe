/** @jest-environment jsdom */
import '../../../tests/support/jsdom.ts';
import { screen } from '@testing-library/react';
import type { PaymentView } from '../../../shared/orders.ts';
import { appStore, renderPage } from '../../../tests/support/render.tsx';
import type { ThanksData } from '../../features/payment/payment.loader.ts';
import ThanksPage from './thanks.page.tsx';

const payment = (status: PaymentView['status']): PaymentView => ({
  id: 'Pay0000000000000000A',
  status,
  purpose: 'order',
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
