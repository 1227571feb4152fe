import type { NotificationView } from '#shared/notifications.ts';
import {
  type NotificationsState,
  notificationReceived,
  notificationsReducer,
  unreadLoaded,
} from './notifications.slice.ts';

const note = (id: number, type: string, start: string): NotificationView => ({
  id,
  notification_type: { icon: 'order', type, name: type, message: '' },
  data: {},
  read_at: null,
  read: false,
  start_time: start,
  created_at: start,
});

const receive = (state: NotificationsState | undefined, ...notes: NotificationView[]) =>
  notes.reduce((at, item) => notificationsReducer(at, notificationReceived(item)), state!);

describe('notifications arriving live', () => {
  it('are listed newest first whatever order the channel brings them in', () => {
    const started = note(7, 'order.IN_PROGRESS', '2026-11-28T12:00:00.000Z');
    const completed = note(8, 'order.COMPLETED', '2026-11-28T12:00:00.000Z');
    const paid = note(6, 'order.PAID', '2026-11-28T11:59:59.000Z');
    const state = receive(
      notificationsReducer(undefined, { type: '@@init' }),
      completed,
      paid,
      started,
    );
    expect(state.latest.map((item) => item.id)).toEqual([8, 7, 6]);
    expect(state.arrived.map((item) => item.id)).toEqual([8, 7, 6]);
    expect(state.unread).toBe(3);
  });

  it('count one that comes again once', () => {
    const completed = note(8, 'order.COMPLETED', '2026-11-28T12:00:00.000Z');
    const state = receive(
      notificationsReducer(undefined, { type: '@@init' }),
      completed,
      completed,
    );
    expect(state.unread).toBe(1);
    expect(state.arrived).toHaveLength(1);
  });

  it('count one the page loaded with once, though the channel brings it too', () => {
    const paid = note(6, 'order.PAID', '2026-11-28T11:59:59.000Z');
    const started = note(7, 'order.IN_PROGRESS', '2026-11-28T12:00:00.000Z');
    const loaded = notificationsReducer(
      undefined,
      unreadLoaded({ count: 2, items: [started, paid] }),
    );
    const state = receive(loaded, started);
    expect(state.unread).toBe(2);
    expect(state.latest.map((item) => item.id)).toEqual([7, 6]);
    const completed = note(8, 'order.COMPLETED', '2026-11-28T12:00:01.000Z');
    expect(receive(state, completed).unread).toBe(3);
  });
});
