import type { Server as HttpServer, IncomingHttpHeaders } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { COOKIE_NAMES } from '#shared/constants.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '#shared/locales.ts';
import { LIVE_EVENT, LIVE_PATH, type NotificationView } from '#shared/notifications.ts';
import { staffRoleOf } from '#shared/staff-permissions.ts';
import type { Logger } from '../lib/logger.ts';
import { type AuthService, tokenHashOf } from '../modules/auth/auth.service.ts';
import type { Publish } from '../modules/notifications/notifications.service.ts';

/** The private room of a user and the language their page reads: only their sockets join. */
export const roomOf = (userId: number, lang: Locale) => `user:${userId}:${lang}`;

/** The staff consoles' room: staff with a live staff session. */
export const STAFF_ROOM = 'staff';

/** What the staff room hears: a kind of change, so the console refreshes that part. */
export interface StaffLiveEvent {
  kind: 'orders';
  at: string;
}

/** The sockets that authenticated with one token (named by its hash): revoking it ends them. */
export const tokenRoomOf = (tokenHash: string) => `token:${tokenHash}`;

/** Sends each language's words to the sockets reading it (an emit per language: 7 small ones). */
export function publishTo(
  emitTo: (room: string, notification: NotificationView) => void,
  userId: number,
  inLanguage: (lang: Locale) => NotificationView,
): void {
  for (const lang of LOCALES) emitTo(roomOf(userId, lang), inLanguage(lang));
}

export interface LiveGateway {
  /** Sends a notification to every socket of its user, on every instance (through Redis). */
  publish: Publish;
  /** Sockets connected to this instance. */
  connections(): number;

  /** Tells the staff consoles on this instance's sockets that something moved. */
  toStaff(event: StaffLiveEvent): void;
  /** Whether any staff console listens on this instance. */
  staffListening(): boolean;

  /** Disconnects this instance's sockets (they reconnect elsewhere) and leaves Redis. */
  close(): Promise<void>;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * docs/product.md §11: the live connection authenticates by the token: `Authorization: Bearer` (API
 * clients, the polling transport), `auth.token` in the handshake, or the page's httpOnly
 * cookie, so the browser never holds the token in script. A cookie only counts from a page of
 * this site (cross-site WebSocket hijacking).
 */
export function tokenOf(handshake: {
  auth: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}): string | undefined {
  const header = handshake.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim();
  const token = handshake.auth?.token;
  if (typeof token === 'string' && token) return token.replace(/^Bearer /, '');
  const origin = handshake.headers.origin;
  const host = handshake.headers.host;
  if (origin) {
    try {
      if (new URL(origin).host !== host) return undefined;
    } catch {
      return undefined;
    }
  }
  return cookieValue(handshake.headers.cookie, COOKIE_NAMES.auth);
}

/**
 * The socket.io server on the web server's port (`/socket.io`, docs/architecture.md). Each user
 * joins their private room; with Redis the adapter carries emits between instances, and the
 * worker emits into the same rooms through `@socket.io/redis-emitter`.
 *
 * A socket also joins the room of the token it authenticated with. When tokens are revoked (a
 * logout, a password change or reset, a deletion request: `auth.onTokensRevoked`, told once
 * the revocation is committed) their rooms' sockets are disconnected, on every instance: the
 * Redis adapter carries `disconnectSockets` to the others. A socket whose token is revoked
 * while its handshake is under way (after the check, before it is in the room, where the
 * disconnect finds nothing) is caught by a second check once it is in the room.
 */
export async function attachLiveGateway(
  httpServer: HttpServer,
  {
    auth,
    staffSignedIn,
    redisUrl,
    channelKey = 'socket.io',
    logger,
  }: {
    auth: Pick<AuthService, 'authenticate' | 'isLive' | 'onTokensRevoked'>;
    /** whether the user has a live staff session opened with this sign-in (auth token hash) */
    staffSignedIn?: (userId: number, authTokenHash: string) => Promise<boolean>;
    redisUrl: string | null;
    channelKey?: string;
    logger: Logger;
  },
): Promise<LiveGateway> {
  const io = new Server(httpServer, {
    path: LIVE_PATH,
    serveClient: false,
    // same-origin only: no CORS headers are sent
    cors: undefined,
    maxHttpBufferSize: 10_000,
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  const redis = redisUrl ? createClient({ url: redisUrl }) : null;
  const subscriber = redis?.duplicate() ?? null;
  if (redis && subscriber) {
    for (const client of [redis, subscriber])
      client.on('error', (error: Error) => logger.error({ err: error }, 'live: redis error'));
    await Promise.all([redis.connect(), subscriber.connect()]);
    io.adapter(createAdapter(redis, subscriber, { key: channelKey }));
  }

  io.use(async (socket: Socket, next) => {
    try {
      const token = tokenOf(socket.handshake);
      const user = await auth.authenticate(token);
      if (!user || !token) return next(new Error('Unauthorized'));
      socket.data.userId = user.id;
      socket.data.tokenHash = tokenHashOf(token);
      // staff with a console session opened with this very sign-in hear the dashboard's news
      socket.data.staff =
        Boolean(staffRoleOf(user.roles) && staffSignedIn) &&
        (await staffSignedIn!(user.id, socket.data.tokenHash));
      // the page says which language it reads; else the account's
      const asked: unknown = socket.handshake.auth?.lang;
      socket.data.lang = isLocale(asked) ? asked : isLocale(user.lang) ? user.lang : DEFAULT_LOCALE;
      next();
    } catch (error) {
      logger.error({ err: error }, 'live: handshake failed');
      next(new Error('Unavailable'));
    }
  });
  io.on('connection', (socket) => {
    const tokenHash = socket.data.tokenHash as string;
    void socket.join([
      tokenRoomOf(tokenHash),
      roomOf(socket.data.userId as number, socket.data.lang as Locale),
      ...(socket.data.staff ? [STAFF_ROOM] : []),
    ]);
    // a revocation committed since the handshake's check found this socket in no room
    auth.isLive(tokenHash).then(
      (live) => {
        if (!live) socket.disconnect(true);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'live: token check failed');
        socket.disconnect(true);
      },
    );
  });
  // a revoked token's sockets go, on every instance (the adapter carries it through Redis)
  const unsubscribe = auth.onTokensRevoked(({ userId, tokenHashes }) => {
    try {
      io.in(tokenHashes.map(tokenRoomOf)).disconnectSockets(true);
    } catch (error) {
      logger.error({ err: error, userId }, 'live: disconnecting revoked tokens failed');
    }
  });

  return {
    publish(userId, inLanguage) {
      publishTo((room, note) => io.to(room).emit(LIVE_EVENT, note), userId, inLanguage);
    },
    connections: () => io.engine.clientsCount,
    toStaff(event) {
      io.local.to(STAFF_ROOM).emit(STAFF_ROOM, event);
    },
    staffListening: () => (io.of('/').adapter.rooms.get(STAFF_ROOM)?.size ?? 0) > 0,
    async close() {
      unsubscribe();
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all([redis?.quit(), subscriber?.quit()].map((quit) => quit?.catch(() => {})));
    },
  };
}
