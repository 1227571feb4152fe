/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAVED_FILTER_KEY } from '#client/features/orders/orders-filter.ts';
import type { ServiceView } from '#shared/catalog.ts';
import type { OrderStatus, OwnOrderView } from '#shared/orders.ts';
import type { Platform } from '#shared/platforms.ts';
import { pagePath } from '#shared/routes.ts';
import { appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import OrdersPage, { ordersLoader } from './cp-orders.page.tsx';

function order(
  id: string,
  tag: string,
  platform: Platform,
  status: OrderStatus,
  link: string,
): OwnOrderView {
  const done = status === 'COMPLETED';
  return {
    id,
    number: 23_500 + id.length,
    tag,
    link,
    quantity: 1000,
    posts: null,
    count: 1000,
    currency: 'USD',
    cost: 699,
    discount: 291,
    status,
    test: false,
    created_at: '2026-03-02T11:16:21.014Z',
    updated_at: '2026-03-02T11:17:02.310Z',
    platform,
    start_count: status === 'PAID' ? null : 25_100,
    remains: done ? 0 : status === 'PAID' ? null : 250,
    delivered: done ? 1000 : status === 'PAID' ? 0 : 750,
    progress: done ? 1 : status === 'PAID' ? 0 : 0.75,
    refunded: 0,
    children: [],
    can_cancel: false,
    can_refill: false,
    refill: null,
    drip_feed: null,
    subscription: null,
  };
}

/** The buyer's orders, newest first. */
const ORDERS = [
  order(
    'dtAVxMvcrdRhxyAY5tNs',
    'INSTAGRAM_LIKES',
    'instagram',
    'RUNNING',
    'https://www.instagram.com/p/C8xYz12AbCd/',
  ),
  order(
    'KDppWjn5L3uTrcWJ9i7z',
    'TIKTOK_VIEWS',
    'tiktok',
    'COMPLETED',
    'https://www.tiktok.com/@khaby.lame/video/7234567890123456789',
  ),
  order(
    'Q2mX8vLr5TnY3pWc7HsA',
    'INSTAGRAM_FOLLOWERS',
    'instagram',
    'PAID',
    'https://www.instagram.com/nasa/',
  ),
];

const TIKTOK_SERVICES = [
  { tag: 'TIKTOK_LIKES', name: 'TikTok likes' },
  { tag: 'TIKTOK_VIEWS', name: 'TikTok views' },
] as ServiceView[];

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  localStorage.clear();
  api = fakeApi({
    // GET c_orders as docs/api.md describes its filters
    'GET c_orders': ({ query }) => {
      const statuses = query.get('status')?.split(',');
      const q = query.get('q')?.toLowerCase();
      const items = ORDERS.filter(
        (entry) =>
          (!statuses || statuses.includes(entry.status)) &&
          (!query.has('platform') || entry.platform === query.get('platform')) &&
          (!query.has('tag') || entry.tag === query.get('tag')) &&
          (!q || entry.link.toLowerCase().includes(q) || entry.id.toLowerCase() === q),
      );
      const meta = { total: items.length, page: Number(query.get('page')), limit: 20 };
      return { items, meta };
    },
    'GET user_services/tiny': ({ query }) =>
      query.get('labels') === 'CLIENT_LK VISIBLE' && query.get('platform') === 'tiktok'
        ? TIKTOK_SERVICES
        : [],
  });
});

afterEach(() => api.restore());

function renderOrders(search = '') {
  return renderPage(<OrdersPage />, {
    store: appStore({ user: publicUser() }),
    path: pagePath('cp-orders', 'en') + search,
    pageId: 'cp-orders',
    sets: ['cabinet'],
    loader: ordersLoader,
  });
}

/** The services of the orders listed, as their cards name them. */
const listed = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const ALL = ['Instagram likes', 'TikTok views', 'Instagram followers'];

/** What the page last asked GET c_orders. */
const lastQuery = () => api.callsOf('GET c_orders').at(-1)?.query.toString();

