/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffMe, StaffOrderDetail } from '#shared/staff.ts';
import { appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { staffRoute } from '#tests/support/staff-route.ts';
import { StaffSessionProvider } from '../../features/staff/staff-session.tsx';
import StaffPage from './staff.page.tsx';

const ME: StaffMe = {
  user: { id: 1, login: 'boss', email: 'boss@example.com', lang: 'en' },
  role: 'admin',
  capabilities: ['dashboard', 'orders'],
  enrolled: true,
  signedIn: true,
  recoveryCodesLeft: 10,
  adjustCap: null,
};

const ORDER: StaffOrderDetail = {
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
  actions: { resend: false, cancel: true, partial: false, switch: false, refill: true },
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

function renderOrder() {
  api = fakeApi({
    'GET staff/me': () => ME,
    'GET staff/orders/42': () => ORDER,
    'POST staff/orders/42/cancel': () => ({ ...ORDER, status: 'CANCELED' }),
  });
  return renderPage(
    <StaffSessionProvider>
      <StaffPage />
    </StaffSessionProvider>,
    {
      store: appStore({}),
      path: '/en/staff/orders/42/',
      pageId: 'staff-order',
      sets: ['staff'],
      routeOf: staffRoute,
      otherPages: { '/en/staff/orders/:id/': 'staff-order' },
    },
  );
}

describe("the console's confirmation", () => {
  it('is a modal dialog labelled by its question; focus moves in, stays in, and goes back to the button', async () => {
    renderOrder();
    const user = userEvent.setup();
    const cancel = await screen.findByRole('button', { name: 'Cancel and refund' });
    await user.click(cancel);

    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const label = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(label?.textContent).toBe('Cancel order #42 and refund what was not delivered?');
    expect(screen.getByRole('dialog', { name: label!.textContent! })).toBe(dialog);
    // focus is on the harmless answer, and Tab goes round the dialog's two buttons
    const no = within(dialog).getByRole('button', { name: 'Cancel' });
    const yes = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(document.activeElement).toBe(no);
    await user.tab();
    expect(document.activeElement).toBe(yes);
    await user.tab();
    expect(document.activeElement).toBe(no);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(yes);

    // Escape cancels: nothing is sent, focus is back on the button that asked
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(cancel);
    expect(api!.callsOf('POST staff/orders/42/cancel')).toHaveLength(0);

    // Cancel does the same
    await user.click(cancel);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(cancel);
    expect(api!.callsOf('POST staff/orders/42/cancel')).toHaveLength(0);

    // Confirm goes ahead
    await user.click(cancel);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(api!.callsOf('POST staff/orders/42/cancel')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never calls window.confirm', async () => {
    const native = window.confirm;
    let asked = 0;
    window.confirm = () => {
      asked += 1;
      return true;
    };
    try {
      renderOrder();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Refill' }));
      expect(await screen.findByRole('dialog')).toBeTruthy();
      expect(asked).toBe(0);
    } finally {
      window.confirm = native;
    }
  });
});
