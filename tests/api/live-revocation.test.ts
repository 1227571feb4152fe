import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { startServer } from '#server/http-server.ts';
import { createOutboxMailer } from '#server/integrations/mail/outbox-mailer.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { AuthService } from '#server/modules/auth/auth.service.ts';
import { attachLiveGateway, type LiveGateway } from '#server/realtime/live-gateway.ts';
import { createServices } from '#server/services.ts';
import { createAssets } from '#server/ssr/assets.ts';
import { LIVE_EVENT, LIVE_PATH, type NotificationView } from '#shared/notifications.ts';
import { createTestAppWith, ENGINES, signUp, TEST_MANIFEST, type TestApp } from '../support/app.ts';
import { until } from '../support/eventually.ts';
import { type LiveServer, startLiveServer } from '../support/live.ts';

/**
 * a live socket ends with the token it authenticated with. A logout, a password
 * change from the profile (the other tokens), a password reset and a deletion request (all of
 * them) disconnect the sockets of the tokens they revoke, on every instance, and nobody
 * else's.
 */
type Account = Awaited<ReturnType<typeof signUp>>;

const logger = createLogger({ logLevel: 'silent', logPretty: false });

/** A socket.io client as an API client opens it (the page's cookie counts the same). */
function client(port: number, token: string): Socket {
  return connect(`http://127.0.0.1:${port}`, {
    path: LIVE_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

/** A connected socket that notes the notifications it hears and why it was disconnected. */
interface Watched {
  socket: Socket;
  notes: NotificationView[];
  /** the disconnect's reason, once there is one */
  reason: string | null;
  disconnected: Promise<string>;
}

async function watch(socket: Socket): Promise<Watched> {
  // listening before the connect: a disconnect may come in the same read as the connect
  const watched: Watched = {
    socket,
    notes: [],
    reason: null,
    disconnected: new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => {
        watched.reason = reason;
        resolve(reason);
      }),
    ),
  };
  socket.on(LIVE_EVENT, (note: NotificationView) => watched.notes.push(note));
  await connected(socket);
  return watched;
}

/** Why the socket was disconnected, or 'still connected' after `ms` (a test fails fast). */
const endOf = (watched: Watched, ms = 3000): Promise<string> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('still connected'), ms);
  });
  return Promise.race([watched.disconnected, late]).finally(() => clearTimeout(timer));
};

/**
 * Whether `done` comes to hold within 3 s. A socket that hears a note published after a
 * revocation was not disconnected by it: its disconnect would have come first on the same
 * connection. So "nobody else was disconnected" waits for such a note, not for a span of time.
 */
const holds = (done: () => boolean) =>
  until(done, { timeoutMs: 3000, everyMs: 20 }).then(
    () => true,
    () => false,
  );

const logIn = async (t: TestApp, account: Account): Promise<string> => {
  const res = await request(t.app)
    .post('/api/login/local')
    .send({ login: account.login, password: account.password })
    .expect(200);
  return res.body.data.token as string;
};

async function notifyIn(t: TestApp, userId: number, type = 'bonus') {
  await t.database.db.transaction().execute((trx) =>
    t.services.notifications.notify(trx, {
      userId,
      type,
      data: { amount: 150, currency: 'RUB' },
    }),
  );
}

/** The reset link's code from the newest mail of the outbox. */
function resetCode(outbox: string): string {
  const files = readdirSync(outbox).sort();
  const mail = readFileSync(path.join(outbox, files.at(-1)!), 'utf8');
  return /\/reset\/(\w+)\//.exec(mail)![1]!;
}

