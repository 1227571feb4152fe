/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffAdjustment, StaffMe, StaffOrderDetail, StaffOrderRow } from '#shared/staff.ts';
import {
  ApiRefusal,
  type ApiRoutes,
  appStore,
  fakeApi,
  renderPage,
} from '#tests/support/render.tsx';
import { answerConfirm } from '#tests/support/staff-confirm.ts';
import { staffRoute } from '#tests/support/staff-route.ts';
import { staffLive } from '../../features/staff/staff-live.ts';
import { StaffSessionProvider } from '../../features/staff/staff-session.tsx';
import StaffPage from './staff.page.tsx';

const ME: StaffMe = {
  user: { id: 1, login: 'boss', email: 'boss@example.com', lang: 'en' },
  role: 'admin',
  capabilities: ['dashboard', 'orders', 'users', 'adjustments', 'audit'],
  enrolled: true,
  signedIn: true,
  recoveryCodesLeft: 10,
  adjustCap: null,
};
const CODES = Array.from(
  { length: 10 },
  (_, index) => `AAAA-BBBB-CC${String(index).padStart(2, '0')}`,
);

const ORDER: StaffOrderRow = {
  id: 42,
  public_id: 'k3Yd9qZx',
  user: { id: 7, login: 'buyer', email: 'buyer@example.com' },
  email: 'buyer@example.com',
  tag: 'IG_LIKES',
  service_names: { en: 'Instagram likes', ru: 'Лайки Instagram' },
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
};
const DETAIL: StaffOrderDetail = {
  ...ORDER,
  children: [],
  history: [{ status: 'RUNNING', note: null, created_at: '2026-01-10T09:01:00.000Z' }],
  ledger: [
    {
      id: 3,
      group: 'order',
      amount: -1450,
      currency: 'USD',
      note: 'order 42',
      created_at: '2026-01-10T09:00:00.000Z',
    },
  ],
  actions: { resend: true, cancel: true, partial: true, switch: false, refill: false },
};
const page = (items: StaffOrderRow[]) => ({
  items,
  meta: { total: items.length, page: 1, limit: 50 },
});

