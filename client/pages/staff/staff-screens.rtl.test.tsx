/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffDashboard, StaffMe } from '#shared/staff.ts';
import type { StaffPrices } from '#shared/staff-catalogue.ts';
import type { StaffArticle, StaffLandingCopy } from '#shared/staff-content.ts';
import type { StaffWithdrawal } from '#shared/staff-money.ts';
import { CAPABILITIES } from '#shared/staff-permissions.ts';
import { ApiRefusal, appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { answerConfirm } from '#tests/support/staff-confirm.ts';
import { staffRoute } from '#tests/support/staff-route.ts';
import { type StaffLiveEvent, staffLive } from '../../features/staff/staff-live.ts';
import { StaffSessionProvider } from '../../features/staff/staff-session.tsx';
import StaffPage from './staff.page.tsx';

const ME: StaffMe = {
  user: { id: 1, login: 'boss', email: 'boss@example.com', lang: 'en' },
  role: 'admin',
  capabilities: [...CAPABILITIES],
  enrolled: true,
  signedIn: true,
  recoveryCodesLeft: 10,
  adjustCap: null,
};

function renderConsole(path: string, pageId: string, pattern: string) {
  return renderPage(
    <StaffSessionProvider>
      <StaffPage />
    </StaffSessionProvider>,
    {
      store: appStore({}),
      path,
      pageId,
      sets: ['staff'],
      routeOf: staffRoute,
      otherPages: { [pattern]: pageId },
    },
  );
}

/** A fake live channel: `emit` plays the server's `staff` event to the console listening. */
function fakeSocket() {
  const listeners: ((event: StaffLiveEvent) => void)[] = [];
  let closed = 0;
  staffLive.connect = async (_lang, onEvent, onStatus) => {
    listeners.push(onEvent);
    onStatus('on');
    return { close: () => void closed++ };
  };
  return {
    emit: (event: StaffLiveEvent) =>
      act(() => {
        for (const listener of listeners) listener(event);
      }),
    listeners,
    closed: () => closed,
  };
}

// the screens' lazy modules compiled once before the tests: a page now renders after its
// loader, so the first test's screen would otherwise wait for the compiler too
beforeAll(async () => {
  await import('./home/staff-home.tsx');
  await import('./users/staff-user.tsx');
  await import('./orders/staff-order.tsx');
}, 30_000);

let api: ReturnType<typeof fakeApi> | null = null;
const connect = staffLive.connect;
afterEach(() => {
  api?.restore();
  staffLive.connect = connect;
});

const days = (values: number[]): StaffDashboard['days'] =>
  values.map((value, index) => ({
    day: `2026-01-${String(index + 1).padStart(2, '0')}`,
    orders: value,
    revenue: { USD: value * 100 },
    refunds: (index === 1 ? { USD: 50 } : {}) as Record<string, number>,
    users: index,
  }));

describe('the dashboard', () => {
  it('draws the 30 days as SVG charts with their figures, and refetches on the live event', async () => {
    const live = fakeSocket();
    let asked = 0;
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/dashboard': (): StaffDashboard => {
        asked++;
        const list = days(asked === 1 ? [3, 0, 7] : [3, 0, 7, 9]);
        return {
          days: list,
          today: list.at(-1)!,
          byStatus: { RUNNING: 4, COMPLETED: 12 },
          stuck: [],
          stuckRows: 0,
          lastChange: '2026-01-03T10:00:00.000Z',
          performance: { services: [], providers: [] },
        };
      },
      'GET staff/providers': () => [
        {
          id: 'simulator',
          url: 'internal',
          currency: 'USD',
          enabled: true,
          key_sealed: false,
          calls_24h: 40,
          errors_24h: 2,
          error_rate: 0.05,
        },
      ],
    });
    renderConsole('/en/staff/', 'staff', '/en/staff/');
    const orders = await screen.findByTestId('staff-chart-orders');
    // an image with a title, and a hidden table of the figures
    const svg = orders.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.querySelector('title')?.textContent).toContain('Orders paid by day over 30 days');
    expect(within(orders).getByRole('table', { hidden: true }).textContent).toContain('2026-01-03');
    expect(
      [...orders.querySelectorAll('circle')].map((dot) => dot.getAttribute('data-value')),
    ).toEqual(['3', '0', '7']);
    const revenue = screen.getByTestId('staff-chart-revenue-USD');
    expect(
      [...revenue.querySelectorAll('rect')].map((bar) => bar.getAttribute('data-value')),
    ).toEqual(['300', '0', '700']);
    expect(revenue.querySelector('table')!.textContent).toContain('$7');
    expect(screen.getByTestId('staff-tile-orders').textContent).toBe('7');
    expect(screen.getByTestId('staff-by-status').textContent).toContain('Running');
    // the figures come with the page; the channel opens once the dashboard is shown
    await waitFor(() =>
      expect(screen.getByTestId('staff-live').textContent).toBe('Live updates on'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('staff-dashboard-providers').textContent).toContain('5%'),
    );

    // the server says orders moved: the dashboard asks again
    await live.emit({ kind: 'orders', at: '2026-01-04T10:00:00.000Z' });
    await waitFor(() => expect(screen.getByTestId('staff-tile-orders').textContent).toBe('9'));
    expect(api.callsOf('GET staff/dashboard')).toHaveLength(2);
    expect(screen.getByTestId('staff-chart-orders').querySelectorAll('circle')).toHaveLength(4);

    // and the button asks too
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api!.callsOf('GET staff/dashboard')).toHaveLength(3));
  });

  it('sends a role without the dashboard to its first section', async () => {
    fakeSocket();
    api = fakeApi({
      'GET staff/me': () => ({ ...ME, role: 'seo', capabilities: ['content'] }),
      'GET staff/articles': () => [],
    });
    const { router } = renderConsole('/en/staff/', 'staff', '/en/staff/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/staff/articles/'));
    expect(api.callsOf('GET staff/dashboard')).toHaveLength(0);
  });
});