describe.each(ENGINES)('live channel: revoked tokens on %s (one instance)', (engine) => {
  let t: TestApp;
  let live: LiveServer;
  let port: number;
  const sockets: Socket[] = [];
  const open = (token: string) => {
    const socket = client(port, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
    live = await startLiveServer(t, logger);
    port = live.port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live.stop();
    await t.database.close();
  });

  it('disconnects the socket of a token that logs out; it hears nothing published after', async () => {
    const user = await signUp(t.app);
    const bystander = await signUp(t.app);
    const otherToken = await logIn(t, user);
    const [leaving, staying, stranger] = await Promise.all([
      watch(open(user.token)),
      watch(open(otherToken)),
      watch(open(bystander.token)),
    ]);

    await request(t.app)
      .post('/api/logout')
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200);
    expect(await endOf(leaving)).toBe('io server disconnect');

    await notifyIn(t, user.user.id);
    await notifyIn(t, bystander.user.id);
    // the user's other session and the other user hear theirs; the logged-out socket nothing
    expect(await holds(() => staying.notes.length === 1 && stranger.notes.length === 1)).toBe(true);
    // one note more, pushed by a later round: the first was not pushed twice
    await notifyIn(t, user.user.id);
    expect(await holds(() => staying.notes.length === 2)).toBe(true);
    expect(leaving.notes).toEqual([]);
    expect(staying.notes).toHaveLength(2);
    expect(new Set(staying.notes.map((note) => note.id)).size).toBe(2);
    expect([staying.reason, stranger.reason]).toEqual([null, null]);
    expect([staying.socket.connected, stranger.socket.connected]).toEqual([true, true]);
    // and the token opens no new one
    await expect(connected(open(user.token))).rejects.toThrow('Unauthorized');
  });

  it('a password change from the profile disconnects the other tokens’ sockets, not its own', async () => {
    const user = await signUp(t.app);
    const bystander = await signUp(t.app);
    const [second, third] = [await logIn(t, user), await logIn(t, user)];
    const [own, ownAgain, other2, other3, stranger] = await Promise.all([
      watch(open(user.token)),
      watch(open(user.token)),
      watch(open(second)),
      watch(open(third)),
      watch(open(bystander.token)),
    ]);

    await request(t.app)
      .post('/api/user/password')
      .set('Authorization', `Bearer ${user.token}`)
      .send({
        current_password: user.password,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      })
      .expect(200);
    expect(await endOf(other2)).toBe('io server disconnect');
    expect(await endOf(other3)).toBe('io server disconnect');

    await notifyIn(t, user.user.id);
    await notifyIn(t, bystander.user.id);
    expect(
      await holds(
        () => own.notes.length === 1 && ownAgain.notes.length === 1 && stranger.notes.length === 1,
      ),
    ).toBe(true);
    expect([other2.notes, other3.notes]).toEqual([[], []]);
    expect([own.reason, ownAgain.reason, stranger.reason]).toEqual([null, null, null]);
  });

  it('a password reset disconnects every socket of the user, and the new token connects', async () => {
    const user = await signUp(t.app);
    const bystander = await signUp(t.app);
    const second = await logIn(t, user);
    const [first, other, stranger] = await Promise.all([
      watch(open(user.token)),
      watch(open(second)),
      watch(open(bystander.token)),
    ]);

    await request(t.app).post('/api/reset').send({ email: user.email }).expect(200);
    const res = await request(t.app)
      .post('/api/set_password')
      .send({
        code: resetCode(t.outbox),
        password: 'reset to this one',
        password_confirmation: 'reset to this one',
      })
      .expect(200);
    expect(await endOf(first)).toBe('io server disconnect');
    expect(await endOf(other)).toBe('io server disconnect');

    const fresh = await watch(open(res.body.data.token as string));
    await notifyIn(t, user.user.id);
    await notifyIn(t, bystander.user.id);
    expect(await holds(() => fresh.notes.length === 1 && stranger.notes.length === 1)).toBe(true);
    expect([first.notes, other.notes]).toEqual([[], []]);
    expect([fresh.reason, stranger.reason]).toEqual([null, null]);
  });

  it('a deletion request logs out everywhere: every socket of the user goes', async () => {
    const user = await signUp(t.app);
    const bystander = await signUp(t.app);
    const second = await logIn(t, user);
    const [first, other, stranger] = await Promise.all([
      watch(open(user.token)),
      watch(open(second)),
      watch(open(bystander.token)),
    ]);

    await request(t.app)
      .post('/api/user/delete')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ password: user.password })
      .expect(202);
    expect(await endOf(first)).toBe('io server disconnect');
    expect(await endOf(other)).toBe('io server disconnect');
    await notifyIn(t, bystander.user.id);
    expect(await holds(() => stranger.notes.length === 1)).toBe(true);
    expect(stranger.reason).toBeNull();
  });
});

