/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceTable, ServiceView } from '#shared/catalog.ts';
import { checkLink } from '#shared/link-rules.ts';
import type { PaymentMethodsData } from '#shared/payment-methods.ts';
import { pagePath } from '#shared/routes.ts';
import {
  ApiRefusal,
  type ApiRoutes,
  appStore,
  fakeApi,
  renderPage,
  stopSagas,
} from '#tests/support/render.tsx';
import { browser, orderFormSaga } from './order-form.saga.ts';
import { OrderForm } from './order-form.tsx';

/**
 * A short link a buyer pastes (vm.tiktok.com/…) is followed through POST unshorten before
 * the form checks it: the field says it checks the link, then holds where the link leads,
 * which is checked against the service's rules and ordered; a link that cannot be followed
 * stays as typed and is checked as it is.
 */
const SHORT = 'vm.tiktok.com/ZMhvqjLcT/';
const VIDEO = 'https://www.tiktok.com/@user/video/7234567890123456789';
const PROFILE = 'https://www.tiktok.com/@user';

function tiktok(tag: string, overrides: Partial<ServiceView>): ServiceView {
  return {
    tag,
    platform: 'tiktok',
    kind: 'views',
    type: 'VIEWS',
    name: 'TikTok views',
    description: 'Views that help a clip take off.',
    labels: ['CLIENT_MAIN', 'CLIENT_LK', 'VISIBLE', 'ENABLED', 'TYPE_VIEWS'],
    min_order: 100,
    max_order: 100_000,
    max_order_other: null,
    link_kinds: ['video'],
    page: 'tiktok-views',
    multi: null,
    discount_group: 'views',
    ...overrides,
  };
}

const SERVICES = [
  tiktok('TIKTOK_VIEWS', {}),
  tiktok('TIKTOK_FOLLOWERS', {
    kind: 'followers',
    type: 'SUBS',
    name: 'TikTok followers',
    labels: ['CLIENT_MAIN', 'CLIENT_LK', 'VISIBLE', 'ENABLED', 'TYPE_SUBS'],
    link_kinds: ['account'],
    page: 'tiktok-followers',
    discount_group: 'followers',
  }),
];

const INFORMERS: PriceTable = {
  USD: {
    TIKTOK_VIEWS: { '1000': { cost: 199, discount: 0 } },
    TIKTOK_FOLLOWERS: { '1000': { cost: 999, discount: 0 } },
  },
};

const METHODS: PaymentMethodsData = {
  methods: [
    {
      id: 9,
      code: 'crypto',
      order: 9,
      currencies: ['RUB', 'USD', 'EUR'],
      country_filter: 'every',
      countries: [],
      limits: { USD: { min: 50, max: 10_000_000 } },
      group: 'crypto',
      show_agreement_flag: false,
    },
  ],
  groups: { crypto: { id: 'crypto', order: 4, methods: [9] } },
};

let api: ReturnType<typeof fakeApi>;
let go: jest.Spied<typeof browser.go>;
/** what POST unshorten answers: the link's end, or a refusal */
let unshorten: ApiRoutes[string];
/** lets the test hold POST unshorten's answer while it looks at the field */
let answerHeld: Promise<void>;

beforeEach(() => {
  sessionStorage.clear();
  answerHeld = Promise.resolve();
  unshorten = () => ({ url: `${VIDEO}?_r=1&_t=8kLmNoPqRsT` });
  api = fakeApi({
    'POST unshorten': async (call) => {
      await answerHeld;
      return unshorten(call);
    },
    'GET payment/methods': () => METHODS,
    'POST c_orders/main': () => ({
      order: { id: 'ord_1', status: 'PAID' },
      payment: null,
      redirect: null,
    }),
  });
  go = jest.spyOn(browser, 'go').mockImplementation(() => {});
});

afterEach(() => {
  stopSagas();
  api.restore();
  go.mockRestore();
});

function renderTikTok(service: 'views' | 'followers') {
  const data = { platform: 'tiktok' as const, services: SERVICES, informers: INFORMERS };
  const tag = service === 'views' ? 'TIKTOK_VIEWS' : 'TIKTOK_FOLLOWERS';
  renderPage(<OrderForm data={data} pageId={`service:tiktok-${service}`} pageService={tag} />, {
    store: appStore({}, orderFormSaga),
    path: pagePath(`service:tiktok-${service}`, 'en'),
    pageId: `service:tiktok-${service}`,
  });
}

/** What the alerts under the fields say. */
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