const PRICES: StaffPrices = {
  tag: 'IG_LIKES',
  provider: { id: 'simulator', service: 'IG_LIKES', currency: 'USD', rate: '1.00', error: null },
  sets: [
    {
      client: 'CLIENT_MAIN',
      currency: 'USD',
      tiers: [{ from: 10, micro: 699_000, per1000: 699, markup: 6.99 }],
      per1000: 699,
      provider_per1000: 100,
      markup: 6.99,
    },
  ],
};

describe('prices', () => {
  it('edits a tier per 1000 in major units, confirmed; the server takes millionths of a minor unit', async () => {
    let stored = PRICES;
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/prices/IG_LIKES': () => stored,
      'PUT staff/prices/IG_LIKES': ({ body }) => {
        const { tiers } = body as { tiers: { from: number; micro: number }[] };
        if (tiers[0]!.from > 10)
          return new ApiRefusal(
            400,
            'The first tier starts at or below the service’s smallest minimum',
          );
        stored = {
          ...PRICES,
          sets: [
            {
              ...PRICES.sets[0]!,
              tiers: tiers.map((tier) => ({
                ...tier,
                per1000: tier.micro / 1000,
                markup: tier.micro / 100_000,
              })),
              per1000: tiers[0]!.micro / 1000,
              markup: tiers[0]!.micro / 100_000,
            },
          ],
        };
        return stored;
      },
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/prices/IG_LIKES/', 'staff-price', '/en/staff/prices/:tag/');
    const set = await screen.findByTestId('staff-tiers-CLIENT_MAIN-USD');
    expect(within(set).getByTestId('staff-tiers-CLIENT_MAIN-USD-markup').textContent).toBe('×6.99');
    const price = within(set).getByRole('textbox', { name: 'Per 1000, USD' });
    expect((price as HTMLInputElement).value).toBe('6.99');
    await user.clear(price);
    await user.type(price, '7.5');
    // the markup over the provider's rate follows what is typed
    expect(set.textContent).toContain('750000');
    expect(set.textContent).toContain('×7.5');

    // declined: nothing is sent
    await user.click(within(set).getByRole('button', { name: 'Save prices' }));
    expect(await answerConfirm(user, false)).toContain('New tiers: 10+: 7.5 USD');
    expect(api.callsOf('PUT staff/prices/IG_LIKES')).toHaveLength(0);
    await user.click(within(set).getByRole('button', { name: 'Save prices' }));
    await answerConfirm(user, true);
    await waitFor(() => expect(api!.callsOf('PUT staff/prices/IG_LIKES')).toHaveLength(1));
    expect(api.callsOf('PUT staff/prices/IG_LIKES')[0]!.body).toEqual({
      client: 'CLIENT_MAIN',
      currency: 'USD',
      tiers: [{ from: 10, micro: 750_000 }],
    });
    expect((await screen.findByTestId('staff-prices-saved')).textContent).toContain(
      'Storefront · USD',
    );
    expect(screen.getByTestId('staff-tiers-CLIENT_MAIN-USD-markup').textContent).toBe('×7.5');

    // the server's words when it refuses
    const again = screen.getByTestId('staff-tiers-CLIENT_MAIN-USD');
    const from = within(again).getByRole('spinbutton', { name: 'From (units)' });
    await user.clear(from);
    await user.type(from, '50');
    await user.click(within(again).getByRole('button', { name: 'Save prices' }));
    await answerConfirm(user, true);
    expect((await within(again).findByRole('alert')).textContent).toBe(
      'The first tier starts at or below the service’s smallest minimum',
    );
  });
});

