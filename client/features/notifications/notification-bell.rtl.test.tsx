/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationsPage, NotificationView } from '#shared/notifications.ts';
import { pagePath } from '#shared/routes.ts';
import {
  ApiRefusal,
  appStore,
  fakeApi,
  publicUser,
  renderPage,
  stopSagas,
} from '#tests/support/render.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { notificationsSaga } from './notifications.saga.ts';
import { notificationReceived, unreadLoaded } from './notifications.slice.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function note(
  id: number,
  icon: NotificationView['notification_type']['icon'],
  type: string,
  name: string,
  data: NotificationView['data'],
  minutes: number,
): NotificationView {
  const at = minutesAgo(minutes);
  return {
    id,
    notification_type: { icon, type, name, message: `${name}: the details.` },
    data,
    read_at: null,
    read: false,
    start_time: at,
    created_at: at,
  };
}

const ORDER_DONE = note(
  43,
  'order',
  'order.COMPLETED',
  'Order completed',
  { order: 'dtAVxMvcrdRhxyAY5tNs', status: 'COMPLETED' },
  5,
);

/** GET user/notifications/unread: the 3 newest unread, and how many are unread in all. */
const UNREAD: NotificationsPage = {
  items: [
    ORDER_DONE,
    note(42, 'payment', 'payment.credited', 'Balance topped up', { amount: 5_000 }, 30),
    note(41, 'bonus', 'bonus', 'Referral bonus', { amount: 181, currency: 'USD' }, 90),
  ],
  meta: { total: 5, page: 1, limit: 3, unread: 5 },
};

let api: ReturnType<typeof fakeApi>;
let markRead: () => unknown;

beforeEach(() => {
  markRead = () => ({ marked: 5, count: 0 });
  api = fakeApi({ 'POST user/notifications/read': () => markRead() });
});

afterEach(() => {
  stopSagas();
  api.restore();
});

/**
 * The cabinet's header bell for a logged-in buyer, with its saga (mark all read). The unread
 * come as liveNotifications puts GET user/notifications/unread's answer (its live channel is
 * socket.io, which jsdom does not run).
 */
function renderBell(unread: NotificationsPage | null = UNREAD) {
  const store = appStore({ user: publicUser() }, notificationsSaga);
  if (unread) store.dispatch(unreadLoaded({ count: unread.meta.unread, items: unread.items }));
  return renderPage(<NotificationBell />, {
    store,
    path: pagePath('cp', 'en'),
    pageId: 'cp',
    sets: ['cabinet'],
  });
}

const bell = () => screen.getByRole('button', { name: /notification/i });
/** The titles of the notifications the panel lists, as a screen reader reads them. */
const listed = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('the notification bell', () => {
  it('counts the unread on the bell', () => {
    const { store } = renderBell(null);
    // until the count arrives the bell says only what it is
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByTestId('bell-count')).toBeNull();

    act(() => store.dispatch(unreadLoaded({ count: 5, items: UNREAD.items })));
    expect(bell().getAttribute('aria-label')).toBe('5 unread notifications');
    expect(screen.getByTestId('bell-count').textContent).toBe('5');

    act(() => store.dispatch(unreadLoaded({ count: 120, items: UNREAD.items })));
    expect(bell().getAttribute('aria-label')).toBe('120 unread notifications');
    expect(screen.getByTestId('bell-count').textContent).toBe('99+');
  });

  it('lists the newest unread when opened, each leading to what it speaks of', async () => {
    const user = userEvent.setup();
    const { router, store } = renderBell();
    const panel = () => screen.queryByRole('region', { name: 'Notifications' });
    expect(panel()).toBeNull();
    expect(listed()).toEqual([]);

    await user.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    expect(listed()).toEqual([
      'New: Order completed',
      'New: Balance topped up',
      'New: Referral bonus',
    ]);
    expect(within(panel()!).getByText('5 minutes ago')).toBeTruthy();

    // one the live channel brings slides in on top
    act(() =>
      store.dispatch(
        notificationReceived(
          note(44, 'order', 'order.RUNNING', 'Order started', { order: 'Q2mX8vLr5TnY3pWc' }, 0),
        ),
      ),
    );
    expect(listed()[0]).toBe('New: Order started');
    expect(listed()).toHaveLength(3);
    expect(bell().getAttribute('aria-label')).toBe('6 unread notifications');

    // following one goes to its order and closes the panel
    await user.click(within(panel()!).getByRole('link', { name: 'Order completed' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `${pagePath('cp-orders', 'en')}?q=dtAVxMvcrdRhxyAY5tNs`,
    );
    expect(panel()).toBeNull();
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a second click and on Escape', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(bell());
    expect(listed()).toHaveLength(3);
    await user.click(bell());
    expect(listed()).toEqual([]);

    await user.click(bell());
    await user.keyboard('{Escape}');
    expect(listed()).toEqual([]);
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('gives the focus back to the bell on Escape from inside, and closes when the focus leaves', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(bell());
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Mark all read');
    await user.keyboard('{Escape}');
    expect(listed()).toEqual([]);
    expect(document.activeElement).toBe(bell());

    // the focus moved out of the panel (Shift+Tab from its first control, back to the bell,
    // then on before it): it closes
    await user.click(bell());
    const outside = document.createElement('button');
    outside.textContent = 'Elsewhere';
    document.body.append(outside);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Mark all read');
    await act(async () => outside.focus());
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    expect(listed()).toEqual([]);
    outside.remove();
  });

  it('marks all read through the API, then shows none unread', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(bell());
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));

    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(api.callsOf('POST user/notifications/read')).toHaveLength(1);
    expect(screen.queryByTestId('bell-count')).toBeNull();
    expect(listed()).toEqual([]);
    expect(screen.getByText('No new notifications')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All notifications' }).getAttribute('href')).toBe(
      pagePath('cp-notifications', 'en'),
    );
  });

  it('keeps the unread when the API refuses to mark them read', async () => {
    const user = userEvent.setup();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    markRead = () => new ApiRefusal(403, 'Mark notifications read from this site');
    renderBell();
    await user.click(bell());
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(bell().getAttribute('aria-label')).toBe('5 unread notifications');
    expect(listed()).toHaveLength(3);
    logged.mockRestore();
  });
});