describe('live channel: a token revoked while its socket’s handshake is under way', () => {
  it('disconnects the socket once it is in its rooms', async () => {
    const t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    const running = await startServer(t.app, {
      port: 0,
      host: '127.0.0.1',
      timeoutMs: 2000,
      logger,
    });
    const auth = t.services.auth;
    // the logout commits after the handshake's check and before the socket joins its rooms:
    // the disconnect it causes finds no socket there
    const racing: Pick<AuthService, 'authenticate' | 'isLive' | 'onTokensRevoked'> = {
      authenticate: async (token) => {
        const user = await auth.authenticate(token);
        if (token) await auth.logout(token);
        return user;
      },
      isLive: (hash) => auth.isLive(hash),
      onTokensRevoked: (listener) => auth.onTokensRevoked(listener),
    };
    const gateway = await attachLiveGateway(running.server, {
      auth: racing,
      redisUrl: null,
      logger,
    });
    const user = await signUp(t.app);
    const socket = client(running.port, user.token);
    try {
      const watched = await watch(socket);
      expect(await endOf(watched)).toBe('io server disconnect');
    } finally {
      socket.close();
      await gateway.close();
      await running.shutdown('test');
      await t.database.close();
    }
  });
});

// two web instances on one database, their gateways sharing Redis (CI sets REDIS_URL)
const REDIS_URL = process.env.REDIS_URL;
(REDIS_URL ? describe : describe.skip)('live channel: revoked tokens across instances', () => {
  let t: TestApp;
  const gateways: LiveGateway[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  const ports: number[] = [];
  const sockets: Socket[] = [];
  const open = (instance: number, token: string) => {
    const socket = client(ports[instance]!, token);
    sockets.push(socket);
    return socket;
  };
  /** A note sent by instance B to its own sockets of the user (no Redis on the way). */
  const publishOnB = (userId: number) =>
    gateways[1]!.publish(userId, () => ({ id: `probe-${userId}` }) as unknown as NotificationView);

  beforeAll(async () => {
    const channelKey = `revoke-${process.pid}-${Date.now()}`;
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    // instance B: its own app and services (its own auth service) on the same database
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://shop.test',
      MAIL_OUTBOX_DIR: t.outbox,
    });
    const servicesB = createServices({
      config,
      logger,
      db: t.database.db,
      mailer: createOutboxMailer(t.outbox, logger, config.mailFrom),
    });
    const appB = createApp({
      config,
      logger,
      assets: createAssets(TEST_MANIFEST),
      services: servicesB,
    });
    for (const [app, auth] of [
      [t.app, t.services.auth],
      [appB, servicesB.auth],
    ] as const) {
      const running = await startServer(app, {
        port: 0,
        host: '127.0.0.1',
        timeoutMs: 2000,
        logger,
      });
      ports.push(running.port);
      stops.push(() => running.shutdown('test'));
      gateways.push(
        await attachLiveGateway(running.server, { auth, redisUrl: REDIS_URL!, channelKey, logger }),
      );
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const gateway of gateways) await gateway.close();
    for (const stop of stops) await stop();
    await t.database.close();
  });

  it('a logout through instance A disconnects the token’s sockets on instance B (and A)', async () => {
    const user = await signUp(t.app);
    const bystander = await signUp(t.app);
    const second = await logIn(t, user);
    const [onB, onA, otherOnB, strangerOnB] = await Promise.all([
      watch(open(1, user.token)),
      watch(open(0, user.token)),
      watch(open(1, second)),
      watch(open(1, bystander.token)),
    ]);

    await request(t.app)
      .post('/api/logout')
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200);
    expect(await endOf(onB)).toBe('io server disconnect');
    expect(await endOf(onA)).toBe('io server disconnect');
    // B has carried out the disconnect: a note it sends now comes after any it sent
    publishOnB(user.user.id);
    publishOnB(bystander.user.id);
    expect(await holds(() => otherOnB.notes.length === 1 && strangerOnB.notes.length === 1)).toBe(
      true,
    );
    expect([otherOnB.reason, strangerOnB.reason]).toEqual([null, null]);
  });

  it('a password change through instance A disconnects the other tokens’ sockets on B', async () => {
    const user = await signUp(t.app);
    const second = await logIn(t, user);
    const [ownOnB, otherOnB] = await Promise.all([
      watch(open(1, user.token)),
      watch(open(1, second)),
    ]);
    await request(t.app)
      .post('/api/user/password')
      .set('Authorization', `Bearer ${user.token}`)
      .send({
        current_password: user.password,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      })
      .expect(200);
    expect(await endOf(otherOnB)).toBe('io server disconnect');
    publishOnB(user.user.id);
    expect(await holds(() => ownOnB.notes.length === 1)).toBe(true);
    expect(ownOnB.reason).toBeNull();
  });
});
