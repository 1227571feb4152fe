import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle, Db } from '#server/db/database.ts';
import { seedCatalog } from '#server/db/seed/seed-catalog.ts';
import { createOutboxMailer } from '#server/integrations/mail/outbox-mailer.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createCatalogService, GUEST } from '#server/modules/catalog/catalog.service.ts';
import { createServices } from '#server/services.ts';
import { createAssets } from '#server/ssr/assets.ts';
import { LOCALES } from '#shared/locales.ts';
import {
  createTestAppWith,
  ENGINES,
  IP,
  signUp,
  TEST_MANIFEST,
  type TestApp,
  testDatabase,
} from '../support/app.ts';

/**
 * The catalogue calls of docs/api.md (services, prices, payment methods, misc). Every expected
 * price is worked out by hand from the seed's price list: money is in minor units (kopecks,
 * cents) and a price point "RUB 185 for 1 000" is a unit price of 18.5 kopecks from 1 000
 * upward.
 */

type App = ReturnType<typeof createApp>;
type Account = Awaited<ReturnType<typeof signUp>>;

const TINY = '/api/user_services/tiny';
const COST = '/api/prices/orderCost';

/** Instagram's storefront services in catalogue order; every single kind is followed by its _MULTI twin. */
const INSTAGRAM_TAGS = [
  'INSTAGRAM_LIKES',
  'INSTAGRAM_LIKES_MULTI',
  'INSTAGRAM_FOLLOWERS',
  'INSTAGRAM_VIEWS',
  'INSTAGRAM_VIEWS_MULTI',
  'INSTAGRAM_REELS_VIEWS',
  'INSTAGRAM_REELS_VIEWS_MULTI',
  'INSTAGRAM_STORY_VIEWS',
  'INSTAGRAM_AUTO_LIKES',
  'INSTAGRAM_AUTO_VIEWS',
];

/**
 * Instagram likes at the storefront, RUB: base 19 kop a like; 18.5 from 1 000, 18.2 from
 * 5 000, 17.9 from 10 000, 17.8 from 25 000, 17.5 from 50 000 (the seed's price points).
 * discount = count × 19 − cost.
 */
const LIKES_RUB = {
  '100': { cost: 1_900, discount: 0 },
  '500': { cost: 9_500, discount: 0 },
  '1000': { cost: 18_500, discount: 500 },
  '2500': { cost: 46_250, discount: 1_250 },
  '5000': { cost: 91_000, discount: 4_000 },
  '10000': { cost: 179_000, discount: 11_000 },
  '25000': { cost: 445_000, discount: 30_000 },
  '50000': { cost: 875_000, discount: 75_000 },
  '100000': { cost: 1_750_000, discount: 150_000 },
};

/**
 * The same in USD (and EUR): base 0.99 ¢ a like; 0.699 from 1 000, 0.5998 from 5 000.
 * 2 500 × 0.699 = 1 747.5 ¢ rounds half up to 1 748.
 */
const LIKES_USD = {
  '100': { cost: 99, discount: 0 },
  '1000': { cost: 699, discount: 291 },
  '2500': { cost: 1_748, discount: 727 },
  '5000': { cost: 2_999, discount: 1_951 },
};

/** Story views, RUB: 8 kop a view, 7 from 1 000; storefront limits 100–15 000. */
const STORY_VIEWS_RUB = {
  '100': { cost: 800, discount: 0 },
  '500': { cost: 4_000, discount: 0 },
  '1000': { cost: 7_000, discount: 1_000 },
  '2500': { cost: 17_500, discount: 2_500 },
  '5000': { cost: 35_000, discount: 5_000 },
  '10000': { cost: 70_000, discount: 10_000 },
};

const setRoles = (db: Db, account: Account, roles: string[]) =>
  db
    .updateTable('users')
    .set({ roles: JSON.stringify(roles) })
    .where('id', '=', account.user.id)
    .execute();

