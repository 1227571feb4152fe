/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderCardAction } from '#client/features/orders/orders.api.ts';
import type { OrderStatus, OwnOrderView } from '#shared/orders.ts';
import { pagePath } from '#shared/routes.ts';
import { ApiRefusal, appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import OrdersPage, { ordersLoader } from './cp-orders.page.tsx';

/** One order the buyer may still cancel, as GET c_orders lists it. */
function order(status: OrderStatus): OwnOrderView {
  const canceled = status === 'CANCELED';
  return {
    id: 'dtAVxMvcrdRhxyAY5tNs',
    number: 23_501,
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
    created_at: '2026-03-02T11:16:21.014Z',
    updated_at: '2026-03-02T11:17:02.310Z',
    platform: 'instagram',
    start_count: null,
    remains: null,
    delivered: 0,
    progress: 0,
    refunded: canceled ? 699 : 0,
    children: [],
    can_cancel: !canceled,
    can_refill: false,
    refill: null,
    drip_feed: null,
    subscription: null,
  };
}

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

function renderOrders() {
  return renderPage(<OrdersPage />, {
    store: appStore({ user: publicUser() }),
    path: pagePath('cp-orders', 'en'),
    pageId: 'cp-orders',
    sets: ['cabinet'],
    loader: ordersLoader,
    action: orderCardAction,
  });
}

describe("an order card's cancel", () => {
  it('goes through the page action, and the page reads the order as it is now', async () => {
    let status: OrderStatus = 'PAID';
    api = fakeApi({
      'GET c_orders': () => ({ items: [order(status)], meta: { total: 1, page: 1, limit: 20 } }),
      'POST c_orders/dtAVxMvcrdRhxyAY5tNs/cancel': () => {
        status = 'CANCELED';
        return order(status);
      },
    });
    const user = userEvent.setup();
    renderOrders();
    const card = await screen.findByTestId('order-card');
    await user.click(within(card).getByRole('button', { name: 'Cancel order' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(within(card).getByText('Canceled')).toBeTruthy());
    expect(within(card).getByTestId('order-refunded')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(api.callsOf('POST c_orders/dtAVxMvcrdRhxyAY5tNs/cancel')).toHaveLength(1);
    expect(api.callsOf('GET c_orders')).toHaveLength(2);
  });

  it('refused, says why in place and reads nothing again', async () => {
    api = fakeApi({
      'GET c_orders': () => ({ items: [order('PAID')], meta: { total: 1, page: 1, limit: 20 } }),
      'POST c_orders/dtAVxMvcrdRhxyAY5tNs/cancel': () =>
        new ApiRefusal(409, 'This order can no longer be canceled'),
    });
    const user = userEvent.setup();
    renderOrders();
    const card = await screen.findByTestId('order-card');
    await user.click(within(card).getByRole('button', { name: 'Cancel order' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, cancel' }));
    expect((await within(card).findByRole('alert')).textContent).toMatch(/no longer/);
    expect(api.callsOf('GET c_orders')).toHaveLength(1);
  });
});
