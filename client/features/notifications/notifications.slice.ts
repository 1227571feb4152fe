import { HEADER_UNREAD, type NotificationView } from '#shared/notifications.ts';
import { createSlice, type PayloadAction } from '../../lib/slice.ts';

/**
 * docs/product.md §15 Notifications: the header's unread count and newest unread, and what the live
 * channel brought since the page loaded (lists put those on top).
 */
export interface NotificationsState {
  /** null until the first count arrives */
  unread: number | null;
  /** the newest unread, at most HEADER_UNREAD */
  latest: NotificationView[];
  /** pushed live since the page loaded, newest first */
  arrived: NotificationView[];
  /** the unread ones the last count was read with (its page of them) */
  counted: number[];
  live: 'off' | 'connecting' | 'on';
}

const initialState: NotificationsState = {
  unread: null,
  latest: [],
  arrived: [],
  counted: [],
  live: 'off',
};

/** Newest first, as the API lists them: by start time, then the later written. */
const newestFirst = (a: NotificationView, b: NotificationView) =>
  b.start_time.localeCompare(a.start_time) || b.id - a.id;

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    unreadLoaded(state, action: PayloadAction<{ count: number; items: NotificationView[] }>) {
      state.unread = action.payload.count;
      state.latest = action.payload.items.slice(0, HEADER_UNREAD);
      state.counted = action.payload.items.map((item) => item.id);
    },
    /** event `Notification` of the live channel */
    notificationReceived(state, action: PayloadAction<NotificationView>) {
      const note = action.payload;
      // a reconnect may bring one again (the outbox delivers at least once)
      if (state.arrived.some((item) => item.id === note.id)) return;
      // in the API's order, not the channel's: two close ones may come in either order
      state.arrived = [note, ...state.arrived].sort(newestFirst);
      // one written as the page loaded comes both in its count and live: counted once
      if (!note.read && !state.counted.includes(note.id)) {
        state.unread = (state.unread ?? 0) + 1;
        state.latest = [note, ...state.latest.filter((item) => item.id !== note.id)]
          .sort(newestFirst)
          .slice(0, HEADER_UNREAD);
      }
    },
    readAllRequested() {},
    allRead(state) {
      state.unread = 0;
      state.latest = [];
      state.arrived = state.arrived.map((item) => (item.read ? item : { ...item, read: true }));
    },
    liveChanged(state, action: PayloadAction<NotificationsState['live']>) {
      state.live = action.payload;
    },
  },
});

export const { unreadLoaded, notificationReceived, readAllRequested, allRead, liveChanged } =
  notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

type WithNotifications = { notifications: NotificationsState };
export const selectUnread = (state: WithNotifications) => state.notifications.unread;
export const selectLatestUnread = (state: WithNotifications) => state.notifications.latest;
export const selectArrived = (state: WithNotifications) => state.notifications.arrived;

/** How many notifications of a kind (`order.`, `payment.`) arrived live since the page loaded. */
export const selectArrivedCount = (prefix: string) => (state: WithNotifications) =>
  state.notifications.arrived.filter((note) => note.notification_type.type.startsWith(prefix))
    .length;