const REQUEST: StaffWithdrawal = {
  id: 'w-1',
  user: { id: 7, login: 'buyer', email: 'buyer@example.com' },
  amount: 2500,
  currency: 'USD',
  method: 'card',
  details: '4111 1111 1111 1111',
  status: 'PENDING',
  note: null,
  decided_by: null,
  decided_at: null,
  created_at: '2026-01-10T09:00:00.000Z',
};

describe('withdrawals', () => {
  it('rejects only with a note, after a confirmation; the decided request shows its status', async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/withdrawals': ({ query }) => ({
        items: query.get('status') === 'PENDING' ? [REQUEST] : [],
        meta: { total: 1, page: 1, limit: 50 },
      }),
      'POST staff/withdrawals/w-1/decision': ({ body }) => ({
        ...REQUEST,
        ...(body as { status: 'REJECTED'; note: string }),
        decided_by: 'boss',
        decided_at: '2026-01-10T10:00:00.000Z',
      }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/withdrawals/', 'staff-withdrawals', '/en/staff/withdrawals/');
    const decide = await screen.findByTestId('staff-withdrawal-decide');
    await user.click(within(decide).getByRole('button', { name: 'Reject' }));
    expect(within(decide).getByRole('alert').textContent).toContain('say why');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('POST staff/withdrawals/w-1/decision')).toHaveLength(0);

    await user.type(
      within(decide).getByRole('textbox', { name: 'Note' }),
      'Card details do not match',
    );
    await user.click(within(decide).getByRole('button', { name: 'Reject' }));
    expect(await answerConfirm(user, true)).toContain('Reject 25 USD of buyer?');
    await waitFor(() =>
      expect(api!.callsOf('POST staff/withdrawals/w-1/decision')).toHaveLength(1),
    );
    expect(api.callsOf('POST staff/withdrawals/w-1/decision')[0]!.body).toEqual({
      status: 'REJECTED',
      note: 'Card details do not match',
    });
    const row = screen
      .getByTestId('staff-withdrawals-table')
      .querySelector('[data-withdrawal="w-1"]')!;
    await waitFor(() => expect(row.textContent).toContain('Rejected'));
    expect(row.textContent).toContain('Card details do not match');
    expect(screen.queryByTestId('staff-withdrawal-decide')).toBeNull();
  });
});

const ARTICLE: StaffArticle = {
  key: 'guide',
  tags: ['instagram'],
  service: null,
  translations: [
    {
      lang: 'en',
      slug: 'guide',
      title: 'A guide',
      headtitle: 'A guide',
      description: 'How to',
      body: '# Hello\n\nSome text',
      published: false,
      path: '/en/blog/guide/',
      views: 0,
      created_at: '2026-01-10T09:00:00.000Z',
      updated_at: '2026-01-10T09:00:00.000Z',
      staff_edited_at: null,
    },
  ],
};