/** Pays as a guest by crypto (no agreement asked). */
async function pay(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.type(screen.getByRole('textbox', { name: 'E-mail for the receipt' }), 'b@example.com');
  await user.click(screen.getByRole('button', { name: 'Choose a payment method' }));
  await user.click(await screen.findByRole('radio', { name: 'Cryptocurrency' }));
  await user.click(screen.getByRole('button', { name: `Pay ${amount}` }));
}

describe('a short link in the order form', () => {
  it('is followed, then the video it leads to is checked and ordered', async () => {
    const user = userEvent.setup();
    let release = () => {};
    answerHeld = new Promise((resolve) => {
      release = resolve;
    });
    renderTikTok('views');
    const link = screen.getByRole('textbox', { name: 'Link to the video' }) as HTMLInputElement;
    await user.type(link, SHORT);
    // while it is followed the field says so, and a click on Pay orders nothing
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Checking the link…');
    expect(link.getAttribute('aria-describedby')).toBe(status.id);
    await user.click(screen.getByRole('button', { name: 'Pay $1.99' }));
    expect(api.callsOf('POST c_orders/main')).toEqual([]);
    expect(document.activeElement).toBe(link);

    release();
    await waitFor(() => expect(link.value).toBe(`${VIDEO}?_r=1&_t=8kLmNoPqRsT`));
    expect(api.callsOf('POST unshorten').map((call) => call.body)).toEqual([
      { link: `https://${SHORT}` },
    ]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(checkLink('tiktok', ['video'], link.value)).toMatchObject({ ok: true, kind: 'video' });

    await pay(user, '$1.99');
    expect(alerts()).toEqual([]);
    await waitFor(() => expect(api.callsOf('POST c_orders/main')).toHaveLength(1));
    expect(api.callsOf('POST c_orders/main')[0]!.body).toMatchObject({
      tag: 'TIKTOK_VIEWS',
      link: `${VIDEO}?_r=1&_t=8kLmNoPqRsT`,
    });
  });

  it('shared from a profile passes as the profile for followers', async () => {
    const user = userEvent.setup();
    unshorten = () => ({ url: `${PROFILE}?_t=8kLmNoPqRsT&_r=1` });
    renderTikTok('followers');
    const link = screen.getByRole('textbox', {
      name: 'Username or link to the profile',
    }) as HTMLInputElement;
    await user.type(link, `https://${SHORT}`);
    await waitFor(() => expect(link.value).toBe(`${PROFILE}?_t=8kLmNoPqRsT&_r=1`));
    await pay(user, '$9.99');
    expect(alerts()).toEqual([]);
    await waitFor(() => expect(api.callsOf('POST c_orders/main')).toHaveLength(1));
  });

  it('stays as typed when it cannot be followed, and is checked as it is', async () => {
    const user = userEvent.setup();
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => {});
    unshorten = () => new ApiRefusal(422, 'The link cannot be followed');
    renderTikTok('followers');
    const link = screen.getByRole('textbox', {
      name: 'Username or link to the profile',
    }) as HTMLInputElement;
    await user.type(link, SHORT);
    await waitFor(() => expect(api.callsOf('POST unshorten')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(link.value).toBe(SHORT);
    // a video's short link is no profile: the followers' rule says so
    await pay(user, '$9.99');
    expect(alerts()).toContain('Enter a username or a link to the profile');
    expect(api.callsOf('POST c_orders/main')).toEqual([]);
    expect(warned).toHaveBeenCalled();
    warned.mockRestore();
  });

  it('leads somewhere no platform’s rules know: it stays as typed', async () => {
    const user = userEvent.setup();
    unshorten = () => ({ url: 'https://www.tiktok.com/login?redirect_url=x' });
    renderTikTok('views');
    const link = screen.getByRole('textbox', { name: 'Link to the video' }) as HTMLInputElement;
    await user.type(link, SHORT);
    await waitFor(() => expect(api.callsOf('POST unshorten')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(link.value).toBe(SHORT);
    // TikTok's own short video link is a video link as it is
    await pay(user, '$1.99');
    expect(alerts()).toEqual([]);
    await waitFor(() => expect(api.callsOf('POST c_orders/main')).toHaveLength(1));
    expect(api.callsOf('POST c_orders/main')[0]!.body).toMatchObject({ link: SHORT });
  });

  it('is not followed when it is a platform’s own link', async () => {
    const user = userEvent.setup();
    renderTikTok('views');
    await user.type(screen.getByRole('textbox', { name: 'Link to the video' }), VIDEO);
    await pay(user, '$1.99');
    await waitFor(() => expect(api.callsOf('POST c_orders/main')).toHaveLength(1));
    expect(api.callsOf('POST unshorten')).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
