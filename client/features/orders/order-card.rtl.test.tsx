/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnOrderView, SubscriptionView } from '#shared/orders.ts';
import { pagePath } from '#shared/routes.ts';
import { appStore, publicUser, renderPage } from '#tests/support/render.tsx';
import { OrderCard } from './order-card.tsx';

/** An Instagram auto-likes subscription as GET c_orders lists it, with two post orders. */
function subscriptionOrder(sub: Partial<SubscriptionView>): OwnOrderView {
  const base = {
    id: 'sUbScRiPtIoNoRdEr001',
    number: 23_510,
    tag: 'INSTAGRAM_AUTO_LIKES',
    link: 'nasa',
    quantity: 100,
    posts: 0,
    count: 110,
    currency: 'USD',
    cost: 154,
    discount: 0,
    status: 'RUNNING' as const,
    test: false,
    created_at: '2026-03-02T11:16:21.014Z',
    updated_at: '2026-03-04T08:00:00.000Z',
    platform: 'instagram' as const,
    start_count: null,
    remains: null,
    delivered: 0,
    progress: 0,
    refunded: 0,
    children: [],
    can_cancel: true,
    can_refill: false,
    refill: null,
    drip_feed: null,
  };
  const post = (n: number): OwnOrderView => ({
    ...base,
    id: `pOsToRdEr00000000${n}`,
    number: 23_510 + n,
    link: `https://www.instagram.com/p/C8xYz12AbC${n}/`,
    posts: null,
    count: 110,
    cost: 77,
    status: 'COMPLETED',
    delivered: 110,
    progress: 1,
    can_cancel: false,
    subscription: null,
  });
  return {
    ...base,
    children: [post(1), post(2), post(3)],
    subscription: {
      state: 'ACTIVE',
      username: 'nasa',
      min: 100,
      max: 120,
      posts: 0,
      posts_placed: 3,
      old_posts: 0,
      delay: 0,
      expiry: '2026-12-12',
      paused_for: null,
      ...sub,
    },
  };
}

function renderCard(order: OwnOrderView) {
  return renderPage(<OrderCard order={order} />, {
    store: appStore({ user: publicUser() }),
    path: pagePath('cp-orders', 'en'),
    pageId: 'cp-orders',
    sets: ['cabinet'],
  });
}

const note = async () => (await screen.findByTestId('order-subscription')).textContent;

describe('a subscription on its order card', () => {
  it('counts the posts ordered so far for one without a post count, and lists their orders', async () => {
    const user = userEvent.setup();
    renderCard(subscriptionOrder({}));
    expect(await note()).toBe(
      'Watching the account. 3 posts ordered so far, 100–120 per post. Until 12.12.2026.',
    );
    const card = screen.getByTestId('order-card');
    // no total to deliver: only its post orders show their progress
    expect(
      within(card)
        .getAllByText(/delivered/)
        .every((text) => text.closest('li')),
    ).toBe(true);
    await user.click(within(card).getByRole('button', { name: 'Show 3 post orders' }));
    expect(within(card).getAllByTestId('order-row')).toHaveLength(3);
  });

  it('still counts the posts paid in advance for one with a post count', async () => {
    renderCard(subscriptionOrder({ posts: 10, posts_placed: 3, expiry: null }));
    expect(await note()).toBe('Watching the account. 3 of 10 posts ordered, 100–120 per post.');
  });

  it('gives one number per post when the least and the most are the same', async () => {
    renderCard(subscriptionOrder({ max: 100, posts_placed: 1, expiry: null }));
    expect(await note()).toBe('Watching the account. 1 post ordered so far, 100 per post.');
  });

  it('says a pause for funds is resumed by a top-up, and links to it', async () => {
    renderCard(subscriptionOrder({ state: 'PAUSED', paused_for: 'funds' }));
    expect(await note()).toBe(
      'Paused: not enough money on the balance. Top up to resume. 3 posts ordered so far, 100–120 per post. Until 12.12.2026.',
    );
    const link = within(screen.getByTestId('order-subscription')).getByRole('link', {
      name: 'Top up',
    });
    expect(link.getAttribute('href')).toBe('/en/cp/payment/');
  });

  it('tells a pause for the account apart from one for funds', async () => {
    renderCard(subscriptionOrder({ state: 'PAUSED', paused_for: 'account' }));
    expect(await note()).toBe(
      'Paused: the account cannot be seen (private or gone). 3 posts ordered so far, 100–120 per post. Until 12.12.2026.',
    );
    expect(within(screen.getByTestId('order-subscription')).queryByRole('link')).toBeNull();
  });
});