/** The console at `path`, as the route table's `pattern` (its params) of page `pageId`. */
function renderConsole(path = '/en/staff/orders/', pageId = 'staff-orders', pattern = path) {
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

let api: ReturnType<typeof fakeApi> | null = null;
afterEach(() => api?.restore());
// the dashboard's live channel: no socket in these tests (staff-screens.rtl.test.tsx fakes one)
const connect = staffLive.connect;
// the screen's lazy module compiled once before the tests: the page now renders after its
// loader, so the first test's screen would otherwise wait for the compiler too
beforeAll(() => import('./orders/staff-orders.tsx'), 20_000);
beforeEach(() => {
  staffLive.connect = async () => ({ close: () => undefined });
});
afterAll(() => {
  staffLive.connect = connect;
});

describe('the two-factor gate', () => {
  it('enrols: the QR code and the secret, a code, the recovery codes once, then the console', async () => {
    let me: StaffMe = { ...ME, enrolled: false, signedIn: false };
    api = fakeApi({
      'GET staff/me': () => me,
      'POST staff/totp/enrol': () => ({
        uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        qr: '<svg xmlns="http://www.w3.org/2000/svg" data-qr="yes" viewBox="0 0 10 10"></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
      }),
      'POST staff/totp/confirm': ({ body }) => {
        if ((body as { code: string }).code !== '123456')
          return new ApiRefusal(400, 'The code is not right', {
            errors: { code: 'The code is not right' },
          });
        me = { ...me, enrolled: true, signedIn: true };
        return { recoveryCodes: CODES, expires_at: '2026-01-10T21:00:00.000Z' };
      },
      'GET staff/orders': () => page([ORDER]),
    });
    const user = userEvent.setup();
    renderConsole();

    expect(await screen.findByTestId('staff-enrol')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('staff-secret').textContent).toBe('JBSWY3DPEHPK3PXP'),
    );
    expect(screen.getByTestId('staff-qr').querySelector('svg[data-qr="yes"]')).not.toBeNull();
    expect(api.callsOf('POST staff/totp/enrol')).toHaveLength(1);
    // nothing of the console before the gate
    expect(screen.queryByTestId('staff-orders-table')).toBeNull();

    const field = screen.getByLabelText('6-digit code from the app');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is not right')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByTestId('staff-recovery-codes');
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(codes.textContent).toContain('AAAA-BBBB-CC09');
    expect(screen.queryByTestId('staff-orders-table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I saved them' }));

    expect(await screen.findByTestId('staff-orders-table')).toBeTruthy();
    expect(screen.queryByTestId('staff-recovery-codes')).toBeNull();
    expect(screen.queryByText('AAAA-BBBB-CC09')).toBeNull();
    expect(screen.getByTestId('staff-who').textContent).toContain('Administrator');
  });

  it('asks an enrolled member for a code (or a recovery code); 429 says wait a minute', async () => {
    let me: StaffMe = { ...ME, signedIn: false };
    let tries = 0;
    api = fakeApi({
      'GET staff/me': () => me,
      'POST staff/session': ({ body }) => {
        tries += 1;
        if (tries === 1) return new ApiRefusal(400, 'The code is not right: enter the 6 digits');
        if (tries === 2) return new ApiRefusal(429, 'Too many codes tried: wait a minute');
        expect(body).toEqual({ code: 'ABCD-EFGH-JKLM' });
        me = { ...me, signedIn: true };
        return { expires_at: '2026-01-10T21:00:00.000Z' };
      },
      'GET staff/orders': () => page([ORDER]),
    });
    const user = userEvent.setup();
    renderConsole();

    expect(await screen.findByTestId('staff-code')).toBeTruthy();
    const field = screen.getByLabelText('Code or recovery code');
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(await screen.findByText('The code is not right: enter the 6 digits')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(
      await screen.findByText('Too many codes tried. Wait a minute and try again.'),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'ABCD-EFGH-JKLM');
    await user.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(await screen.findByTestId('staff-orders-table')).toBeTruthy();
  });

  it('brings the code screen back when a staff call answers 401', async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/orders': () =>
        new ApiRefusal(401, 'Enter your two-factor code to open the staff console'),
    });
    renderConsole();
    expect(await screen.findByTestId('staff-code')).toBeTruthy();
    expect(screen.queryByTestId('staff-orders-table')).toBeNull();
  });

  it('signs out of the console: the code screen again', async () => {
    let me = ME;
    api = fakeApi({
      'GET staff/me': () => me,
      'DELETE staff/session': () => {
        me = { ...ME, signedIn: false };
        return null;
      },
      'GET staff/orders': () => page([]),
    });
    const user = userEvent.setup();
    renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Sign out of the console' }));
    expect(await screen.findByTestId('staff-code')).toBeTruthy();
    expect(api.callsOf('DELETE staff/session')).toHaveLength(1);
  });

  it("shows only the sections the role's capabilities open", async () => {
    api = fakeApi({
      'GET staff/me': () => ({ ...ME, role: 'manager', capabilities: ['dashboard', 'orders'] }),
      'GET staff/dashboard': () => null,
    });
    renderConsole('/en/staff/', 'staff');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Orders']);
    expect(screen.getByTestId('staff-dashboard')).toBeTruthy();
  });
});