describe('articles', () => {
  it('previews through the server and publishes one language after a confirmation', async () => {
    // the server's article: a publication is in what the page reads again
    let held = ARTICLE;
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/articles/guide': () => held,
      'POST staff/articles/preview': ({ body }) => ({
        html: `<h2>${(body as { body: string }).body.split('\n')[0]!.slice(2)}</h2>`,
        words: 3,
      }),
      'POST staff/articles/guide/publish': () => {
        held = { ...ARTICLE, translations: [{ ...ARTICLE.translations[0]!, published: true }] };
        return held;
      },
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/articles/guide/', 'staff-article', '/en/staff/articles/:key/');
    await waitFor(() =>
      expect(screen.getByTestId('staff-article-preview').innerHTML).toBe('<h2>Hello</h2>'),
    );
    expect(screen.getByTestId('staff-article-state').textContent).toBe('draft');
    await user.click(screen.getByTestId('staff-article-publish'));
    await answerConfirm(user, true);
    await waitFor(() =>
      expect(screen.getByTestId('staff-article-state').textContent).toBe('published'),
    );
    expect(api.callsOf('POST staff/articles/guide/publish')[0]!.body).toEqual({
      published: true,
      lang: 'en',
    });
    expect(screen.getByRole('status').textContent).toBe('Published.');
    expect(screen.getByTestId('staff-article-publish').textContent).toBe('Unpublish en');
  });
});

describe('a user page', () => {
  it('sets the level, blocks after a confirmation, and sets roles (admins)', async () => {
    let user = {
      id: 7,
      login: 'buyer',
      email: 'buyer@example.com',
      role: 'user',
      balance: 1000,
      cur: 'USD',
      discount_level: 1,
      blocked: false,
      created_at: '2026-01-10T09:00:00.000Z',
      roles: ['ROLE_USER'],
      lang: 'en',
      orders: [],
      ledger: [],
      api_key: null,
      sessions: 2,
      payments: [],
      adjustments: [],
      referrals: {
        referrer: { id: 3, login: 'anna', email: 'anna@example.com' },
        code: 'ANNA7',
        referred: 2,
        currency: 'USD',
        earned: 500,
        pending: 0,
        withdrawn: 0,
        available: 500,
      },
    };
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/users/7': () => user,
      'POST staff/users/7/level': ({ body }) => {
        user = { ...user, discount_level: (body as { level: number }).level };
        return user;
      },
      'POST staff/users/7/block': ({ body }) => {
        user = { ...user, blocked: (body as { blocked: boolean }).blocked };
        return user;
      },
      'POST staff/users/7/roles': () =>
        new ApiRefusal(400, 'You cannot take the admin role from yourself'),
    });
    const ui = userEvent.setup();
    renderConsole('/en/staff/users/7/', 'staff-user', '/en/staff/users/:id/');
    const actions = await screen.findByTestId('staff-user-actions');
    // who brought them, a link to their page
    expect(screen.getByRole('link', { name: 'anna' }).getAttribute('href')).toBe(
      '/en/staff/users/3/',
    );
    await ui.selectOptions(within(actions).getByLabelText('Discount level'), '4');
    await ui.click(within(actions).getByRole('button', { name: 'Set level' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('The discount level was set.'),
    );
    expect(api.callsOf('POST staff/users/7/level')[0]!.body).toEqual({ level: 4 });

    // declined first: nothing sent; then blocked
    await ui.click(screen.getByTestId('staff-user-block'));
    await answerConfirm(ui, false);
    expect(api.callsOf('POST staff/users/7/block')).toHaveLength(0);
    await ui.click(screen.getByTestId('staff-user-block'));
    await answerConfirm(ui, true);
    await waitFor(() => expect(screen.getByTestId('staff-user-blocked').textContent).toBe('yes'));
    expect(api.callsOf('POST staff/users/7/block')[0]!.body).toEqual({ blocked: true });
    expect(screen.getByTestId('staff-user-block').textContent).toBe('Unblock');

    // roles: the server's refusal in its words
    const roles = screen.getByTestId('staff-user-roles');
    await ui.click(within(roles).getByLabelText('Moderator'));
    await ui.click(within(roles).getByRole('button', { name: 'Save roles' }));
    await answerConfirm(ui, true);
    await waitFor(() => expect(api!.callsOf('POST staff/users/7/roles')).toHaveLength(1));
    expect(api.callsOf('POST staff/users/7/roles')[0]!.body).toEqual({ roles: ['ROLE_MODERATOR'] });
    expect((await within(roles).findByRole('alert')).textContent).toBe(
      'You cannot take the admin role from yourself',
    );
  });
});

