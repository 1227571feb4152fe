import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { createLogger } from '#server/lib/logger.ts';
import { LIVE_EVENT, LIVE_PATH, type NotificationView } from '#shared/notifications.ts';
import { createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { type LiveServer, startLiveServer } from '../support/live.ts';

/**
 * docs/product.md §3 Notification, docs/api.md Notifications and the live channel: the calls, their paging and
 * input checks, the outbox that pushes only what was committed, and the socket.io gateway
 * that authenticates by the token and keeps each user to their own room.
 */
type Account = Awaited<ReturnType<typeof signUp>>;

async function notifyIn(
  t: TestApp,
  account: Account,
  type = 'bonus',
  data: Record<string, number | string> = { amount: 150, currency: 'RUB' },
) {
  await t.database.db
    .transaction()
    .execute((trx) =>
      t.services.notifications.notify(trx, { userId: account.user.id, type, data }),
    );
}

describe.each(ENGINES)('notifications API on %s', (engine) => {
  let t: TestApp;
  const get = (path: string, account?: Account) => {
    const req = request(t.app).get(path);
    return account ? req.set('Authorization', `Bearer ${account.token}`) : req;
  };

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { engine });
  });
  afterAll(() => t.database.close());

  it('lists a user’s notifications in docs/product.md §3’s shape, newest first, in their language', async () => {
    const ru = await signUp(t.app, { lang: 'ru', cur: 'RUB' });
    await notifyIn(t, ru, 'bonus');
    await notifyIn(t, ru, 'level.reached', { level: 2 });
    const res = await get('/api/user/notifications', ru).expect(200);
    const { items, meta } = res.body.data;
    expect(meta).toEqual({ total: 2, page: 1, limit: 20, unread: 2 });
    expect(items.map((item: NotificationView) => item.notification_type.type)).toEqual([
      'level.reached',
      'bonus',
    ]);
    const bonus: NotificationView = items[1];
    expect(Object.keys(bonus).sort()).toEqual(
      ['created_at', 'data', 'id', 'notification_type', 'read', 'read_at', 'start_time'].sort(),
    );
    expect(bonus.notification_type).toEqual({
      icon: 'bonus',
      type: 'bonus',
      name: 'Реферальный бонус',
      message: 'Вы заработали 1,50\u00a0₽ с заказа приглашённого вами клиента.',
    });
    expect(bonus).toMatchObject({
      data: { amount: 150, currency: 'RUB' },
      read: false,
      read_at: null,
    });
    expect(bonus.start_time).toBe(bonus.created_at);
    // read from an English page, the same notification speaks English
    const en = await get('/api/user/notifications?lang=en', ru);
    expect(en.body.data.items[1].notification_type).toMatchObject({
      name: 'Referral bonus',
      message: 'You earned ₽1.50 from an order of a customer you referred.',
    });
  });

  it('pages 20 at a time with the total, counts the unread, and reads them all at once', async () => {
    const user = await signUp(t.app, { lang: 'en' });
    for (let i = 0; i < 23; i++) await notifyIn(t, user);
    const first = (await get('/api/user/notifications', user).expect(200)).body.data;
    expect(first.items).toHaveLength(20);
    expect(first.meta).toMatchObject({ total: 23, page: 1, limit: 20 });
    const second = (await get('/api/user/notifications?page=2', user).expect(200)).body.data;
    expect(second.items).toHaveLength(3);
    const ids = [...first.items, ...second.items].map((item: NotificationView) => item.id);
    expect(new Set(ids).size).toBe(23);
    expect((await get('/api/user/notifications?limit=50', user)).body.data.items).toHaveLength(23);

    const unread = (await get('/api/user/notifications/unread', user).expect(200)).body.data;
    // the header shows the 3 newest unread
    expect(unread.items.map((item: NotificationView) => item.id)).toEqual(ids.slice(0, 3));
    expect(unread.meta).toMatchObject({ total: 23, unread: 23 });
    expect((await get('/api/user/notifications/unread/count', user)).body.data).toEqual({
      count: 23,
    });

    const read = await get('/api/user/notifications/read', user).expect(200);
    expect(read.body.data).toEqual({ marked: 23, count: 0 });
    expect((await get('/api/user/notifications/unread/count', user)).body.data.count).toBe(0);
    expect((await get('/api/user/notifications/unread', user)).body.data.items).toEqual([]);
    const after = (await get('/api/user/notifications', user)).body.data.items[0];
    expect(after.read).toBe(true);
    expect(after.read_at).toEqual(expect.any(String));
    // POST does the same; nothing is left to mark
    await request(t.app)
      .post('/api/user/notifications/read')
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200, { status: 'success', data: { marked: 0, count: 0 } });
  });

  it('keeps each user to their own notifications', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await notifyIn(t, a);
    expect((await get('/api/user/notifications', b)).body.data.meta.total).toBe(0);
    await get('/api/user/notifications/read', b).expect(200);
    expect((await get('/api/user/notifications/unread/count', a)).body.data.count).toBe(1);
  });

  it('does not show a notification before its start time', async () => {
    const user = await signUp(t.app);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await t.database.db
      .insertInto('notifications')
      .values({
        user_id: user.user.id,
        type: 'bonus',
        data: '{}',
        name: 'Later',
        message: 'Later',
        read_at: null,
        start_time: later,
        pushed_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await get('/api/user/notifications', user)).body.data.meta.total).toBe(0);
    expect((await get('/api/user/notifications/unread/count', user)).body.data.count).toBe(0);
  });

  it('answers 401 to a visitor and 400 to bad paging, changing nothing', async () => {
    for (const path of [
      '/api/user/notifications',
      '/api/user/notifications/unread',
      '/api/user/notifications/unread/count',
      '/api/user/notifications/read',
    ]) {
      const res = await get(path).expect(401);
      expect(res.body).toMatchObject({ status: 'error', statusCode: 401 });
    }
    const user = await signUp(t.app);
    await notifyIn(t, user);
    for (const query of [
      'page=0',
      'page=abc',
      'limit=7',
      'limit=',
      'sort=id',
      'page=1&page=2',
      'lang=fr',
    ])
      expect((await get(`/api/user/notifications?${query}`, user)).status).toBe(400);
    // a GET that marks read is refused when another site triggers it
    await get('/api/user/notifications/read', user).set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect((await get('/api/user/notifications/unread/count', user)).body.data.count).toBe(1);
  });

  it('tells a payer of a credited top-up', async () => {
    const user = await signUp(t.app, { cur: 'USD', lang: 'en' });
    const res = await request(t.app)
      .post('/api/deposit')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ amount: 2_500, method: 7, agreement: true })
      .expect(201);
    await request(t.app)
      .post(new URL(res.body.data.redirect).pathname)
      .type('form')
      .send({ outcome: 'pay' })
      .expect(303);
    const [note] = (await get('/api/user/notifications', user)).body.data.items;
    expect(note.notification_type).toEqual({
      icon: 'payment',
      type: 'payment.credited',
      name: 'Balance topped up',
      message: '$25 has been added to your balance.',
    });
    expect(note.data).toMatchObject({ amount: 2_500, currency: 'USD' });
  });

  it('pushes each committed notification once, in order, and never one that rolled back', async () => {
    const user = await signUp(t.app);
    // whatever earlier tests left is pushed first
    await t.services.notifications.pushPending(() => {});
    const pushed: [number, NotificationView][] = [];
    const publish = (userId: number, inLanguage: (lang: 'en') => NotificationView) => {
      pushed.push([userId, inLanguage('en')]);
    };
    await notifyIn(t, user, 'bonus');
    await notifyIn(t, user, 'level.reached', { level: 3 });
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await t.services.notifications.notify(trx, {
          userId: user.user.id,
          type: 'bonus',
          data: {},
        });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await t.services.notifications.pushPending(publish)).toBe(2);
    expect(pushed.map(([userId, note]) => [userId, note.notification_type.type])).toEqual([
      [user.user.id, 'bonus'],
      [user.user.id, 'level.reached'],
    ]);
    expect(await t.services.notifications.pushPending(publish)).toBe(0);
    expect(pushed).toHaveLength(2);
  });
});