describe('a section the role cannot open', () => {
  it('says so and calls nothing of it (a moderator on the providers)', async () => {
    api = fakeApi({
      'GET staff/me': () => ({
        ...ME,
        role: 'moderator',
        capabilities: ['dashboard', 'orders', 'users', 'withdrawals'],
      }),
      'GET staff/providers': () => [],
    });
    renderConsole('/en/staff/providers/', 'staff-providers');
    // the page's loader reads the screen's data before the page shows: once "not allowed"
    // shows, every call the page makes has been made
    expect(await screen.findByTestId('staff-not-allowed')).toBeTruthy();
    expect(api.callsOf('GET staff/providers')).toHaveLength(0);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET staff/me']);
  });

  it("asks a screen's data only once the console is open (not before the code)", async () => {
    let me: StaffMe = { ...ME, signedIn: false };
    api = fakeApi({
      'GET staff/me': () => me,
      'POST staff/session': () => {
        me = { ...ME };
        return { expires_at: '2026-01-10T21:00:00.000Z' };
      },
      'GET staff/orders': () => page([ORDER]),
    });
    const user = userEvent.setup();
    renderConsole();
    // the code screen shows once the page's loader is done: it read no orders
    expect(await screen.findByTestId('staff-code')).toBeTruthy();
    expect(api.callsOf('GET staff/orders')).toHaveLength(0);
    await user.type(screen.getByLabelText('Code or recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(await screen.findByTestId('staff-orders-table')).toBeTruthy();
    await waitFor(() => expect(api!.callsOf('GET staff/orders')).toHaveLength(1));
  });
});

describe('the orders screen', () => {
  it('searches by the typed text and filters, and lists the orders found', async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/orders': ({ query }) => page(query.get('q') === 'C8xYz12Stf1' ? [ORDER] : []),
    });
    const user = userEvent.setup();
    const { router } = renderConsole();

    expect(await screen.findByText('Nothing found')).toBeTruthy();
    await user.type(screen.getByLabelText('Search'), 'C8xYz12Stf1');
    await user.selectOptions(screen.getByLabelText('Status'), 'RUNNING');
    await user.type(screen.getByLabelText('Provider'), 'simulator');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    const table = await screen.findByTestId('staff-orders-table');
    await waitFor(() => expect(table.textContent).toContain('#42'));
    const last = api.callsOf('GET staff/orders').at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({
      q: 'C8xYz12Stf1',
      status: 'RUNNING',
      provider: 'simulator',
      limit: '50',
    });
    expect(router.state.location.search).toBe('?q=C8xYz12Stf1&status=RUNNING&provider=simulator');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('#42');
    expect(row.textContent).toContain('k3Yd9qZx');
    expect(row.textContent).toContain('buyer');
    expect(row.textContent).toContain('$14.50');
    expect(row.textContent).toContain('Running');
    expect(within(row).getByRole('link', { name: '#42' }).getAttribute('href')).toBe(
      '/en/staff/orders/42/',
    );
  });

  it("opens an order: its fields, history, ledger; cancel asks first and shows the server's error", async () => {
    // the server's order: what a write changes, the page reads again
    let held = DETAIL;
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/orders/42': () => held,
      'POST staff/orders/42/cancel': () => new ApiRefusal(409, 'The order cannot be canceled now'),
      'POST staff/orders/42/partial': () => {
        held = {
          ...DETAIL,
          status: 'PARTIAL',
          refunded: 580,
          actions: { resend: false, cancel: false, partial: false, switch: false, refill: false },
        };
        return held;
      },
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/orders/42/', 'staff-order', '/en/staff/orders/:id/');

    const order = await screen.findByTestId('staff-order');
    expect(order.textContent).toContain('k3Yd9qZx');
    expect(screen.getByTestId('staff-ledger').textContent).toContain('-$14.50');
    expect(screen.getByTestId('staff-order-history').textContent).toContain('Running');

    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    await answerConfirm(user, false);
    expect(api.callsOf('POST staff/orders/42/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    await answerConfirm(user, true);
    expect(await screen.findByText('The order cannot be canceled now')).toBeTruthy();

    await user.type(screen.getByLabelText('Delivered (of 1000)'), '420');
    await user.click(screen.getByRole('button', { name: 'Mark partial' }));
    expect(
      await screen.findByText('The order was marked partial and the rest refunded.'),
    ).toBeTruthy();
    expect(api.callsOf('POST staff/orders/42/partial')[0]!.body).toEqual({ delivered: 420 });
    expect(screen.getByText('Nothing can be done with this order now.')).toBeTruthy();
  });

  it('adjusts a balance in major units with a required reason', async () => {
    const USER = {
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
      sessions: 2,
      payments: [
        {
          id: 55,
          public_id: 'PAYxTopUp0000000001',
          user: { id: 7, login: 'buyer', email: 'buyer@example.com' },
          purpose: 'deposit',
          method_id: 7,
          gateway: 'sandbox',
          gateway_ref: 'ref-1',
          amount: 2000,
          currency: 'USD',
          status: 'SUCCESS',
          created_at: '2026-01-11T09:00:00.000Z',
          updated_at: '2026-01-11T09:00:00.000Z',
          settled_at: '2026-01-11T09:00:01.000Z',
        },
      ],
      adjustments: [] as StaffAdjustment[],
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
    // the server's account: what a write changes, the page reads again
    let held = USER;
    const routes: ApiRoutes = {
      'GET staff/me': () => ME,
      'GET staff/users/7': () => held,
      'POST staff/users/7/balance': ({ body }) => {
        held = { ...USER, balance: USER.balance + (body as { amount: number }).amount };
        return held;
      },
    };
    api = fakeApi(routes);
    const user = userEvent.setup();
    renderConsole('/en/staff/users/7/', 'staff-user', '/en/staff/users/:id/');
    expect((await screen.findByTestId('staff-user-balance')).textContent).toBe('$10');
    // the payments: their pages are not this role's to open (no `payments` capability)
    const payments = screen.getByTestId('staff-user-payments');
    expect(payments.textContent).toContain('#55');
    expect(payments.textContent).toContain('top-up');
    expect(within(payments).queryByRole('link', { name: '#55' })).toBeNull();
    await user.type(screen.getByLabelText(/^Amount, USD/), '-2.5');
    await user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    expect(await screen.findByText('Give a reason of 3 to 500 characters')).toBeTruthy();
    expect(api.callsOf('POST staff/users/7/balance')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Reason/), 'Refund of a lost order');
    await user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(screen.getByTestId('staff-user-balance').textContent).toBe('$7.50'));
    expect(api.callsOf('POST staff/users/7/balance')[0]!.body).toEqual({
      amount: -250,
      reason: 'Refund of a lost order',
    });

    // above a moderator's cap the answer lists it waiting: said so, and an admin decides it
    const waiting: StaffAdjustment = {
      id: 9,
      user: { id: 7, login: 'buyer', email: 'buyer@example.com' },
      amount: 200_000,
      currency: 'USD',
      value: 200_000,
      value_currency: 'USD',
      reason: 'Compensation',
      status: 'PENDING',
      requested_by: { id: 5, login: 'mod' },
      decided_by: null,
      decided_at: null,
      created_at: '2026-01-12T09:00:00.000Z',
    };
    routes['POST staff/users/7/balance'] = () => {
      held = { ...USER, balance: 750, adjustments: [waiting] };
      return held;
    };
    routes['POST staff/adjustments/9/decision'] = () => {
      held = { ...USER, balance: 200_750 };
      return {
        ...waiting,
        status: 'APPROVED',
        decided_by: { id: 1, login: 'boss' },
        decided_at: '2026-01-12T10:00:00.000Z',
      };
    };
    await user.clear(screen.getByLabelText(/^Amount, USD/));
    await user.type(screen.getByLabelText(/^Amount, USD/), '2000');
    await user.type(screen.getByLabelText(/^Reason/), 'Compensation');
    await user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    expect(
      await screen.findByText(
        'This is above your 24-hour cap: the adjustment waits for an admin’s approval.',
      ),
    ).toBeTruthy();
    const table = screen.getByTestId('staff-user-adjustments');
    expect(table.textContent).toContain('Compensation');
    expect(table.textContent).toContain('mod');
    await user.click(within(table).getByRole('button', { name: 'Approve' }));
    await answerConfirm(user, true);
    expect(await screen.findByText('The adjustment was approved and applied.')).toBeTruthy();
    expect(api.callsOf('POST staff/adjustments/9/decision')[0]!.body).toEqual({
      status: 'APPROVED',
    });
    await waitFor(() =>
      expect(screen.getByTestId('staff-user-balance').textContent).toBe('$2,007.50'),
    );
  });
});