describe('providers', () => {
  it('adds a provider with its key in a password field, cleared after the call', async () => {
    // the server's providers: one added is in the list the page reads again
    const held: unknown[] = [];
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/providers': () => held,
      'POST staff/providers': ({ body }) => {
        const added = {
          id: (body as { id: string }).id,
          url: (body as { url: string }).url,
          currency: 'USD',
          enabled: true,
          key_sealed: true,
          calls_24h: 0,
          errors_24h: 0,
          error_rate: null,
        };
        held.push(added);
        return added;
      },
    });
    const ui = userEvent.setup();
    renderConsole('/en/staff/providers/', 'staff-providers', '/en/staff/providers/');
    const form = await screen.findByTestId('staff-provider-add');
    const key = within(form).getByLabelText('API key') as HTMLInputElement;
    expect(key.type).toBe('password');
    await ui.type(within(form).getByLabelText('Id'), 'panel');
    await ui.type(within(form).getByLabelText('API URL'), 'https://panel.example/api/v2');
    await ui.type(key, 'secret-key');
    await ui.click(within(form).getByRole('button', { name: 'Add provider' }));
    await waitFor(() =>
      expect(screen.getByTestId('staff-providers-table').textContent).toContain('panel'),
    );
    expect(api.callsOf('POST staff/providers')[0]!.body).toEqual({
      id: 'panel',
      url: 'https://panel.example/api/v2',
      api_key: 'secret-key',
      currency: 'USD',
    });
    expect(key.value).toBe('');
    expect(document.body.textContent).not.toContain('secret-key');
  });
});

describe('a service page', () => {
  it('sends only what changed; publishing is asked first; the server refuses in its words', async () => {
    const service = {
      id: 3,
      tag: 'IG_LIKES',
      platform: 'instagram',
      kind: 'likes',
      type: 'LIKES' as const,
      labels: ['CLIENT_MAIN', 'CLIENT_LK', 'ENABLED', 'TYPE_LIKES'],
      enabled: true,
      visible: false,
      min: 1,
      max: 1000,
      min_order: 10,
      max_order: 1000,
      lk_min_order: 10,
      lk_max_order: 1000,
      texts: { en: { name: 'Likes', description: 'Real likes' } },
      mapping: {
        provider_id: 'simulator',
        provider_service: 'IG_LIKES',
        provider_rate: '1.00',
        fallback_provider_id: null,
        fallback_service: null,
      },
      updated_at: '2026-01-10T09:00:00.000Z',
    };
    let answer: unknown = service;
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/catalogue/services/IG_LIKES': () => service,
      'PATCH staff/catalogue/services/IG_LIKES': () => answer,
    });
    const ui = userEvent.setup();
    renderConsole('/en/staff/services/IG_LIKES/', 'staff-service', '/en/staff/services/:tag/');
    const form = await screen.findByTestId('staff-service-form');
    await ui.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe('Nothing was changed.');
    expect(api.callsOf('PATCH staff/catalogue/services/IG_LIKES')).toHaveLength(0);

    await ui.click(within(form).getByLabelText('Visible (shown on the site)'));
    const max = within(form).getByLabelText('Storefront max');
    await ui.clear(max);
    await ui.type(max, '5000');
    await ui.type(within(form).getByLabelText('Fallback provider'), 'panel');
    await ui.type(within(form).getByLabelText('Service id at the fallback'), '77');
    answer = new ApiRefusal(400, 'The minimum is more than the maximum');
    await ui.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await answerConfirm(ui, true)).toContain('Show IG_LIKES on the site?');
    await waitFor(() =>
      expect(api!.callsOf('PATCH staff/catalogue/services/IG_LIKES')).toHaveLength(1),
    );
    expect(api.callsOf('PATCH staff/catalogue/services/IG_LIKES')[0]!.body).toEqual({
      visible: true,
      max_order: 5000,
      fallback: { provider_id: 'panel', provider_service: '77' },
    });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The minimum is more than the maximum',
    );
  });
});

