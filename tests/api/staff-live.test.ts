import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/lib/logger.ts';
import { STAFF_ROOM, type StaffLiveEvent } from '#server/realtime/live-gateway.ts';
import { startStaffLive } from '#server/realtime/staff-live.ts';
import { LIVE_EVENT, LIVE_PATH, type NotificationView } from '#shared/notifications.ts';
import { createTestAppWith, signUp, type TestApp } from '../support/app.ts';
import { until } from '../support/eventually.ts';
import { type LiveServer, startLiveServer } from '../support/live.ts';
import { accountWith, staffCookieOf, totpCode } from '../support/staff.ts';

/**
 * The staff dashboard live: a staff console (an account sign-in with a live staff session
 * opened with it) joins the staff room and hears when orders move; a customer's socket, and
 * the same staff account's from a sign-in without a staff session, hear nothing.
 */
const logger = createLogger(loadConfig({ NODE_ENV: 'test' }));

describe('the staff room of the live channel', () => {
  let t: TestApp;
  let server: LiveServer;
  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    server = await startLiveServer(t, logger);
  });
  afterAll(async () => {
    await server.stop();
    await t.database.close();
  });

  const socketOf = (cookie: string) =>
    connect(`http://127.0.0.1:${server.port}`, {
      path: LIVE_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Cookie: cookie },
    });
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

  it('tells the staff consoles, and only them, that orders moved', async () => {
    const admin = await accountWith(t, 'ROLE_ADMIN');
    const enrol = await request(t.app).post('/api/staff/totp/enrol').set('Cookie', admin.cookie);
    const staffCookie = staffCookieOf(
      await request(t.app)
        .post('/api/staff/totp/confirm')
        .set('Cookie', admin.cookie)
        .send({ code: totpCode(enrol.body.data.secret) }),
    );
    const customer = await signUp(t.app);
    // the same admin signed in elsewhere, where no staff session was opened
    const elsewhere = await request(t.app)
      .post('/api/login/local')
      .send({ login: admin.login, password: admin.password })
      .expect(200);

    // the staff cookie stays on the console's paths: the socket is known by its sign-in
    expect(staffCookie).toMatch(/^staff=/);
    const sockets = [
      socketOf(admin.cookie),
      socketOf(`auth=${elsewhere.body.data.token}; ${staffCookie}`),
      socketOf(customer.cookie),
    ];
    await Promise.all(sockets.map(connected));
    const heard = sockets.map(() => [] as StaffLiveEvent[]);
    const probed = sockets.map(() => false);
    for (const [index, socket] of sockets.entries()) {
      socket.on(STAFF_ROOM, (event: StaffLiveEvent) => {
        heard[index]!.push(event);
      });
      socket.on(LIVE_EVENT, () => {
        probed[index] = true;
      });
    }
    expect(server.gateway.staffListening()).toBe(true);

    let last = '2026-01-01T00:00:00.000Z';
    const live = startStaffLive({
      channel: server.gateway,
      lastChange: async () => last,
      intervalMs: 60_000,
      logger,
    });
    await live.tick(); // the first look only notes where things are
    last = '2026-01-01T00:00:05.000Z';
    await live.tick();
    await live.tick(); // nothing moved since: nothing said
    live.stop();
    // a note sent now reaches each socket after whatever the ticks sent it
    const probe = () => ({ id: 0 }) as unknown as NotificationView;
    server.gateway.publish(admin.user.id, probe);
    server.gateway.publish(customer.user.id, probe);
    await until(() => probed.every(Boolean), {
      timeoutMs: 3000,
      what: 'the probe on every socket',
    });
    expect(heard).toEqual([[{ kind: 'orders', at: '2026-01-01T00:00:05.000Z' }], [], []]);
    for (const socket of sockets) socket.disconnect();
  });
});
