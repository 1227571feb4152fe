import { LIVE_EVENT, LIVE_PATH, type NotificationView } from '#shared/notifications.ts';

export interface LiveConnection {
  close(): void;
}

/**
 * The live channel (docs/product.md §15, §11): socket.io to this site's `/socket.io`, loaded only for a
 * logged-in visitor. The handshake carries the httpOnly auth cookie, so the token never sits
 * in script or page state; socket.io reconnects on its own after a drop. When the server ends
 * the connection (a revoked token) the page asks whether its session still holds.
 */
export async function openLive(
  lang: string,
  handlers: {
    onNotification(note: NotificationView): void;
    onStatus(status: 'connecting' | 'on' | 'off'): void;
    /**
     * The server ended the connection (its token was logged out or revoked, or the instance
     * is going down): whether the session still holds, to connect again or to give up.
     */
    stillSignedIn(): Promise<boolean>;
    /** The session is over: the page should leave the cabinet. */
    onSignedOut(): void;
  },
): Promise<LiveConnection> {
  const { io } = await import('socket.io-client');
  const socket = io({
    path: LIVE_PATH,
    // a WebSocket first; long polling where a proxy does not let it through
    transports: ['websocket', 'polling'],
    withCredentials: true,
    // the language this page reads: notifications come in its words
    auth: { lang },
  });
  socket.on(LIVE_EVENT, handlers.onNotification);
  socket.on('connect', () => handlers.onStatus('on'));
  socket.on('disconnect', (reason) => {
    // socket.io reconnects on its own after a drop, never after the server ended it
    if (reason !== 'io server disconnect') return handlers.onStatus('connecting');
    handlers.onStatus('off');
    handlers
      .stillSignedIn()
      .then((signedIn) => {
        if (!signedIn) return handlers.onSignedOut();
        handlers.onStatus('connecting');
        socket.connect();
      })
      .catch(() => {
        // the session could not be asked about: connecting again tells
        handlers.onStatus('connecting');
        socket.connect();
      });
  });
  // refused (logged out elsewhere, token expired): socket.io does not retry on its own
  socket.on('connect_error', () => handlers.onStatus(socket.active ? 'connecting' : 'off'));
  handlers.onStatus('connecting');
  return { close: () => socket.close() };
}