describe('an order page', () => {
  it('switches the provider after a confirmation and lists the provider calls', async () => {
    const order = {
      id: 42,
      public_id: 'k3Yd9qZx',
      user: null,
      email: 'guest@example.com',
      tag: 'IG_LIKES',
      service_names: {},
      link: 'https://www.instagram.com/p/C8xYz12Stf1/',
      count: 1000,
      cost: 1450,
      refunded: 0,
      currency: 'USD',
      status: 'PAID' as const,
      provider_id: 'simulator',
      provider_order_id: null,
      start_count: null,
      remains: null,
      needs_check: false,
      rows: 0,
      created_at: '2026-01-10T09:00:00.000Z',
      updated_at: '2026-01-10T09:05:00.000Z',
      children: [],
      history: [],
      ledger: [],
      actions: { resend: false, cancel: true, partial: false, switch: true, refill: false },
      provider_calls: [
        {
          order_id: 42,
          provider_id: 'simulator',
          action: 'add',
          request: { service: 'IG_LIKES', quantity: 1000 },
          answer: { error: 'Not enough funds' },
          ok: false,
          created_at: '2026-01-10T09:01:00.000Z',
        },
      ],
    };
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/orders/42': () => order,
      'POST staff/orders/42/provider': ({ body }) => ({
        ...order,
        provider_id: (body as { provider: string }).provider,
      }),
    });
    const ui = userEvent.setup();
    renderConsole('/en/staff/orders/42/', 'staff-order', '/en/staff/orders/:id/');
    const calls = await screen.findByTestId('staff-order-calls');
    expect(calls.textContent).toContain('Not enough funds');
    await ui.type(screen.getByLabelText('Another provider of its service'), 'panel');
    await ui.click(screen.getByRole('button', { name: 'Switch provider' }));
    expect(await answerConfirm(ui, true)).toContain('Send order #42 to panel instead?');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The order was switched to the other provider.',
      ),
    );
    expect(api.callsOf('POST staff/orders/42/provider')[0]!.body).toEqual({ provider: 'panel' });
  });
});

describe('the landing copy', () => {
  it('saves a text of the chosen language, and gives back the shipped one after a confirmation', async () => {
    const shipped = (lang: string): StaffLandingCopy => ({
      lang: lang as StaffLandingCopy['lang'],
      items: [
        {
          key: 'landing.tiktok.title',
          default: `${lang}: TikTok title`,
          text: null,
          updated_at: null,
          updated_by: null,
        },
        {
          key: 'service.tiktok-likes.short',
          default: `${lang}: likes line`,
          text: null,
          updated_at: null,
          updated_by: null,
        },
      ],
    });
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/landing-copy': ({ query }) => shipped(query.get('lang')!),
      'PUT staff/landing-copy': ({ body }) => {
        const { lang, key, text } = body as { lang: string; key: string; text: string | null };
        const copy = shipped(lang);
        return {
          ...copy,
          items: copy.items.map((item) =>
            item.key === key && text !== null
              ? { ...item, text, updated_at: '2026-01-12T10:00:00.000Z', updated_by: 'boss' }
              : item,
          ),
        };
      },
    });
    const user = userEvent.setup();
    renderConsole(
      '/en/staff/landing-copy/?lang=de&group=tiktok',
      'staff-landing-copy',
      '/en/staff/landing-copy/',
    );
    const list = await screen.findByTestId('staff-landing-copy');
    await within(list).findByDisplayValue('de: TikTok title');
    expect(api.callsOf('GET staff/landing-copy')[0]!.query.get('lang')).toBe('de');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // the search narrows the list by key or text
    await user.type(screen.getByLabelText('Key or text'), 'likes line');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(screen.getByLabelText('Key or text'));
    // another platform's pages: none of these
    await user.selectOptions(screen.getByLabelText('Pages'), 'vk');
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Pages'), 'tiktok');

    const row = list.querySelector<HTMLElement>('[data-key="landing.tiktok.title"]')!;
    const save = within(row).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const field = within(row).getByRole('textbox');
    await user.clear(field);
    // typed across lines, kept on one
    await user.type(field, 'TikTok{Enter}wachsen');
    await user.click(save);
    expect(api.callsOf('PUT staff/landing-copy')[0]!.body).toEqual({
      lang: 'de',
      key: 'landing.tiktok.title',
      text: 'TikTok wachsen',
    });
    expect((await within(row).findByRole('status')).textContent).toBe('Saved.');
    expect(row.textContent).toContain('Shipped text: de: TikTok title');
    await user.click(within(row).getByRole('button', { name: 'Use the shipped text' }));
    await answerConfirm(user, true);
    await waitFor(() => expect(api!.callsOf('PUT staff/landing-copy')).toHaveLength(2));
    expect(api.callsOf('PUT staff/landing-copy')[1]!.body).toEqual({
      lang: 'de',
      key: 'landing.tiktok.title',
      text: null,
    });
  });
});