/** A socket.io client as a browser or an API client would open it. */
function client(port: number, options: Parameters<typeof connect>[1] = {}): Socket {
  return connect(`http://127.0.0.1:${port}`, {
    path: LIVE_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      // a refused socket stops trying (it would outlive the test)
      socket.close();
      reject(error);
    });
  });

describe('live channel (socket.io, one instance)', () => {
  let t: TestApp;
  let live: LiveServer;
  let port: number;
  const sockets: Socket[] = [];
  const open = (options: Parameters<typeof connect>[1] = {}) => {
    const socket = client(port, options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestAppWith({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    const logger = createLogger({ logLevel: 'silent', logPretty: false });
    live = await startLiveServer(t, logger);
    port = live.port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live.stop();
    await t.database.close();
  });

  it('refuses a socket without a token or with a wrong one', async () => {
    await expect(connected(open())).rejects.toThrow('Unauthorized');
    await expect(connected(open({ auth: { token: 'not-a-token' } }))).rejects.toThrow(
      'Unauthorized',
    );
  });

  it('refuses the auth cookie sent from another site', async () => {
    const user = await signUp(t.app);
    const socket = open({
      extraHeaders: { Cookie: user.cookie, Origin: 'https://evil.example' },
    });
    await expect(connected(socket)).rejects.toThrow('Unauthorized');
  });

  it('brings each of two users only their own notifications, live, once committed', async () => {
    const alice = await signUp(t.app, { lang: 'en' });
    const bob = await signUp(t.app, { lang: 'ru' });
    // a token in the handshake's auth, and the Bearer header (as API clients send it)
    const a = open({ auth: { token: alice.token } });
    const b = open({
      extraHeaders: { Authorization: `Bearer ${bob.token}` },
    });
    await Promise.all([connected(a), connected(b)]);
    const got: Record<string, NotificationView[]> = { a: [], b: [] };
    a.on(LIVE_EVENT, (note: NotificationView) => got.a!.push(note));
    b.on(LIVE_EVENT, (note: NotificationView) => got.b!.push(note));
    const typesOf = (notes: NotificationView[]) => notes.map((note) => note.notification_type.type);
    /** what each socket has heard, once it has (a wrong or a doubled note never matches) */
    const heard = (byAlice: string[], byBob: string[]) =>
      eventually(
        () => {
          expect(typesOf(got.a!)).toEqual(byAlice);
          expect(typesOf(got.b!)).toEqual(byBob);
        },
        { timeoutMs: 3000 },
      );

    await notifyIn(t, alice, 'bonus');
    await notifyIn(t, bob, 'level.reached', { level: 2 });
    await notifyIn(t, alice, 'payment.credited', { amount: 1000 });
    await heard(['bonus', 'payment.credited'], ['level.reached']);
    expect(got.b![0]!.notification_type.name).toBe('Новый уровень скидки');
    // the pushed one is the stored one
    const stored = (await request(t.app).get('/api/user/notifications').set('Cookie', bob.cookie))
      .body.data.items[0];
    expect(got.b![0]).toEqual(stored);
    // one more each, pushed by a later round: nothing came twice, nothing else came between
    await notifyIn(t, alice, 'level.reached', { level: 3 });
    await notifyIn(t, bob, 'bonus');
    await heard(['bonus', 'payment.credited', 'level.reached'], ['level.reached', 'bonus']);
  });

  it('speaks the language the page reads, whatever the account’s', async () => {
    const user = await signUp(t.app, { lang: 'ru' });
    const german = open({ auth: { token: user.token, lang: 'de' } });
    const russian = open({ auth: { token: user.token } });
    await Promise.all([connected(german), connected(russian)]);
    const inGerman = new Promise<NotificationView>((resolve) => german.once(LIVE_EVENT, resolve));
    const inRussian = new Promise<NotificationView>((resolve) => russian.once(LIVE_EVENT, resolve));
    await notifyIn(t, user, 'payment.credited', { amount: 2_500, currency: 'EUR' });
    expect((await inGerman).notification_type.message).toBe(
      '25\u00a0€ wurden Ihrem Guthaben gutgeschrieben.',
    );
    expect((await inRussian).notification_type.name).toBe('Баланс пополнен');
  });

  it('accepts the page’s own cookie from a page of this site', async () => {
    const user = await signUp(t.app);
    const socket = open({
      extraHeaders: { Cookie: user.cookie, Origin: `http://127.0.0.1:${port}` },
    });
    await connected(socket);
    const note = new Promise<NotificationView>((resolve) => socket.once(LIVE_EVENT, resolve));
    await notifyIn(t, user);
    expect((await note).notification_type.type).toBe('bonus');
  });
});
