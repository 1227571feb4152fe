/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import ruMessages from '#locales/ru.json' with { type: 'json' };
import ruStaff from '#locales/staff/ru.json' with { type: 'json' };
import type { StaffMe, StaffOrderRow, StaffUserDetail } from '#shared/staff.ts';
import { ApiRefusal, appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { staffRoute } from '#tests/support/staff-route.ts';
import { StaffSessionProvider } from '../../features/staff/staff-session.tsx';
import { expandMessages, intlFor } from '../../lib/intl.ts';
import StaffPage from './staff.page.tsx';

/**
 * What the console says in words of its language rather than the server's codes and English:
 * statuses, payout methods, history notes, the server's refusals, service names beside tags,
 * a moderator's cap in money. Russian (the default locale) and English.
 */

const russian = intlFor('ru', expandMessages({ ...ruMessages, ...ruStaff }));

const MODERATOR: StaffMe = {
  user: { id: 5, login: 'mod', email: 'mod@example.com', lang: 'ru' },
  role: 'moderator',
  capabilities: ['dashboard', 'orders', 'users', 'withdrawals'],
  enrolled: true,
  signedIn: true,
  recoveryCodesLeft: 10,
  adjustCap: { limit: 100_000, currency: 'USD', used: 25_000 },
};

const ORDER: StaffOrderRow = {
  id: 42,
  public_id: 'k3Yd9qZx',
  user: { id: 7, login: 'buyer', email: 'buyer@example.com' },
  email: 'buyer@example.com',
  tag: 'INSTAGRAM_LIKES',
  service_names: { ru: 'Лайки в Instagram', en: 'Instagram likes' },
  link: 'https://www.instagram.com/p/C8xYz12Stf1/',
  count: 1000,
  cost: 1450,
  refunded: 0,
  currency: 'USD',
  status: 'COMPLETED',
  provider_id: 'simulator',
  provider_order_id: '9001',
  start_count: 10,
  remains: 0,
  needs_check: false,
  rows: 0,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:05:00.000Z',
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
  orders: [ORDER],
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

let api: ReturnType<typeof fakeApi> | null = null;
afterEach(() => api?.restore());

/** The console at `path` (page `pageId`, route `pattern`), in Russian unless `english`. */
function renderConsole(
  path: string,
  pageId: string,
  pattern: string,
  { english = false }: { english?: boolean } = {},
) {
  const ui: ReactNode = (
    <StaffSessionProvider>
      <StaffPage />
    </StaffSessionProvider>
  );
  return renderPage(english ? ui : <RawIntlProvider value={russian}>{ui}</RawIntlProvider>, {
    store: appStore({}),
    path,
    pageId,
    sets: ['staff'],
    routeOf: staffRoute,
    otherPages: { [pattern]: pageId },
  });
}

describe("a moderator's cap", () => {
  it('is shown in money by the balance form, and what was used follows an adjustment', async () => {
    let me = MODERATOR;
    api = fakeApi({
      'GET staff/me': () => me,
      'GET staff/users/7': () => USER,
      'POST staff/users/7/balance': () => {
        me = { ...MODERATOR, adjustCap: { ...MODERATOR.adjustCap!, used: 35_000 } };
        return { ...USER, balance: 2000 };
      },
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/users/7/', 'staff-user', '/en/staff/users/:id/', { english: true });
    const cap = await screen.findByTestId('staff-adjust-cap');
    expect(cap.textContent).toBe('Your cap: $1,000 per 24 hours, $250 used');
    await user.type(screen.getByLabelText(/^Amount, USD/), '10');
    await user.type(screen.getByLabelText(/^Reason/), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() =>
      expect(screen.getByTestId('staff-adjust-cap').textContent).toBe(
        'Your cap: $1,000 per 24 hours, $350 used',
      ),
    );
  });

  it('reads in Russian in the Russian console; an admin has none', async () => {
    api = fakeApi({ 'GET staff/me': () => MODERATOR, 'GET staff/users/7': () => USER });
    const { unmount } = renderConsole('/staff/users/7/', 'staff-user', '/staff/users/:id/');
    const cap = await screen.findByTestId('staff-adjust-cap');
    expect(cap.textContent?.replace(/\s/g, ' ')).toBe(
      'Ваш лимит: 1 000 $ за 24 часа, из них использовано 250 $',
    );
    unmount();
    api.restore();
    api = fakeApi({
      'GET staff/me': () => ({
        ...MODERATOR,
        role: 'admin',
        capabilities: ['users'],
        adjustCap: null,
      }),
      'GET staff/users/7': () => USER,
    });
    renderConsole('/staff/users/7/', 'staff-user', '/staff/users/:id/');
    expect(await screen.findByTestId('staff-balance-form')).toBeTruthy();
    expect(screen.queryByTestId('staff-adjust-cap')).toBeNull();
  });
});

const ADMIN: StaffMe = {
  ...MODERATOR,
  user: { id: 1, login: 'boss', email: 'boss@example.com', lang: 'ru' },
  role: 'admin',
  capabilities: ['dashboard', 'orders', 'users', 'adjustments', 'withdrawals', 'payments'],
  adjustCap: null,
};

const ordersPage = (items: StaffOrderRow[]) => ({
  items,
  meta: { total: items.length, page: 1, limit: 50 },
});

describe('service tags', () => {
  it("show the service's name in the console's language beside the tag", async () => {
    api = fakeApi({
      'GET staff/me': () => ADMIN,
      'GET staff/orders': () =>
        ordersPage([ORDER, { ...ORDER, id: 43, tag: 'NEW_TAG', service_names: {} }]),
    });
    const { unmount } = renderConsole('/staff/orders/', 'staff-orders', '/staff/orders/');
    const table = await screen.findByTestId('staff-orders-table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(2));
    const [first, second] = [...table.querySelectorAll('tbody tr')];
    expect(first!.textContent).toContain('INSTAGRAM_LIKESЛайки в Instagram');
    // no name known: the tag alone
    expect(second!.textContent).toContain('NEW_TAG');
    unmount();
    renderConsole('/en/staff/orders/', 'staff-orders', '/en/staff/orders/', { english: true });
    const english = await screen.findByTestId('staff-orders-table');
    await waitFor(() => expect(english.textContent).toContain('INSTAGRAM_LIKESInstagram likes'));
    expect(english.textContent).not.toContain('Лайки');
  });
});

describe("the server's refusals", () => {
  it('are shown in Russian in the Russian console, a field’s next to it; unknown ones as the server said them', async () => {
    api = fakeApi({
      'GET staff/me': () => MODERATOR,
      'GET staff/users/7': () => USER,
      'POST staff/users/7/balance': ({ body }) =>
        (body as { reason: string }).reason === 'Почему-то'
          ? new ApiRefusal(
              403,
              'Staff cannot change their own account here: its balance, level, block, sign-ins or roles',
            )
          : new ApiRefusal(418, 'A brand new refusal'),
    });
    const user = userEvent.setup();
    renderConsole('/staff/users/7/', 'staff-user', '/staff/users/:id/');
    const form = await screen.findByTestId('staff-balance-form');
    await user.type(screen.getByLabelText(/^Сумма, USD/), '10');
    await user.type(screen.getByLabelText(/^Причина/), 'Почему-то');
    await user.click(screen.getByRole('button', { name: 'Изменить баланс' }));
    await waitFor(() =>
      expect(form.querySelector('[role="alert"]')?.textContent).toBe(
        'Сотрудник не может менять здесь свой аккаунт: баланс, уровень, блокировку, входы или роли',
      ),
    );
    await user.clear(screen.getByLabelText(/^Причина/));
    await user.type(screen.getByLabelText(/^Причина/), 'Иначе');
    await user.click(screen.getByRole('button', { name: 'Изменить баланс' }));
    await waitFor(() =>
      expect(form.querySelector('[role="alert"]')?.textContent).toBe('A brand new refusal'),
    );
  });

  it("are shown in Russian when a screen's data is refused", async () => {
    api = fakeApi({
      'GET staff/me': () => ADMIN,
      'GET staff/orders': () => new ApiRefusal(403, 'Your role cannot do this'),
    });
    renderConsole('/staff/orders/', 'staff-orders', '/staff/orders/');
    expect((await screen.findByRole('alert')).textContent).toContain('Вашей роли это недоступно');
  });
});

describe('statuses, payout methods and notes', () => {
  it('read in Russian on an order: its status, its history’s statuses and notes, its ledger', async () => {
    api = fakeApi({
      'GET staff/me': () => ADMIN,
      'GET staff/orders/42': () => ({
        ...ORDER,
        children: [],
        history: [
          { status: 'CREATED', note: null, created_at: '2026-01-10T09:00:00.000Z' },
          { status: 'PAID', note: 'paid from balance', created_at: '2026-01-10T09:00:01.000Z' },
          {
            status: 'RUNNING',
            note: 'submitted to simulator as 7',
            created_at: '2026-01-10T09:00:02.000Z',
          },
          {
            status: 'COMPLETED',
            note: 'simulator: Completed',
            created_at: '2026-01-10T09:05:00.000Z',
          },
          {
            status: 'COMPLETED',
            note: 'a note of a new kind',
            created_at: '2026-01-10T09:06:00.000Z',
          },
        ],
        ledger: [
          {
            id: 3,
            group: 'order_payment',
            amount: -1450,
            currency: 'USD',
            note: null,
            created_at: '2026-01-10T09:00:00.000Z',
          },
        ],
        actions: { resend: false, cancel: false, partial: false, switch: false, refill: false },
      }),
    });
    renderConsole('/staff/orders/42/', 'staff-order', '/staff/orders/:id/');
    const history = await screen.findByTestId('staff-order-history');
    const rows = [...history.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Создан', '—'],
      ['Оплачен', 'Оплачен с баланса'],
      ['Выполняется', 'Отправлен поставщику simulator, номер у него 7'],
      ['Выполнен', 'Поставщик simulator: выполнен'],
      ['Выполнен', 'a note of a new kind'],
    ]);
    expect(screen.getByTestId('staff-order').textContent).not.toMatch(/COMPLETED|RUNNING/);
    expect(screen.getByTestId('staff-ledger').textContent).toContain('Оплата заказа');
  });

  it('read in Russian on withdrawals: the method and the status, also in the confirmation', async () => {
    const request = {
      id: 'w-1',
      user: { id: 7, login: 'buyer', email: 'buyer@example.com' },
      amount: 2500,
      currency: 'USD',
      method: 'paypal',
      details: 'buyer@example.com',
      status: 'PENDING' as const,
      note: null,
      decided_by: null,
      decided_at: null,
      created_at: '2026-01-10T09:00:00.000Z',
    };
    api = fakeApi({
      'GET staff/me': () => ADMIN,
      'GET staff/withdrawals': () => ({ items: [request], meta: { total: 1, page: 1, limit: 50 } }),
    });
    const user = userEvent.setup();
    renderConsole('/staff/withdrawals/', 'staff-withdrawals', '/staff/withdrawals/');
    const table = await screen.findByTestId('staff-withdrawals-table');
    await waitFor(() => expect(table.textContent).toContain('PayPal'));
    expect(table.textContent).toContain('Ждёт решения');
    expect(table.textContent).not.toMatch(/paypal|PENDING/);
    await user.click(screen.getByRole('button', { name: 'Выплачено' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      '(PayPal: buyer@example.com)',
    );
  });

  it('read in English in the English console', async () => {
    api = fakeApi({
      'GET staff/me': () => ADMIN,
      'GET staff/orders': () => ordersPage([ORDER]),
    });
    renderConsole('/en/staff/orders/', 'staff-orders', '/en/staff/orders/', { english: true });
    const table = await screen.findByTestId('staff-orders-table');
    await waitFor(() => expect(table.textContent).toContain('Completed'));
    expect(table.textContent).not.toContain('COMPLETED');
    expect(
      [...screen.getByLabelText('Status').querySelectorAll('option')].map((one) => one.textContent),
    ).toContain('Partly completed');
  });
});