describe('the catalogue', () => {
  const service = (tag: string, platform: string, provider: string) => ({
    id: tag.length,
    tag,
    platform,
    kind: 'likes',
    type: 'LIKES' as const,
    labels: ['CLIENT_MAIN', 'ENABLED', 'VISIBLE', 'TYPE_LIKES'],
    enabled: true,
    visible: true,
    min: 1,
    max: 1000,
    min_order: 10,
    max_order: 1000,
    lk_min_order: 10,
    lk_max_order: 1000,
    texts: { en: { name: `${tag} name`, description: '' } },
    mapping: {
      provider_id: provider,
      provider_service: tag,
      provider_rate: '1.00',
      fallback_provider_id: null,
      fallback_service: null,
    },
    updated_at: '2026-01-10T09:00:00.000Z',
  });

  it('leaves the seeded test services and their platform out of the filters, and lists them when their tag is searched', async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/catalogue/services': () => [
        service('INSTAGRAM_LIKES', 'instagram', 'simulator'),
        service('TIKTOK_LIKES', 'tiktok', 'panel'),
        service('FAKE_LIKES', 'fake', 'fakes-only'),
        service('FAKE_FOLLOWERS', 'fake', 'fakes-only'),
      ],
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/services/', 'staff-services', '/en/staff/services/');
    const table = await screen.findByTestId('staff-services-table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(table.textContent).not.toContain('FAKE_');
    const choices = (label: string) =>
      [...screen.getByLabelText(label).querySelectorAll('option')].map((one) => one.textContent);
    // the platforms and types by their names, as the storefront says them
    expect(choices('Platform')).toEqual(['Any', 'Instagram', 'TikTok']);
    expect(choices('Type')).toContain('Likes');
    expect(choices('Provider')).toEqual(['Any', 'panel', 'simulator']);

    await user.type(screen.getByLabelText('Tag or name'), 'FAKE_');
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(table.textContent).toContain('FAKE_LIKES');
    expect(table.textContent).toContain('FAKE_FOLLOWERS');
    await user.clear(screen.getByLabelText('Tag or name'));
    await user.type(screen.getByLabelText('Tag or name'), 'fake_likes');
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(table.textContent).toContain('FAKE_LIKES');
    // searched by name, they stay out
    await user.clear(screen.getByLabelText('Tag or name'));
    await user.type(screen.getByLabelText('Tag or name'), 'name');
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(table.textContent).not.toContain('FAKE_');
  });

  it('opens a service clicked while the search typed waits to go into the URL', async () => {
    let answer = (_: unknown) => {};
    const opened = new Promise((resolve) => {
      answer = resolve;
    });
    const fake = service('FAKE_LIKES', 'fake', 'fakes-only');
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/catalogue/services': () => [fake],
      'GET staff/catalogue/services/FAKE_LIKES': () => opened,
    });
    const user = userEvent.setup();
    const { router } = renderPage(
      <StaffSessionProvider>
        <StaffPage />
      </StaffSessionProvider>,
      {
        store: appStore({}),
        path: '/en/staff/services/',
        pageId: 'staff-services',
        sets: ['staff'],
        routeOf: staffRoute,
        otherPages: {
          '/en/staff/services/': 'staff-services',
          '/en/staff/services/:tag/': 'staff-service',
        },
      },
    );
    await screen.findByTestId('staff-services-table');
    await user.type(screen.getByLabelText('Tag or name'), 'FAKE_');
    await user.click(await screen.findByRole('link', { name: 'FAKE_LIKES' }));
    expect(router.state.navigation.location?.pathname).toBe('/en/staff/services/FAKE_LIKES/');
    // the search goes into the URL 300 ms after the last key: here that moment passes while
    // the service is still being read, which is the case under test
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    answer(fake);
    expect(await screen.findByTestId('staff-service-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/staff/services/FAKE_LIKES/');
  });
});