describe('the filters of the cabinet’s orders', () => {
  it('puts the status chosen in the URL and lists the orders in it', async () => {
    const user = userEvent.setup();
    const { router } = renderOrders();
    await waitFor(() => expect(listed()).toEqual(ALL));
    expect(screen.getByText('3 orders')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In progress');
    expect(router.state.location.search).toBe('?status=RUNNING');
    await waitFor(() => expect(listed()).toEqual(['Instagram likes']));
    expect(lastQuery()).toBe('status=RUNNING&page=1&limit=20');
    expect(screen.getByText('1 order')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More filters (1)' })).toBeTruthy();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'Active (paid and in progress)',
    );
    expect(router.state.location.search).toBe(`?${new URLSearchParams('status=PAID,RUNNING')}`);
    await waitFor(() => expect(listed()).toEqual(['Instagram likes', 'Instagram followers']));
  });

  it('searches once the typing stops, and the reset brings every order back', async () => {
    const user = userEvent.setup();
    const { router } = renderOrders();
    await waitFor(() => expect(listed()).toEqual(ALL));
    const reset = screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement;
    expect(reset.disabled).toBe(true);

    const search = screen.getByRole('searchbox', { name: 'Link or order ID' });
    await user.type(search, 'khaby');
    // each key does not make a URL (and a request) of its own
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?q=khaby'), { timeout: 2000 });
    await waitFor(() => expect(listed()).toEqual(['TikTok views']));
    expect(api.callsOf('GET c_orders').map((call) => call.query.get('q'))).toEqual([null, 'khaby']);

    await user.click(reset);
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(listed()).toEqual(ALL));
    expect((search as HTMLInputElement).value).toBe('');
    expect(reset.disabled).toBe(true);
  });

  it('offers the services of the platform chosen, and filters by one', async () => {
    const user = userEvent.setup();
    const { router } = renderOrders();
    await waitFor(() => expect(listed()).toEqual(ALL));
    const service = screen.getByRole('combobox', { name: 'Service' }) as HTMLSelectElement;
    expect(service.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'TikTok', pressed: false }));
    expect(await screen.findByRole('button', { name: 'TikTok', pressed: true })).toBeTruthy();
    expect(router.state.location.search).toBe('?platform=tiktok');
    await waitFor(() => expect(service.options).toHaveLength(3));
    expect([...service.options].map((option) => option.text)).toEqual([
      'All services',
      'TikTok likes',
      'TikTok views',
    ]);

    await user.selectOptions(service, 'TikTok views');
    expect(router.state.location.search).toBe('?platform=tiktok&tag=TIKTOK_VIEWS');
    await waitFor(() => expect(listed()).toEqual(['TikTok views']));
  });

  it('says when nothing matches and offers the reset there', async () => {
    const user = userEvent.setup();
    const { router } = renderOrders('?status=ERROR');
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    const resets = screen.getAllByRole('button', { name: 'Reset' });
    // the filters' own and the empty list's
    expect(resets).toHaveLength(2);

    await user.click(resets[1]!);
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(listed()).toEqual(ALL));
  });

  it('shows a shared link’s mix of states as it is', async () => {
    renderOrders('?status=COMPLETED,PARTIAL');
    await waitFor(() => expect(listed()).toEqual(['TikTok views']));
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(status.selectedOptions[0]?.text).toBe('Completed, Partial');
    expect(lastQuery()).toBe(`${new URLSearchParams('status=COMPLETED,PARTIAL')}&page=1&limit=20`);
  });

  it('opens on the filter used last when the address has none', async () => {
    localStorage.setItem(SAVED_FILTER_KEY, 'status=COMPLETED');
    const { router } = renderOrders();
    await waitFor(() => expect(router.state.location.search).toBe('?status=COMPLETED'));
    await waitFor(() => expect(listed()).toEqual(['TikTok views']));
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe(
      'COMPLETED',
    );
  });

  it('lets a link followed while the search waits go where it leads', async () => {
    jest.useFakeTimers();
    try {
      let openTopUp = (_: unknown) => {};
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { router } = renderPage(<OrdersPage />, {
        store: appStore({ user: publicUser() }),
        path: pagePath('cp-orders', 'en'),
        pageId: 'cp-orders',
        sets: ['cabinet'],
        loader: ordersLoader,
        routes: [
          {
            path: pagePath('cp-payment', 'en'),
            element: <p>top up</p>,
            loader: () => new Promise((resolve) => (openTopUp = resolve)),
          },
        ],
      });
      await waitFor(() => expect(listed()).toEqual(ALL));
      await user.type(screen.getByRole('searchbox', { name: 'Link or order ID' }), 'khaby');
      act(() => void router.navigate(pagePath('cp-payment', 'en')));
      await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
      // the typing's wait ends while the top-up page is still being read
      await act(() => jest.advanceTimersByTimeAsync(1_000));
      act(() => openTopUp(null));
      expect(await screen.findByText('top up')).toBeTruthy();
      expect(router.state.location.pathname).toBe(pagePath('cp-payment', 'en'));
    } finally {
      jest.useRealTimers();
    }
  });
});
