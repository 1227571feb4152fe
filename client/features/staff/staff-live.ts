import { LIVE_PATH } from '#shared/notifications.ts';

/** What the staff room hears (server/realtime/live-gateway.ts `StaffLiveEvent`). */
export interface StaffLiveEvent {
  kind: 'orders';
  at: string;
}

export interface StaffLiveConnection {
  close(): void;
}

/**
 * The console's live channel: socket.io on the site's LIVE_PATH, as the cabinet's
 * notifications connect (client/lib/live.ts). The handshake carries the auth and staff session
 * cookies; the server puts a staff console with a live staff session in its `staff` room and
 * tells it `staff` {kind, at} when orders move. `connect` is replaceable for tests.
 */
export const staffLive = {
  async connect(
    lang: string,
    onEvent: (event: StaffLiveEvent) => void,
    onStatus: (status: 'connecting' | 'on' | 'off') => void,
  ): Promise<StaffLiveConnection> {
    const { io } = await import('socket.io-client');
    const socket = io({
      path: LIVE_PATH,
      transports: ['websocket', 'polling'],
      withCredentials: true,
      auth: { lang },
    });
    socket.on('staff', onEvent);
    socket.on('connect', () => onStatus('on'));
    socket.on('disconnect', () => onStatus('connecting'));
    socket.on('connect_error', () => onStatus(socket.active ? 'connecting' : 'off'));
    onStatus('connecting');
    return { close: () => socket.close() };
  },
};
