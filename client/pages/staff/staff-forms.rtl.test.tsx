/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { StaffMe, StaffOrderDetail, StaffUserDetail } from '#shared/staff.ts';
import type { StaffImportDiff, StaffPrices } from '#shared/staff-catalogue.ts';
import type { StaffLandingCopy } from '#shared/staff-content.ts';
import type { StaffWithdrawal } from '#shared/staff-money.ts';
import { CAPABILITIES } from '#shared/staff-permissions.ts';
import { ApiRefusal, appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { answerConfirm } from '#tests/support/staff-confirm.ts';
import { staffRoute } from '#tests/support/staff-route.ts';
import { StaffSessionProvider } from '../../features/staff/staff-session.tsx';
import StaffPage from './staff.page.tsx';

/**
 * The console's forms after a refused submit (their own checks, or the server's 400 naming
 * fields): the first field at fault takes the focus, and its message is its description
 * (aria-describedby), as on the storefront's forms.
 */

const ME: StaffMe = {
  user: { id: 1, login: 'boss', email: 'boss@example.com', lang: 'en' },
  role: 'admin',
  capabilities: [...CAPABILITIES],
  enrolled: true,
  signedIn: true,
  recoveryCodesLeft: 10,
  adjustCap: null,
};

const USER: StaffUserDetail = {
  id: 7,
  login: 'buyer',
  email: 'buyer@example.com',
  role: 'user',
  balance: 1000,
  cur: 'USD',
  discount_level: 1,
  blocked: false,
  created_at: '2026-01-10T09:00:00.000Z',
  roles: [],
  lang: 'en',
  orders: [],
  ledger: [],
  api_key: null,
  sessions: 0,
  payments: [],
  adjustments: [],
  referrals: {
    referrer: null,
    code: 'BUYER7',
    referred: 0,
    currency: 'USD',
    earned: 0,
    pending: 0,
    withdrawn: 0,
    available: 0,
  },
};

// the screens' lazy modules compiled once before the tests: a page now renders after its
// loader, so the first test's screen would otherwise wait for the compiler too
beforeAll(async () => {
  await import('./home/staff-home.tsx');
  await import('./users/staff-user.tsx');
  await import('./orders/staff-order.tsx');
}, 30_000);

let api: ReturnType<typeof fakeApi> | null = null;
afterEach(() => api?.restore());

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

/** What a screen reader says after a field's name: the texts its aria-describedby names. */
const descriptionOf = (field: Element) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Tab to `button` and press Enter, as a keyboard does. */
async function pressWithKeyboard(user: UserEvent, button: HTMLElement) {
  while (document.activeElement !== button) await user.tab();
  await user.keyboard('{Enter}');
}

describe("a user's balance form", () => {
  it('focuses the amount, then the reason, each described by its message', async () => {
    api = fakeApi({ 'GET staff/me': () => ME, 'GET staff/users/7': () => USER });
    const user = userEvent.setup();
    renderConsole('/en/staff/users/7/', 'staff-user', '/en/staff/users/:id/');
    const form = await screen.findByTestId('staff-balance-form');
    const adjust = within(form).getByRole('button', { name: 'Adjust balance' });
    await pressWithKeyboard(user, adjust);
    const amount = within(form).getByRole('textbox', { name: /^Amount, USD/ });
    expect(document.activeElement).toBe(amount);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(amount)).toBe('Enter an amount other than 0, with at most 2 decimals');

    await user.keyboard('25');
    await pressWithKeyboard(user, adjust);
    const reason = within(form).getByRole('textbox', { name: /^Reason/ });
    expect(document.activeElement).toBe(reason);
    expect(descriptionOf(reason)).toBe('Give a reason of 3 to 500 characters');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(api.callsOf('POST staff/users/7/balance')).toHaveLength(0);
  });

  it("focuses the field the server's 400 names", async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/users/7': () => USER,
      'POST staff/users/7/balance': () =>
        new ApiRefusal(400, 'The amount is a whole number of minor units, not 0', {
          errors: { amount: 'The amount is a whole number of minor units, not 0' },
        }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/users/7/', 'staff-user', '/en/staff/users/:id/');
    const form = await screen.findByTestId('staff-balance-form');
    await user.type(within(form).getByRole('textbox', { name: /^Amount, USD/ }), '25');
    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'Goodwill');
    await pressWithKeyboard(user, within(form).getByRole('button', { name: 'Adjust balance' }));
    const amount = within(form).getByRole('textbox', { name: /^Amount, USD/ });
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).not.toBe('');
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

describe("a service's prices", () => {
  it('focus the first cell at fault: a price, a start left empty, a start not above the one before', async () => {
    api = fakeApi({ 'GET staff/me': () => ME, 'GET staff/prices/IG_LIKES': () => PRICES });
    const user = userEvent.setup();
    renderConsole('/en/staff/prices/IG_LIKES/', 'staff-price', '/en/staff/prices/:tag/');
    const set = await screen.findByTestId('staff-tiers-CLIENT_MAIN-USD');
    const save = within(set).getByRole('button', { name: 'Save prices' });
    const price = within(set).getByRole('textbox', { name: 'Per 1000, USD' });
    await user.clear(price);
    await pressWithKeyboard(user, save);
    expect(document.activeElement).toBe(price);
    expect(descriptionOf(price)).toBe(
      'Each tier needs a whole start from 1 and a price above 0 (up to 5 decimals).',
    );
    await user.keyboard('7');
    // a new tier's start is left empty
    await user.click(within(set).getByRole('button', { name: 'Add a tier' }));
    await pressWithKeyboard(user, save);
    const starts = within(set).getAllByRole('spinbutton', { name: 'From (units)' });
    expect(document.activeElement).toBe(starts[1]);
    expect(price.getAttribute('aria-invalid')).toBeNull();
    await user.keyboard('5');
    await pressWithKeyboard(user, save);
    expect(document.activeElement).toBe(starts[1]);
    expect(descriptionOf(starts[1]!)).toBe('Tier starts go up, each above the one before');
    expect(starts[0]!.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('PUT staff/prices/IG_LIKES')).toHaveLength(0);
  });

  it("mark every cell when the server's 400 names the tiers, the first focused", async () => {
    const refusal =
      'Give 1 to 50 tiers, each a start (whole number from 1) and a unit price (whole millionths of a minor unit, more than 0)';
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/prices/IG_LIKES': () => PRICES,
      'PUT staff/prices/IG_LIKES': () =>
        new ApiRefusal(400, refusal, { errors: { tiers: refusal } }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/prices/IG_LIKES/', 'staff-price', '/en/staff/prices/:tag/');
    const set = await screen.findByTestId('staff-tiers-CLIENT_MAIN-USD');
    const price = within(set).getByRole('textbox', { name: 'Per 1000, USD' });
    await user.clear(price);
    await user.type(price, '7.5');
    await pressWithKeyboard(user, within(set).getByRole('button', { name: 'Save prices' }));
    await answerConfirm(user, true);
    const from = within(set).getByRole('spinbutton', { name: 'From (units)' });
    await waitFor(() => expect(document.activeElement).toBe(from));
    expect(descriptionOf(from)).toContain('Give 1 to 50 tiers');
    expect(price.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('adding a provider', () => {
  it("focuses the field the server's 400 names, described by its message under it", async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/providers': () => [],
      'POST staff/providers': () =>
        new ApiRefusal(400, 'The provider’s URL is an http(s) address', {
          errors: { url: 'The provider’s URL is an http(s) address' },
        }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/providers/', 'staff-providers', '/en/staff/providers/');
    const form = await screen.findByTestId('staff-provider-add');
    await user.type(within(form).getByRole('textbox', { name: /^Id/ }), 'panel');
    await user.type(within(form).getByRole('textbox', { name: 'API URL' }), 'ftp://panel');
    await pressWithKeyboard(user, within(form).getByRole('button', { name: 'Add provider' }));
    const url = within(form).getByRole('textbox', { name: 'API URL' });
    await waitFor(() => expect(document.activeElement).toBe(url));
    expect(descriptionOf(url)).toBe('The provider’s URL is an http(s) address');
    // said once, under the field
    expect(within(form).getAllByRole('alert')).toHaveLength(1);
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

describe("a withdrawal's rejection", () => {
  it('without a note focuses the note, described by why it is needed', async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/withdrawals': () => ({ items: [REQUEST], meta: { total: 1, page: 1, limit: 50 } }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/withdrawals/', 'staff-withdrawals', '/en/staff/withdrawals/');
    const decide = await screen.findByTestId('staff-withdrawal-decide');
    await pressWithKeyboard(user, within(decide).getByRole('button', { name: 'Reject' }));
    const note = within(decide).getByRole('textbox', { name: 'Note' });
    expect(document.activeElement).toBe(note);
    expect(descriptionOf(note)).toContain('say why in 3 to 500 characters');
  });
});

describe("a service's page", () => {
  it("focuses the limit the server's 400 names, its message under it only", async () => {
    const service = {
      id: 3,
      tag: 'IG_LIKES',
      platform: 'instagram',
      kind: 'likes',
      type: 'LIKES' as const,
      labels: ['CLIENT_MAIN', 'CLIENT_LK', 'ENABLED', 'TYPE_LIKES'],
      enabled: true,
      visible: true,
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
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/catalogue/services/IG_LIKES': () => service,
      'PATCH staff/catalogue/services/IG_LIKES': () =>
        new ApiRefusal(400, 'Provide an integer', { errors: { min_order: 'Provide an integer' } }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/services/IG_LIKES/', 'staff-service', '/en/staff/services/:tag/');
    const form = await screen.findByTestId('staff-service-form');
    const min = within(form).getByRole('spinbutton', { name: 'Storefront min' });
    await user.clear(min);
    await user.type(min, '20');
    await pressWithKeyboard(user, within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(min));
    expect(descriptionOf(min)).toBe('Provide an integer');
    expect(within(form).getAllByRole('alert')).toHaveLength(1);
  });
});

describe('a new article', () => {
  it("focuses the text field the server's 400 is about (it names `translations`)", async () => {
    const slug = 'A slug is 1 to 120 lower-case letters, digits and dashes';
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/articles': () => [],
      'POST staff/articles': () => new ApiRefusal(400, slug, { errors: { translations: slug } }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/articles/', 'staff-articles', '/en/staff/articles/');
    const form = await screen.findByTestId('staff-article-create');
    await user.type(within(form).getByRole('textbox', { name: 'Key' }), 'guide');
    await user.type(within(form).getByRole('textbox', { name: 'Slug (address)' }), 'Bad Slug');
    await pressWithKeyboard(
      user,
      within(form).getByRole('button', { name: 'Create (unpublished)' }),
    );
    const field = within(form).getByRole('textbox', { name: 'Slug (address)' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(descriptionOf(field)).toBe(slug);
  });
});

const IMPORT: StaffImportDiff = {
  provider: { id: 'panel', currency: 'USD' },
  added: [
    {
      service: '77',
      name: 'Instagram Likes HQ',
      type: 'Default',
      category: 'Instagram',
      rate: '0.50',
      min: 10,
      max: 5000,
    },
  ],
  changed: [],
  gone: [],
};

describe('an import', () => {
  it('focuses a markup it cannot take, then a tag, before asking to confirm', async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/providers/panel/import': () => IMPORT,
    });
    const user = userEvent.setup();
    renderConsole(
      '/en/staff/providers/panel/import/',
      'staff-import',
      '/en/staff/providers/:provider/import/',
    );
    const page = await screen.findByTestId('staff-import');
    await user.click(within(page).getByRole('checkbox', { name: 'Add Instagram Likes HQ' }));
    const markup = within(page).getByRole('textbox', { name: /^Markup/ });
    await user.clear(markup);
    await user.type(markup, '0');
    const tag = within(page).getByRole('textbox', { name: 'Tag' });
    await user.clear(tag);
    await user.type(tag, '1X');
    const submit = within(page).getByRole('button', { name: 'Import 1 service' });
    await pressWithKeyboard(user, submit);
    expect(document.activeElement).toBe(tag);
    expect(descriptionOf(tag)).toBe(
      'A tag is 2 to 64 capital letters, digits and underscores, starting with a letter',
    );
    expect(descriptionOf(markup)).toBe('The markup is a number from 0.01 to 1000');
    await user.clear(tag);
    await user.type(tag, 'PANEL_LIKES');
    await pressWithKeyboard(user, submit);
    expect(document.activeElement).toBe(markup);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("a user's roles", () => {
  it("focus the first role when the server's 400 names them", async () => {
    const refusal = 'Roles are ROLE_ADMIN, ROLE_MODERATOR, ROLE_MANAGER, ROLE_SEO or ROLE_PROXY';
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/users/7': () => USER,
      'POST staff/users/7/roles': () =>
        new ApiRefusal(400, refusal, { errors: { roles: refusal } }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/users/7/', 'staff-user', '/en/staff/users/:id/');
    const form = await screen.findByTestId('staff-user-roles');
    await user.click(within(form).getByRole('checkbox', { name: 'SEO' }));
    await pressWithKeyboard(user, within(form).getByRole('button', { name: 'Save roles' }));
    await answerConfirm(user, true);
    const [first] = within(form).getAllByRole('checkbox');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(descriptionOf(first!)).toBe(refusal);
  });
});

describe('a landing text', () => {
  it("focuses the text the server's 400 refuses, described by why", async () => {
    const refusal = 'A text is 1 to 2000 characters on one line, or null for the default';
    const copy: StaffLandingCopy = {
      lang: 'en',
      items: [
        {
          key: 'landing.tiktok.title',
          default: 'TikTok title',
          text: null,
          updated_at: null,
          updated_by: null,
        },
      ],
    };
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/landing-copy': () => copy,
      'PUT staff/landing-copy': () => new ApiRefusal(400, refusal, { errors: { text: refusal } }),
    });
    const user = userEvent.setup();
    renderConsole(
      '/en/staff/landing-copy/?lang=en&group=tiktok',
      'staff-landing-copy',
      '/en/staff/landing-copy/',
    );
    const list = await screen.findByTestId('staff-landing-copy');
    const text = await within(list).findByRole('textbox', { name: 'landing.tiktok.title' });
    await user.type(text, ' for all');
    await pressWithKeyboard(user, within(list).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(descriptionOf(text)).toBe(refusal);
  });
});

describe("an order's partial delivery", () => {
  it('focuses the delivered count the server refuses, described by why', async () => {
    const order: StaffOrderDetail = {
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
      status: 'RUNNING',
      provider_id: 'simulator',
      provider_order_id: '9001',
      start_count: 10,
      remains: 600,
      needs_check: false,
      rows: 0,
      created_at: '2026-01-10T09:00:00.000Z',
      updated_at: '2026-01-10T09:05:00.000Z',
      children: [],
      history: [],
      ledger: [],
      actions: { resend: false, cancel: false, partial: true, switch: false, refill: false },
    };
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/orders/42': () => order,
      'POST staff/orders/42/partial': () =>
        new ApiRefusal(400, 'The delivered count is less than the order’s count'),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/orders/42/', 'staff-order', '/en/staff/orders/:id/');
    const delivered = await screen.findByRole('spinbutton', { name: 'Delivered (of 1000)' });
    await user.type(delivered, '1000');
    await pressWithKeyboard(user, screen.getByRole('button', { name: 'Mark partial' }));
    await waitFor(() => expect(document.activeElement).toBe(delivered));
    expect(descriptionOf(delivered)).toBe('The delivered count is less than the order’s count');
  });
});

describe('the two-factor code', () => {
  it('refused, takes the focus back to its field, described by why', async () => {
    const refusal =
      'The code is not right: enter the 6 digits your app shows now, or a recovery code';
    api = fakeApi({
      'GET staff/me': () => ({ ...ME, signedIn: false }),
      'POST staff/session': () => new ApiRefusal(400, refusal, { errors: { code: refusal } }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/', 'staff', '/en/staff/');
    const form = await screen.findByTestId('staff-code-form');
    const code = within(form).getByRole('textbox', { name: 'Code or recovery code' });
    await user.type(code, '123456');
    await pressWithKeyboard(user, within(form).getByRole('button', { name: 'Open the console' }));
    await waitFor(() => expect(descriptionOf(code)).not.toBe(''));
    expect(document.activeElement).toBe(code);
  });
});
