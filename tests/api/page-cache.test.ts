import request from 'supertest';
import { createTestApp, UA } from '../support/app.ts';

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe('page cache', () => {
  it('serves a repeated page with the same bytes but this response’s nonce', async () => {
    const app = await createTestApp();
    const first = await request(app).get('/en/tiktok/').set('User-Agent', UA.desktop);
    const second = await request(app).get('/en/tiktok/').set('User-Agent', UA.desktop);
    const [n1, n2] = [
      nonceOf(first.headers['content-security-policy']),
      nonceOf(second.headers['content-security-policy']),
    ];
    expect(n1).not.toBe(n2);
    expect(second.text).toContain(`nonce="${n2}"`);
    expect(second.text).not.toContain(n1!);
    expect(second.text.replaceAll(n2!, 'N')).toBe(first.text.replaceAll(n1!, 'N'));
  });

  it('keeps visitors apart: currency, locale and device change the page', async () => {
    const app = await createTestApp();
    await request(app).get('/en/vk/').set('User-Agent', UA.desktop);
    const euro = await request(app)
      .get('/en/vk/')
      .set('User-Agent', UA.desktop)
      .set('Cookie', 'cur=EUR');
    expect(euro.text).toContain('"currency":"EUR"');
    const phone = await request(app).get('/en/vk/').set('User-Agent', UA.iphone);
    expect(phone.text).toContain('"deviceClass":"phone"');
  });

  it('never serves a logged-in visitor from the cache', async () => {
    const { app, renders } = await countingApp();
    await request(app).get('/en/count/').set('User-Agent', UA.desktop);
    await request(app).get('/en/count/').set('User-Agent', UA.desktop);
    expect(renders()).toBe(1);
    await request(app).get('/en/count/').set('User-Agent', UA.desktop).set('Cookie', 'auth=token');
    await request(app).get('/en/count/').set('User-Agent', UA.desktop).set('Cookie', 'auth=token');
    expect(renders()).toBe(3);
  });

  it('can be turned off', async () => {
    const { app, renders } = await countingApp({ PAGE_CACHE_MAX_ENTRIES: '0' });
    await request(app).get('/en/count/').set('User-Agent', UA.desktop);
    await request(app).get('/en/count/').set('User-Agent', UA.desktop);
    expect(renders()).toBe(2);
  });
});

/** An app with one page whose loader counts how often it really rendered. */
async function countingApp(env: Record<string, string> = {}) {
  let count = 0;
  const app = await createTestApp(env, {
    routes: [
      {
        id: 'root',
        Component: () => null,
        children: [
          {
            id: 'en:count',
            path: '/en/count/',
            handle: { pageId: 'not-found', locale: 'en' },
            loader: () => {
              count += 1;
              return count;
            },
          },
        ],
      },
    ],
  });
  return { app, renders: () => count };
}
