/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderFormSaga } from '#client/features/order-form/order-form.saga.ts';
import { OrderForm } from '#client/features/order-form/order-form.tsx';
import { pagePath } from '#shared/routes.ts';
import {
  alerts,
  eachOrderFormTest,
  INFORMERS,
  instagramServices,
  QUOTED,
} from '#tests/support/order-form-fixtures.ts';
import { appStore, publicUser, renderPage } from '#tests/support/render.tsx';
import { CabinetOrderOptions } from './cabinet-order-options.tsx';

/** The cabinet's options in its order form (DashboardPage's `options`): drip-feed. */

const the = eachOrderFormTest();

/** /cp/: the cabinet's form with its options for a buyer with `balance` cents. */
function renderCabinet(balance: number) {
  const data = { platform: 'instagram' as const, services: [], informers: {} };
  const options = (model: Parameters<typeof CabinetOrderOptions>[0]['model']) => (
    <CabinetOrderOptions model={model} />
  );
  return renderPage(<OrderForm data={data} pageId="cp" client="CLIENT_LK" options={options} />, {
    store: appStore({ user: publicUser({ balance }) }, orderFormSaga),
    path: pagePath('cp', 'en'),
    pageId: 'cp',
    sets: ['cabinet'],
  });
}

/** The Instagram likes page's form as a guest sees it. */
function renderServicePage() {
  const data = {
    platform: 'instagram' as const,
    services: instagramServices('CLIENT_MAIN'),
    informers: INFORMERS,
  };
  return renderPage(
    <OrderForm data={data} pageId="service:instagram-likes" pageService="INSTAGRAM_LIKES" />,
    {
      store: appStore({}, orderFormSaga),
      path: pagePath('service:instagram-likes', 'en'),
      pageId: 'service:instagram-likes',
    },
  );
}

describe('the cabinet’s drip-feed', () => {
  it('prices the quantity × runs, says the total and sends runs and interval', async () => {
    const user = userEvent.setup();
    renderCabinet(100_000);
    const drip = await screen.findByRole('switch', { name: /^Drip-feed/ }, QUOTED);
    expect(screen.queryByRole('spinbutton', { name: 'Runs' })).toBeNull();
    await user.click(drip);
    // three runs every 30 minutes until the buyer changes them: 1,000 × 3 is priced
    expect((await screen.findByTestId('drip-feed-total')).textContent).toBe(
      '3,000 in all: 1,000 × 3 runs, one every 30 min; the last run starts in 1 hr',
    );
    await waitFor(() =>
      expect(the.api.callsOf('GET prices/orderCost').at(-1)?.query.get('count')).toBe('3000'),
    );
    const runs = screen.getByRole('spinbutton', { name: 'Runs' });
    await user.clear(runs);
    await user.type(runs, '101');
    expect(alerts()).toContain('Runs: from 2 to 100');
    await user.clear(runs);
    await user.type(runs, '5');
    const interval = screen.getByRole('spinbutton', { name: 'Interval, minutes' });
    await user.clear(interval);
    await user.type(interval, '90');
    expect(screen.getByTestId('drip-feed-total').textContent).toBe(
      '5,000 in all: 1,000 × 5 runs, one every 1 hr 30 min; the last run starts in 6 hr',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Link to the post' }),
      'https://www.instagram.com/p/C8xYz12AbCd/',
    );
    const pay = await screen.findByRole('button', { name: /^Pay / }, QUOTED);
    await waitFor(() =>
      expect(the.api.callsOf('GET prices/orderCost').at(-1)?.query.get('count')).toBe('5000'),
    );
    await user.click(pay);
    await waitFor(() => expect(the.api.callsOf('POST c_orders/main')).toHaveLength(1));
    expect(the.api.callsOf('POST c_orders/main')[0]!.body).toMatchObject({
      tag: 'INSTAGRAM_LIKES',
      quantity: 1000,
      runs: 5,
      interval: 90,
      client: 'CLIENT_LK',
    });
  });

  it('is offered in the cabinet only, not on the storefront', async () => {
    renderCabinet(100_000);
    await screen.findByRole('switch', { name: /^Drip-feed/ }, QUOTED);
    cleanup();
    renderServicePage();
    await screen.findByRole('button', { name: /^Pay / }, QUOTED);
    expect(screen.queryByRole('switch', { name: /^Drip-feed/ })).toBeNull();
  });
});