describe.each(ENGINES)('catalogue API on %s', (engine) => {
  let t: TestApp;
  let app: App;
  /** level 1, RUB */
  let rub: Account;
  /** level 1, USD */
  let usd: Account;
  /** level 3, RUB */
  let levelled: Account;
  /** ROLE_ADMIN, RUB */
  let staff: Account;
  /** ROLE_SEO: not staff */
  let seo: Account;
  /** signed up with a referral code */
  let referredCookie: string;

  const get = (url: string, account?: Account) => {
    const req = request(app).get(url);
    return account ? req.set('Cookie', account.cookie) : req;
  };

  beforeAll(async () => {
    t = await createTestAppWith(
      { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      { engine },
    );
    app = t.app;
    rub = await signUp(app, { cur: 'RUB', lang: 'ru' });
    usd = await signUp(app, { cur: 'USD', lang: 'en' });
    levelled = await signUp(app, { cur: 'RUB', lang: 'ru' });
    staff = await signUp(app, { cur: 'RUB', lang: 'ru' });
    seo = await signUp(app, { cur: 'RUB', lang: 'ru' });
    await t.database.db
      .updateTable('users')
      .set({ discount_level: 3 })
      .where('id', '=', levelled.user.id)
      .execute();
    await setRoles(t.database.db, staff, ['ROLE_ADMIN']);
    await setRoles(t.database.db, seo, ['ROLE_SEO']);
    const referred = await request(app)
      .post('/api/register')
      .send({
        email: `referred.${engine}@example.com`,
        login: `referred.${engine}`,
        password: 'long enough 1',
        password_confirmation: 'long enough 1',
        ref: rub.user.refCode,
      });
    expect(referred.status).toBe(201);
    referredCookie = `auth=${referred.body.data.token}`;
  });
  afterAll(() => t.database.close());

  describe('GET user_services/tiny', () => {
    it('lists the platform’s services in the asked language, each single with its _MULTI twin', async () => {
      const res = await get(`${TINY}?labels=CLIENT_MAIN+VISIBLE&platform=instagram&lang=de`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      const services: { tag: string; platform: string }[] = res.body.data;
      // INSTAGRAM_COMMENTS is left out here: the market prices the seed was made from sell it in
      // the cabinet only (see report)
      expect(services.map((s) => s.tag).filter((tag) => tag !== 'INSTAGRAM_COMMENTS')).toEqual(
        INSTAGRAM_TAGS,
      );
      expect(services.every((s) => s.platform === 'instagram')).toBe(true);
      const [likes, likesMulti] = res.body.data;
      expect(likes).toEqual({
        tag: 'INSTAGRAM_LIKES',
        platform: 'instagram',
        kind: 'likes',
        type: 'LIKES',
        name: 'Instagram-Likes',
        description: expect.any(String),
        labels: ['CLIENT_MAIN', 'CLIENT_LK', 'VISIBLE', 'ENABLED', 'TYPE_LIKES'],
        min_order: 100,
        max_order: 100_000,
        max_order_other: 200_000,
        link_kinds: ['post'],
        page: 'instagram-likes',
        multi: 'INSTAGRAM_LIKES_MULTI',
        discount_group: 'likes',
        // how it performed in the last 30 days: no order yet (tests/api/service-stats.test.ts)
        stats: {
          start_median_min: null,
          speed_p90_min_per_1000: null,
          completion_rate: null,
          refill_rate_30d: null,
          orders_30d: 0,
        },
      });
      expect(likesMulti).toMatchObject({
        tag: 'INSTAGRAM_LIKES_MULTI',
        name: 'Instagram-Likes: für mehrere Beiträge',
        multi: null,
        page: 'instagram-likes',
      });
      const byTag = new Map(services.map((s) => [s.tag, s]));
      expect(byTag.get('INSTAGRAM_FOLLOWERS')).toMatchObject({
        name: 'Instagram-Follower',
        type: 'SUBS',
        multi: null,
        link_kinds: ['account'],
      });
      expect(byTag.get('INSTAGRAM_VIEWS')).toMatchObject({
        multi: 'INSTAGRAM_VIEWS_MULTI',
        link_kinds: ['video', 'post'],
      });
      expect(byTag.get('INSTAGRAM_STORY_VIEWS')).toMatchObject({
        name: 'Instagram-Story-Aufrufe',
        min_order: 100,
        max_order: 15_000,
        link_kinds: ['account', 'story'],
        multi: null,
      });
    });

    it('names services in the language of lang, else the locale cookie, else Russian', async () => {
      const url = `${TINY}?labels=CLIENT_MAIN+VISIBLE&platform=tiktok`;
      const names = async (req: request.Test) => (await req).body.data[0].name;
      expect(await names(request(app).get(`${url}&lang=tr`))).toBe('TikTok beğenileri');
      expect(await names(request(app).get(url).set('Cookie', 'locale=en'))).toBe('TikTok likes');
      expect(await names(request(app).get(url))).toBe('Лайки в TikTok');
    });

    it('gives guests min_order/max_order but no min/max and no FAKE services', async () => {
      const res = await get(`${TINY}?labels=CLIENT_MAIN+VISIBLE`);
      const services: Record<string, unknown>[] = res.body.data;
      expect(services.length).toBeGreaterThan(30);
      for (const service of services) {
        expect(service).toHaveProperty('min_order');
        expect(service).toHaveProperty('max_order');
        expect(service).not.toHaveProperty('min');
        expect(service).not.toHaveProperty('max');
        expect(service.platform).not.toBe('fake');
      }
      const fake = await get(`${TINY}?labels=CLIENT_MAIN+VISIBLE&platform=fake`);
      expect(fake.status).toBe(200);
      expect(fake.body.data).toEqual([]);
    });

    it('gives staff min/max and the FAKE services', async () => {
      const res = await get(`${TINY}?labels=CLIENT_MAIN+VISIBLE&platform=instagram`, staff);
      expect(res.body.data[0]).toMatchObject({
        tag: 'INSTAGRAM_LIKES',
        min_order: 100,
        max_order: 100_000,
        min: 1,
        max: 1_000_000,
      });
      const fake = await get(`${TINY}?labels=CLIENT_MAIN+VISIBLE&platform=fake&lang=en`, staff);
      expect(fake.body.data.map((s: { tag: string }) => s.tag)).toEqual([
        'FAKE_LIKES',
        'FAKE_FOLLOWERS',
      ]);
      expect(fake.body.data[0]).toMatchObject({
        platform: 'fake',
        name: 'Test likes (staff)',
        min: 1,
        max: 1_000_000,
      });
    });

    it('treats ROLE_SEO and ordinary users as non-staff', async () => {
      for (const account of [seo, rub]) {
        const res = await get(`${TINY}?labels=CLIENT_MAIN+VISIBLE&platform=instagram`, account);
        expect(res.body.data[0]).not.toHaveProperty('min');
        expect(res.body.data[0]).not.toHaveProperty('max');
        const fake = await get(`${TINY}?labels=CLIENT_MAIN+VISIBLE&platform=fake`, account);
        expect(fake.body.data).toEqual([]);
      }
    });

    it('shows the cabinet limits for CLIENT_LK to a user and refuses it to a guest', async () => {
      const guest = await get(`${TINY}?labels=CLIENT_LK+VISIBLE&platform=instagram`);
      expect(guest.status).toBe(401);
      expect(guest.body).toMatchObject({ status: 'error', statusCode: 401 });
      const res = await get(`${TINY}?labels=CLIENT_LK+VISIBLE&platform=instagram`, rub);
      expect(res.status).toBe(200);
      const byTag = new Map(res.body.data.map((s: { tag: string }) => [s.tag, s]));
      expect(byTag.get('INSTAGRAM_LIKES')).toMatchObject({
        min_order: 100,
        max_order: 200_000,
        max_order_other: 100_000,
      });
      expect(byTag.get('INSTAGRAM_STORY_VIEWS')).toMatchObject({
        min_order: 100,
        max_order: 1_000_000,
      });
      expect(byTag.get('INSTAGRAM_AUTO_LIKES')).toMatchObject({
        min_order: 100,
        max_order: 50_000,
      });
    });

    it('filters by type and refuses bad parameters', async () => {
      const res = await get(`${TINY}?labels=CLIENT_MAIN+VISIBLE&platform=vk&type=FRIENDS`);
      expect(res.body.data.map((s: { tag: string }) => s.tag)).toEqual(['VK_FRIENDS']);
      for (const [query, field, message] of [
        ['platform=myspace', 'platform', 'Unknown platform'],
        ['labels=client_main', 'labels', 'Labels are upper-case words separated by spaces'],
        ['lang=fr', 'lang', 'Unknown language'],
        ['type=PHOTOS', 'type', 'Unknown service type'],
        ['sort=asc', 'sort', 'This field is not expected'],
      ]) {
        const bad = await get(`${TINY}?${query}`);
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe(message);
        expect(bad.body.errors[field!]).toBe(message);
      }
    });
  });

  describe('GET user_services/find', () => {
    const FIND = '/api/user_services/find';

    it('filters by platform and type; a guest’s region follows their currency', async () => {
      const res = await get(`${FIND}?platform=tiktok&type=LIKES`);
      expect(res.status).toBe(200);
      expect(res.body.data.region).toBe('CIS');
      expect(res.body.data.currency).toBe('RUB');
      expect(
        res.body.data.services.map((s: { tag: string; from: number }) => [s.tag, s.from]),
      ).toEqual([
        ['TIKTOK_LIKES', 1_900],
        ['TIKTOK_LIKES_MULTI', 1_900],
      ]);
      const euro = await request(app)
        .get(`${FIND}?platform=tiktok&type=LIKES`)
        .set('Cookie', 'cur=EUR');
      expect(euro.body.data).toMatchObject({ region: 'EUROPE', currency: 'EUR' });
      expect(euro.body.data.services[0].from).toBe(99);
    });

    it('prices `from` in the currency of the asked region', async () => {
      for (const [region, currency, from] of [
        ['CIS', 'RUB', 800],
        ['EUROPE', 'EUR', 65],
        ['USA', 'USD', 65],
      ] as const) {
        const res = await get(`${FIND}?tag=INSTAGRAM_STORY_VIEWS&region=${region}`);
        expect(res.body.data).toMatchObject({ region, currency });
        expect(res.body.data.services).toHaveLength(1);
        expect(res.body.data.services[0]).toMatchObject({ tag: 'INSTAGRAM_STORY_VIEWS', from });
      }
    });

    it('prices a logged-in user in their own currency whatever region they ask', async () => {
      const res = await get(`${FIND}?tag=INSTAGRAM_STORY_VIEWS&region=USA`, rub);
      expect(res.body.data).toMatchObject({ region: 'CIS', currency: 'RUB' });
      expect(res.body.data.services[0].from).toBe(800);
    });

    it('searches the name in the asked language or the tag, case-insensitively', async () => {
      const byTag = await get(`${FIND}?q=story`);
      expect(byTag.body.data.services.map((s: { tag: string }) => s.tag)).toEqual([
        'INSTAGRAM_STORY_VIEWS',
        'TELEGRAM_STORY_VIEWS',
      ]);
      const byName = await get(`${FIND}?platform=vk&q=${encodeURIComponent('ЛАЙКИ')}`);
      expect(byName.body.data.services.map((s: { tag: string }) => s.tag)).toEqual([
        'VK_LIKES',
        'VK_LIKES_MULTI',
        'VK_AUTO_LIKES',
      ]);
      const english = await get(`${FIND}?platform=youtube&lang=en&q=Subscribers`);
      expect(english.body.data.services.map((s: { tag: string }) => s.tag)).toEqual([
        'YOUTUBE_FOLLOWERS',
      ]);
      const none = await get(`${FIND}?q=nothing-like-this`);
      expect(none.body.data.services).toEqual([]);
    });

    it('finds FAKE services for staff only', async () => {
      expect((await get(`${FIND}?tag=FAKE_LIKES`)).body.data.services).toEqual([]);
      const res = await get(`${FIND}?tag=FAKE_LIKES`, staff);
      expect(res.body.data.services).toHaveLength(1);
      expect(res.body.data.services[0]).toMatchObject({ tag: 'FAKE_LIKES', min: 1 });
    });

    it('refuses an unknown region', async () => {
      const res = await get(`${FIND}?region=ASIA`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Unknown region: use CIS, EUROPE or USA');
    });
  });

  describe('GET user_services/tags_by_cur', () => {
    const MENU = '/api/user_services/tags_by_cur';

    it('gives the menu per currency and platform with the price of the smallest order', async () => {
      const res = await get(`${MENU}?lang=en`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['EUR', 'RUB', 'USD']);
      expect(Object.keys(res.body.data.RUB).sort()).toEqual([
        'instagram',
        'telegram',
        'threads',
        'tiktok',
        'vk',
        'youtube',
      ]);
      expect(res.body.data.USD.instagram[0]).toEqual({
        tag: 'INSTAGRAM_LIKES',
        name: 'Instagram likes',
        type: 'LIKES',
        page: 'instagram-likes',
        from: 99,
      });
      const fromOf = (cur: string, tag: string) =>
        res.body.data[cur].instagram.find((item: { tag: string }) => item.tag === tag)?.from;
      expect(fromOf('RUB', 'INSTAGRAM_LIKES')).toBe(1_900);
      expect(fromOf('RUB', 'INSTAGRAM_FOLLOWERS')).toBe(4_500);
      expect(fromOf('RUB', 'INSTAGRAM_STORY_VIEWS')).toBe(800);
      expect(fromOf('USD', 'INSTAGRAM_FOLLOWERS')).toBe(149);
      expect(fromOf('EUR', 'INSTAGRAM_FOLLOWERS')).toBe(149);
    });

    it('answers one currency when cur is given, and the FAKE platform only to staff', async () => {
      const res = await get(`${MENU}?cur=USD`);
      expect(Object.keys(res.body.data)).toEqual(['USD']);
      expect(res.body.data.USD).not.toHaveProperty('fake');
      const forStaff = await get(`${MENU}?cur=RUB&lang=en`, staff);
      expect(forStaff.body.data.RUB.fake.map((item: { tag: string }) => item.tag)).toEqual([
        'FAKE_LIKES',
        'FAKE_FOLLOWERS',
      ]);
      // staff order from 1: one like at 19 kop
      expect(forStaff.body.data.RUB.instagram[0]).toMatchObject({
        tag: 'INSTAGRAM_LIKES',
        from: 19,
      });
    });

    it('refuses the cabinet menu to a guest and a bad currency', async () => {
      expect((await get(`${MENU}?client=CLIENT_LK`)).status).toBe(401);
      const bad = await get(`${MENU}?cur=GBP`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('currency');
    });
  });

  describe('GET prices/tiny', () => {
    const PRICES = '/api/prices/tiny';

    it('answers currency → tag → count → {cost, discount} with the seeded prices', async () => {
      const res = await get(`${PRICES}?labels=CLIENT_MAIN+VISIBLE&platform=instagram`);
      expect(res.status).toBe(200);
      // a guest without a currency cookie and in the default (ru) locale pays in roubles
      expect(Object.keys(res.body.data)).toEqual(['RUB']);
      expect(Object.keys(res.body.data.RUB)).toEqual(expect.arrayContaining(INSTAGRAM_TAGS));
      expect(res.body.data.RUB.INSTAGRAM_LIKES).toEqual(LIKES_RUB);
      expect(res.body.data.RUB.INSTAGRAM_AUTO_LIKES).toEqual(LIKES_RUB);
      // counts outside 100–15 000 (1, 50, 25 000, 50 000, 100 000) are left out
      expect(res.body.data.RUB.INSTAGRAM_STORY_VIEWS).toEqual(STORY_VIEWS_RUB);
      expect(res.body.data.RUB.INSTAGRAM_FOLLOWERS['1000']).toEqual({
        cost: 44_000,
        discount: 1_000,
      });
      expect(res.body.data.RUB.INSTAGRAM_VIEWS['100000']).toEqual({
        cost: 350_000,
        discount: 450_000,
      });
    });

    it('prices a guest in the asked currency and the asked counts', async () => {
      const res = await get(
        `${PRICES}?labels=CLIENT_MAIN+VISIBLE&platform=instagram&cur=USD&counts=100,1000,2500,5000,1`,
      );
      expect(Object.keys(res.body.data)).toEqual(['USD']);
      expect(res.body.data.USD.INSTAGRAM_LIKES).toEqual(LIKES_USD);
      expect(res.body.data.USD.INSTAGRAM_FOLLOWERS['100']).toEqual({ cost: 149, discount: 0 });
      const eur = await get(`${PRICES}?platform=instagram&cur=EUR&counts=1000`);
      expect(eur.body.data.EUR.INSTAGRAM_LIKES).toEqual({ '1000': LIKES_USD['1000'] });
    });

    it('applies a logged-in user’s level in their own currency', async () => {
      const res = await get(`${PRICES}?platform=instagram&cur=EUR&counts=100,1000`, levelled);
      expect(Object.keys(res.body.data)).toEqual(['RUB']);
      // level 3: likes 10 %, views 15 %, followers 7 %
      expect(res.body.data.RUB.INSTAGRAM_LIKES).toEqual({
        '100': { cost: 1_710, discount: 190 },
        '1000': { cost: 16_650, discount: 2_350 },
      });
      expect(res.body.data.RUB.INSTAGRAM_VIEWS['1000']).toEqual({ cost: 3_825, discount: 4_175 });
      expect(res.body.data.RUB.INSTAGRAM_FOLLOWERS['1000']).toEqual({
        cost: 40_920,
        discount: 4_080,
      });
    });

    it('gives staff the counts between min and max and the FAKE services', async () => {
      const res = await get(`${PRICES}?counts=1,50&cur=RUB`, staff);
      expect(res.body.data.RUB.INSTAGRAM_LIKES).toEqual({
        '1': { cost: 19, discount: 0 },
        '50': { cost: 950, discount: 0 },
      });
      expect(res.body.data.RUB).toHaveProperty('FAKE_LIKES');
      const guest = await get(`${PRICES}?counts=1,50&cur=RUB`);
      expect(guest.body.data.RUB.INSTAGRAM_LIKES).toEqual({});
      expect(guest.body.data.RUB).not.toHaveProperty('FAKE_LIKES');
    });

    it('gives a logged-in user the lower cabinet price from 50 000 and refuses it to guests', async () => {
      const url = `${PRICES}?labels=CLIENT_LK+VISIBLE&platform=instagram&counts=1000,49999,50000,200000`;
      const guest = await get(url);
      expect(guest.status).toBe(401);
      expect(guest.body.message).toBe('Log in to see the cabinet prices');
      const res = await get(url, rub);
      expect(res.status).toBe(200);
      // cabinet likes: every storefront tier × 0.175/0.19, so 0.175 ₽ a like from 1 and
      // 17 039 474 millionths of a kopeck from 1 000 (18.5 kopecks × 0.175/0.19, rounded)
      expect(res.body.data.RUB.INSTAGRAM_LIKES).toEqual({
        '1000': { cost: 17_039, discount: 461 },
        '49999': { cost: 819_720, discount: 55_263 },
        '50000': { cost: 805_921, discount: 69_079 },
        '200000': { cost: 3_223_684, discount: 276_316 },
      });
      // cabinet auto-likes stop at 50 000
      expect(Object.keys(res.body.data.RUB.INSTAGRAM_AUTO_LIKES)).toEqual([
        '1000',
        '49999',
        '50000',
      ]);
    });

    it('refuses bad counts', async () => {
      for (const counts of ['a,b', '1.5', '1,,2', Array.from({ length: 21 }, () => 1).join(',')]) {
        const res = await get(`${PRICES}?counts=${counts}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Counts are up to 20 integers separated by commas');
      }
    });
  });

  describe('GET informers/tiny', () => {
    const INFORMERS = '/api/informers/tiny';

    it('gives all three currencies when cur is absent', async () => {
      const res = await get(`${INFORMERS}?platform=instagram&counts=1000,25000`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data)).toEqual(['RUB', 'USD', 'EUR']);
      expect(res.body.data.RUB.INSTAGRAM_LIKES).toEqual({
        '1000': LIKES_RUB['1000'],
        '25000': LIKES_RUB['25000'],
      });
      expect(res.body.data.USD.INSTAGRAM_LIKES['1000']).toEqual({ cost: 699, discount: 291 });
      expect(res.body.data.EUR.INSTAGRAM_LIKES['1000']).toEqual({ cost: 699, discount: 291 });
      expect(res.body.data.RUB.INSTAGRAM_STORY_VIEWS).toEqual({
        '1000': { cost: 7_000, discount: 1_000 },
      });
      expect(res.body.data.USD.INSTAGRAM_STORY_VIEWS).toEqual({
        '1000': { cost: 199, discount: 451 },
      });
    });

    it('gives one currency for cur, and never a level discount', async () => {
      const res = await get(`${INFORMERS}?platform=instagram&cur=USD&counts=100`);
      expect(Object.keys(res.body.data)).toEqual(['USD']);
      expect(res.body.data.USD.INSTAGRAM_FOLLOWERS).toEqual({ '100': { cost: 149, discount: 0 } });
      const levelledView = await get(
        `${INFORMERS}?platform=instagram&cur=RUB&counts=1000`,
        levelled,
      );
      expect(levelledView.body.data.RUB.INSTAGRAM_LIKES).toEqual({ '1000': LIKES_RUB['1000'] });
    });

    it('shows staff the public prices too: no FAKE services, storefront limits', async () => {
      const res = await get(`${INFORMERS}?cur=RUB&counts=1,1000`, staff);
      expect(res.body.data.RUB).not.toHaveProperty('FAKE_LIKES');
      expect(res.body.data.RUB.INSTAGRAM_LIKES).toEqual({ '1000': LIKES_RUB['1000'] });
    });

    it('refuses the cabinet client: informers are the storefront prices', async () => {
      const res = await get(`${INFORMERS}?labels=CLIENT_LK&platform=instagram&counts=1000`, rub);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Informers show the storefront prices: use CLIENT_MAIN');
    });
  });

  describe('GET prices/orderCost', () => {
    it.each([
      ['INSTAGRAM_LIKES', 100, 'RUB', [1_900, 0]],
      ['INSTAGRAM_LIKES', 1_000, 'RUB', [18_500, 500]],
      ['INSTAGRAM_LIKES', 5_000, 'RUB', [91_000, 4_000]],
      ['INSTAGRAM_LIKES', 100_000, 'RUB', [1_750_000, 150_000]],
      ['INSTAGRAM_LIKES', 1_000, 'USD', [699, 291]],
      ['INSTAGRAM_LIKES', 1_000, 'EUR', [699, 291]],
      ['INSTAGRAM_LIKES', 2_500, 'USD', [1_748, 727]],
      ['INSTAGRAM_LIKES', 100_000, 'USD', [37_999, 61_001]],
      ['INSTAGRAM_FOLLOWERS', 100, 'USD', [149, 0]],
      ['INSTAGRAM_FOLLOWERS', 100_000, 'RUB', [3_900_000, 600_000]],
      ['INSTAGRAM_STORY_VIEWS', 1_000, 'RUB', [7_000, 1_000]],
      ['INSTAGRAM_VIEWS', 1_000, 'USD', [449, 201]],
      ['INSTAGRAM_LIKES_MULTI', 1_000, 'RUB', [18_500, 500]],
    ])('prices %s × %d in %s for a guest as %j', async (tag, count, cur, pair) => {
      const res = await get(`${COST}?tag=${tag}&count=${count}&cur=${cur}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', data: pair });
    });

    it('takes a logged-in user’s level percent off, rounded half up', async () => {
      // level 3, likes 10 %: 18 500 − 1 850
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=1000`, levelled)).body.data).toEqual([
        16_650, 2_350,
      ]);
      // 115 × 19 = 2 185; 10 % = 218.5 → 219 off; discount = 2 185 − 1 966
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=115`, levelled)).body.data).toEqual([
        1_966, 219,
      ]);
      // views 15 %: 4 500 − 675; base 8 000
      expect((await get(`${COST}?tag=INSTAGRAM_VIEWS&count=1000`, levelled)).body.data).toEqual([
        3_825, 4_175,
      ]);
    });

    it('prices a logged-in user in their own currency whatever cur says', async () => {
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=1000&cur=USD`, rub)).body.data).toEqual([
        18_500, 500,
      ]);
      expect(
        (await get(`${COST}?tag=INSTAGRAM_LIKES&count=115&cur=USD`, levelled)).body.data,
      ).toEqual([1_966, 219]);
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=1000&cur=RUB`, usd)).body.data).toEqual([
        699, 291,
      ]);
    });

    it('prices a guest without cur in the cookie currency, else by the locale', async () => {
      const cookie = await request(app)
        .get(`${COST}?tag=INSTAGRAM_LIKES&count=1000`)
        .set('Cookie', 'cur=USD');
      expect(cookie.body.data).toEqual([699, 291]);
      const english = await request(app)
        .get(`${COST}?tag=INSTAGRAM_LIKES&count=1000`)
        .set('Cookie', 'locale=en');
      expect(english.body.data).toEqual([699, 291]);
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=1000`)).body.data).toEqual([
        18_500, 500,
      ]);
    });

    it('uses the cabinet prices for client=CLIENT_LK', async () => {
      expect(
        (await get(`${COST}?tag=INSTAGRAM_LIKES&count=50000&client=CLIENT_LK`, rub)).body.data,
      ).toEqual([805_921, 69_079]);
      const guest = await get(`${COST}?tag=INSTAGRAM_LIKES&count=50000&client=CLIENT_LK`);
      expect(guest.status).toBe(401);
    });

    it.each([
      ['tag=NOPE&count=1000', 404, 'Unknown service: NOPE'],
      ['tag=bad-tag&count=1000', 400, 'Unknown service'],
      ['tag=INSTAGRAM_LIKES&count=0', 400, 'The quantity must be from 100 to 100000'],
      ['tag=INSTAGRAM_LIKES&count=99', 400, 'The quantity must be from 100 to 100000'],
      ['tag=INSTAGRAM_LIKES&count=100001', 400, 'The quantity must be from 100 to 100000'],
      ['tag=INSTAGRAM_STORY_VIEWS&count=15001', 400, 'The quantity must be from 100 to 15000'],
      ['tag=INSTAGRAM_LIKES&count=1.5', 400, 'Provide an integer'],
      ['tag=INSTAGRAM_LIKES&count=abc', 400, 'Provide an integer'],
      ['tag=INSTAGRAM_LIKES&count=-5', 400, 'Provide an integer'],
      ['tag=INSTAGRAM_LIKES&count=1000&count=2000', 400, 'Provide an integer'],
      ['tag=INSTAGRAM_LIKES&count=1000&cur=GBP', 400, 'Unknown currency: use RUB, USD or EUR'],
      ['tag=INSTAGRAM_LIKES&count=1000&foo=1', 400, 'This field is not expected'],
      ['count=1000', 400, 'This field is required'],
      ['tag=INSTAGRAM_LIKES', 400, 'This field is required'],
      ['tag=FAKE_LIKES&count=1', 404, 'Unknown service: FAKE_LIKES'],
    ])('answers %s with %d %s', async (query, status, message) => {
      const res = await get(`${COST}?${query}`);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ status: 'error', statusCode: status, message });
    });

    it('names the field at fault', async () => {
      expect((await get(`${COST}?count=1000`)).body.errors).toEqual({
        tag: 'This field is required',
      });
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=abc`)).body.errors).toEqual({
        count: 'Provide an integer',
      });
      const currency = await get(`${COST}?tag=INSTAGRAM_LIKES&count=1000&cur=GBP`);
      expect(currency.body.message).toContain('currency');
      expect(currency.body.errors).toHaveProperty('cur');
    });

    it('lets staff order between min and max, below min_order, and the FAKE services', async () => {
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=1`, staff)).body.data).toEqual([19, 0]);
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=50`, staff)).body.data).toEqual([
        950, 0,
      ]);
      const above = await get(`${COST}?tag=INSTAGRAM_LIKES&count=1000001`, staff);
      expect(above.status).toBe(400);
      expect(above.body.message).toBe('The quantity must be from 1 to 1000000');
      // FAKE likes cost 1 % of the likes: 0.19 kop for one, never below 1 kop
      expect((await get(`${COST}?tag=FAKE_LIKES&count=1`, staff)).body.data).toEqual([1, 0]);
      expect((await get(`${COST}?tag=FAKE_LIKES&count=1000`, staff)).body.data).toEqual([185, 5]);
      // a SEO account is not staff
      expect((await get(`${COST}?tag=FAKE_LIKES&count=1`, seo)).status).toBe(404);
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=50`, seo)).status).toBe(400);
    });

    it('lets a _MULTI order reach max_order per link over several links', async () => {
      // 200 000 likes over links, priced on the total: 17.5 kop from 50 000
      expect(
        (await get(`${COST}?tag=INSTAGRAM_LIKES_MULTI&count=200000&cur=RUB`)).body.data,
      ).toEqual([3_500_000, 300_000]);
      expect((await get(`${COST}?tag=INSTAGRAM_LIKES&count=200000&cur=RUB`)).status).toBe(400);
    });
  });

  describe('GET currencies/data, region, endpoints, user/premium_statuses', () => {
    it('answers the currency rates in roubles per unit', async () => {
      const res = await get('/api/currencies/data');
      expect(res.status).toBe(200);
      const currencies: { code: string; amount: number }[] = res.body.data.currencies;
      expect(currencies.map((c) => c.code).sort()).toEqual(['EUR', 'RUB', 'USD']);
      expect(currencies).toContainEqual({ code: 'RUB', amount: 1 });
      // the seeded rates (the worker refreshes them later)
      expect(currencies).toContainEqual({ code: 'USD', amount: 82.5 });
      expect(currencies).toContainEqual({ code: 'EUR', amount: 95.4 });
    });

    it.each([
      ['russia', { country: 'RU', currency: 'RUB', region: 'CIS' }],
      ['germany', { country: 'DE', currency: 'EUR', region: 'EUROPE' }],
      ['usa', { country: 'US', currency: 'USD', region: 'USA' }],
      ['uk', { country: 'GB', currency: 'USD', region: 'USA' }],
    ] as const)('locates a visitor from %s', async (place, data) => {
      const res = await request(app).get('/api/region').set('X-Forwarded-For', IP[place]);
      expect(res.body).toEqual({ status: 'success', data });
    });

    it('answers UNKNOWN for a local address and refuses query keys', async () => {
      expect((await get('/api/region')).body.data).toEqual({
        country: 'UNKNOWN',
        currency: 'USD',
        region: 'USA',
      });
      expect((await get('/api/region?country=RU')).status).toBe(400);
    });

    it('lists every API call, read from the routers', async () => {
      const res = await get('/api/endpoints');
      const calls: string[] = res.body.data;
      for (const call of [
        'GET /api/user_services/find',
        'GET /api/user_services/tiny',
        'GET /api/prices/tiny',
        'GET /api/currencies/data',
        'GET /api/region',
        'GET /api/endpoints',
        'GET /api/user/premium_statuses',
        'GET /api/payment/methods',
        'POST /api/login/local',
        'POST /api/c_orders/main',
        'GET /api/c_orders/:id',
        'POST /api/deposit',
        'GET /api/user/notifications',
        'GET /api/user/notifications/read',
        'POST /api/user/notifications/read',
        'POST /api/unshorten',
        'POST /api/logger',
        'POST /api/v2',
        'GET /api/v2',
        'POST /api/payments/webhook/:gateway',
        'PUT /api/user/webhook',
      ])
        expect(calls).toContain(call);
      expect(calls).toEqual([...new Set(calls)].sort());
      expect(calls.every((call) => /^(GET|POST|PUT|PATCH|DELETE) \/api\//.test(call))).toBe(true);
    });

    it('lists the five discount levels of docs/product.md §4 in the user’s currency with their own', async () => {
      const res = await get('/api/user/premium_statuses', levelled);
      expect(res.status).toBe(200);
      const { levels, current, currency } = res.body.data;
      expect([current, currency]).toEqual([3, 'RUB']);
      expect(levels.map((l: { level: number }) => l.level)).toEqual([1, 2, 3, 4, 5]);
      expect(levels[1]).toEqual({
        level: 2,
        from: 500_000,
        percent: {
          basic: 3,
          likes: 5,
          views: 7,
          followers: 3,
          comments: 5,
          autoLikes: 5,
          autoViews: 7,
        },
        personalManager: false,
      });
      expect(levels[4]).toMatchObject({
        from: 10_000_000,
        percent: { likes: 20, views: 30, autoViews: 30, basic: 15 },
        personalManager: true,
      });
      expect((await get('/api/user/premium_statuses', rub)).body.data.current).toBe(1);
      const dollars = (await get('/api/user/premium_statuses', usd)).body.data;
      expect([dollars.currency, dollars.levels[4].from]).toEqual(['USD', 150_000]);
      const guest = await get('/api/user/premium_statuses');
      expect(guest.body.data).toMatchObject({ current: null, paid_in: null, next: null });
    });

    it('starts a user who signed up with a referral code at level 2', async () => {
      const res = await request(app)
        .get('/api/user/premium_statuses')
        .set('Cookie', referredCookie);
      expect(res.body.data.current).toBe(2);
    });
  });

  describe('GET payment/methods', () => {
    const methods = (currency: string, ip: string) =>
      request(app).get(`/api/payment/methods?currency=${currency}`).set('X-Forwarded-For', ip);
    const codes = (res: request.Response) =>
      res.body.data.methods.map((m: { code: string }) => m.code);

    it('offers roubles in Russia: the balance, the Russian card, wallets and crypto', async () => {
      const res = await methods('RUB', IP.russia);
      expect(res.status).toBe(200);
      expect(codes(res)).toEqual(['balance', 'card_ru', 'sberpay', 'yoomoney', 'crypto']);
      const [balance, card] = res.body.data.methods;
      expect(balance).toMatchObject({ id: -1, group: null, show_agreement_flag: false });
      expect(card).toEqual({
        id: 1,
        code: 'card_ru',
        order: 1,
        currencies: ['RUB'],
        country_filter: 'onlyAt',
        countries: ['RU'],
        // RUB 1–250 000 in kopecks
        limits: { RUB: { min: 100, max: 25_000_000 } },
        group: 'cards',
        show_agreement_flag: true,
      });
      expect(
        res.body.data.methods.find((m: { code: string }) => m.code === 'crypto').limits.RUB,
      ).toEqual({ min: 3_000, max: 1_000_000_000 });
      expect(res.body.data.groups).toEqual({
        cards: { id: 'cards', order: 1, methods: [1] },
        'e-wallets': { id: 'e-wallets', order: 2, methods: [3, 4] },
        crypto: { id: 'crypto', order: 4, methods: [9] },
      });
    });

    it('keeps the Russian card from visitors outside Russia', async () => {
      for (const ip of [IP.germany, IP.usa]) {
        const res = await methods('RUB', ip);
        expect(codes(res)).toEqual(['balance', 'sberpay', 'yoomoney', 'crypto']);
        expect(res.body.data.groups.cards).toBeUndefined();
      }
    });

    it('offers SEPA in euros to Germany and the UK, not to the USA', async () => {
      for (const ip of [IP.germany, IP.uk]) {
        const res = await methods('EUR', ip);
        expect(codes(res)).toEqual([
          'balance',
          'card_world',
          'apple_pay',
          'google_pay',
          'paypal',
          'sepa',
          'crypto',
        ]);
        const sepa = res.body.data.methods.find((m: { code: string }) => m.code === 'sepa');
        expect(sepa).toMatchObject({
          id: 8,
          currencies: ['EUR'],
          country_filter: 'onlyAt',
          limits: { EUR: { min: 50, max: 99_999_900 } },
          group: 'bank-transfer',
        });
        expect(res.body.data.groups).toEqual({
          cards: { id: 'cards', order: 1, methods: [2] },
          'e-wallets': { id: 'e-wallets', order: 2, methods: [5, 6, 7] },
          'bank-transfer': { id: 'bank-transfer', order: 3, methods: [8] },
          crypto: { id: 'crypto', order: 4, methods: [9] },
        });
      }
      const usa = await methods('EUR', IP.usa);
      expect(codes(usa)).not.toContain('sepa');
      expect(usa.body.data.groups['bank-transfer']).toBeUndefined();
    });

    it('gives the limits in cents for dollars and never offers SEPA for them', async () => {
      const res = await methods('USD', IP.germany);
      expect(codes(res)).toEqual([
        'balance',
        'card_world',
        'apple_pay',
        'google_pay',
        'paypal',
        'crypto',
      ]);
      const byCode = new Map(
        res.body.data.methods.map((m: { code: string; limits: unknown }) => [m.code, m.limits]),
      );
      // Stripe USD 0.50–999 999, PayPal 0.25–25 000, balance from 0.01
      expect(byCode.get('card_world')).toEqual({
        USD: { min: 50, max: 99_999_900 },
        EUR: { min: 50, max: 99_999_900 },
      });
      expect(byCode.get('paypal')).toMatchObject({ USD: { min: 25, max: 2_500_000 } });
      expect(byCode.get('balance')).toMatchObject({ USD: { min: 1 } });
    });

    it('always lists the balance first, as id -1', async () => {
      for (const currency of ['RUB', 'USD', 'EUR']) {
        for (const ip of Object.values(IP)) {
          const res = await methods(currency, ip);
          expect(res.body.data.methods[0]).toMatchObject({ id: -1, code: 'balance' });
        }
      }
    });

    it('refuses a missing or unknown currency', async () => {
      const missing = await get('/api/payment/methods');
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ currency: 'This field is required' });
      for (const currency of ['GBP', 'usd']) {
        const bad = await get(`/api/payment/methods?currency=${currency}`);
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('Unknown currency: use RUB, USD or EUR');
      }
    });
  });
});

describe.each(ENGINES)('catalogue cache and seed on %s', (engine) => {
  let database: DatabaseHandle;
  let db: Db;
  beforeAll(async () => {
    database = await testDatabase(engine);
    db = database.db;
  });
  afterAll(() => database.close());

  /** Writes one tier straight into the table, behind the catalogue service's back. */
  const writeTier = async (tag: string, currency: string, from: number, micro: number) => {
    const service = await db
      .selectFrom('services')
      .select('id')
      .where('tag', '=', tag)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('price_tiers')
      .set({ micro })
      .where('service_id', '=', service.id)
      .where('client', '=', 'CLIENT_MAIN')
      .where('currency', '=', currency)
      .where('from_count', '=', from)
      .execute();
  };

  it('keeps serving the snapshot until setPriceTier drops it', async () => {
    const outbox = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://shop.test',
      MAIL_OUTBOX_DIR: outbox,
    });
    const logger = createLogger(config);
    const catalog = createCatalogService({ db });
    const mailer = createOutboxMailer(outbox, logger, config.mailFrom);
    const app = createApp({
      config,
      logger,
      assets: createAssets(TEST_MANIFEST),
      services: createServices({ config, logger, db, mailer, catalog }),
    });
    const cost = async (count: number) =>
      (await request(app).get(`${COST}?tag=INSTAGRAM_LIKES&count=${count}&cur=RUB`)).body.data;

    expect(await cost(1000)).toEqual([18_500, 500]);
    // 18.4 kop a like from 1 000, written straight into the table
    await writeTier('INSTAGRAM_LIKES', 'RUB', 1_000, 18_400_000);
    expect(await cost(1000)).toEqual([18_500, 500]);
    const tiny = await request(app).get('/api/prices/tiny?platform=instagram&cur=RUB&counts=1000');
    expect(tiny.body.data.RUB.INSTAGRAM_LIKES['1000']).toEqual({ cost: 18_500, discount: 500 });

    // a staff edit through the service: 18 kop from 5 000, and the snapshot is dropped
    await catalog.setPriceTier('INSTAGRAM_LIKES', {
      client: 'CLIENT_MAIN',
      currency: 'RUB',
      from: 5_000,
      micro: 18_000_000,
    });
    expect(await cost(1000)).toEqual([18_400, 600]);
    expect(await cost(5000)).toEqual([90_000, 5_000]);
    // the price tables computed from the old snapshot went with it
    const after = await request(app).get('/api/prices/tiny?platform=instagram&cur=RUB&counts=1000');
    expect(after.body.data.RUB.INSTAGRAM_LIKES['1000']).toEqual({ cost: 18_400, discount: 600 });
  });

  it('reloads after the TTL: a tiny one, and the default 5 minutes', async () => {
    let clock = 1_000_000;
    const quick = createCatalogService({ db, ttlMs: 1_000, now: () => clock });
    const standard = createCatalogService({ db, now: () => clock });
    const quote = (catalog: typeof quick) =>
      catalog.orderCost(
        { tag: 'INSTAGRAM_FOLLOWERS', count: 1_000, currency: 'USD', client: 'CLIENT_MAIN' },
        GUEST,
      );
    // followers USD: 1.49 ¢ base, 9.99 for 1 000
    expect(await quote(quick)).toEqual([999, 491]);
    expect(await quote(standard)).toEqual([999, 491]);
    await writeTier('INSTAGRAM_FOLLOWERS', 'USD', 1_000, 899_000);

    clock += 999;
    expect(await quote(quick)).toEqual([999, 491]);
    clock += 1;
    expect(await quote(quick)).toEqual([899, 591]);

    clock = 1_000_000 + 299_999;
    expect(await quote(standard)).toEqual([999, 491]);
    clock = 1_000_000 + 300_000;
    expect(await quote(standard)).toEqual([899, 591]);
  });

  describe('seedCatalog', () => {
    const count = async (
      table: 'services' | 'service_texts' | 'price_tiers' | 'payment_methods',
    ): Promise<number> =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const counts = async () => ({
      services: await count('services'),
      service_texts: await count('service_texts'),
      price_tiers: await count('price_tiers'),
      payment_methods: await count('payment_methods'),
    });

    it('leaves the same rows when run twice', async () => {
      await seedCatalog(db);
      const once = await counts();
      await seedCatalog(db);
      expect(await counts()).toEqual(once);
      // 32 services, 15 _MULTI twins, 2 FAKE; 7 languages; 2 clients × 3 currencies × 7 tiers; 10 methods
      expect(once).toEqual({
        services: 49,
        service_texts: 343,
        price_tiers: 2_058,
        payment_methods: 10,
      });
    });

    it('names every service in all seven languages', async () => {
      const texts = await db
        .selectFrom('service_texts')
        .innerJoin('services', 'services.id', 'service_texts.service_id')
        .select(['services.tag', 'service_texts.lang', 'service_texts.name'])
        .execute();
      const langs = new Map<string, string[]>();
      for (const text of texts) {
        expect(text.name.trim()).not.toBe('');
        expect(text.name).not.toContain('{name}');
        langs.set(text.tag, [...(langs.get(text.tag) ?? []), text.lang]);
      }
      expect(langs.size).toBe(49);
      for (const held of langs.values()) expect(held.sort()).toEqual([...LOCALES].sort());
    });

    it('prices every service for both clients in all three currencies, USD equal to EUR', async () => {
      const tiers = await db
        .selectFrom('price_tiers')
        .innerJoin('services', 'services.id', 'price_tiers.service_id')
        .select([
          'services.tag',
          'price_tiers.client',
          'price_tiers.currency',
          'price_tiers.from_count',
          'price_tiers.micro',
        ])
        .orderBy('services.tag')
        .orderBy('price_tiers.from_count')
        .execute();
      const lists = new Map<string, [number, number][]>();
      for (const tier of tiers) {
        const key = `${tier.tag}|${tier.client}|${tier.currency}`;
        lists.set(key, [...(lists.get(key) ?? []), [Number(tier.from_count), Number(tier.micro)]]);
      }
      const tags = new Set(tiers.map((tier) => tier.tag));
      expect(tags.size).toBe(49);
      for (const tag of tags) {
        for (const client of ['CLIENT_MAIN', 'CLIENT_LK']) {
          const rub = lists.get(`${tag}|${client}|RUB`);
          const usd = lists.get(`${tag}|${client}|USD`);
          const eur = lists.get(`${tag}|${client}|EUR`);
          expect({ tag, client, rub: rub?.length }).toEqual({
            tag,
            client,
            rub: 7,
          });
          expect({ tag, client, usd }).toEqual({ tag, client, usd: eur });
          expect(usd?.[0]?.[0]).toBe(1);
        }
      }
      // the storefront likes of the seed's price list, in millionths of a kopeck per like
      expect(lists.get('INSTAGRAM_LIKES|CLIENT_MAIN|RUB')).toEqual([
        [1, 19_000_000],
        [1_000, 18_500_000],
        [5_000, 18_200_000],
        [10_000, 17_900_000],
        [25_000, 17_800_000],
        [50_000, 17_500_000],
        [100_000, 17_500_000],
      ]);
      // the cabinet's tiers are the storefront's × 0.175/0.19: lower at every quantity
      expect(lists.get('INSTAGRAM_LIKES|CLIENT_LK|RUB')).toEqual([
        [1, 17_500_000],
        [1_000, 17_039_474],
        [5_000, 16_763_158],
        [10_000, 16_486_842],
        [25_000, 16_394_737],
        [50_000, 16_118_421],
        [100_000, 16_118_421],
      ]);
    });
  });
});
