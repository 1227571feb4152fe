import { jest } from '@jest/globals';
import { runSaga, stdChannel } from 'redux-saga';
import { analyticsActions } from './analytics.actions.ts';
import { analyticsSaga, PAGE_VIEW_DELAY_MS } from './analytics.saga.ts';

/**
 * The analytics saga as the browser runs it, on stand-ins for the page's cookies,
 * storage and fetch: events queue until consent in a GDPR country and then go in order; a
 * refusal sends and stores nothing; elsewhere page views go at once, 250 ms after navigation.
 */
type Sent = {
  path: string;
  body: { events?: { name: string; params: Record<string, unknown> }[] } & Record<string, unknown>;
};

/** GET payment/:id/ecommerce of a paid order (docs/api.md). */
const PURCHASE = {
  transaction_id: 'RxSkJWdwRQ2TsraH7jMd',
  value: 6.99,
  currency: 'USD',
  items: [{ item_id: 'INSTAGRAM_LIKES', item_variant: '1000', quantity: 1, price: 6.99 }],
};

function page(url: string) {
  const jar = new Map<string, string>();
  const storage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  };
  const sent: Sent[] = [];
  Object.assign(globalThis, {
    location: Object.assign(new URL(url), { protocol: new URL(url).protocol }),
    sessionStorage: storage(),
    localStorage: storage(),
    document: {
      title: 'Buy Instagram likes',
      referrer: '',
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      },
    },
    fetch: async (path: string, init?: { body?: string }) => {
      sent.push({ path, body: init?.body ? JSON.parse(init.body) : {} });
      const data = path.endsWith('/ecommerce') ? PURCHASE : null;
      return new Response(JSON.stringify({ status: 'success', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  return { jar, sent };
}

function run(gdpr: boolean) {
  const channel = stdChannel();
  const task = runSaga(
    {
      channel,
      dispatch: (action: unknown) => channel.put(action as never),
      getState: () => ({ visitor: { isGdpr: gdpr } }),
    },
    analyticsSaga,
  );
  return { put: (action: unknown) => channel.put(action as never), task };
}

// the saga's page-view delay runs on fake timers: `settle` moves past it, and what was not
// sent by then never will be
beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});
const settle = () => jest.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS + 100);
const names = (sent: Sent[]) =>
  sent
    .filter((entry) => entry.path === '/api/mp')
    .flatMap((entry) => entry.body.events!.map((e) => e.name));

describe('the analytics saga', () => {
  it('in a GDPR country holds everything until consent, then sends it in order', async () => {
    const { jar, sent } = page('https://shop.test/en/?utm_source=mail&utm_medium=email');
    const saga = run(true);
    await settle();
    saga.put(analyticsActions.tracked({ name: 'add_to_cart' }));
    await settle();
    expect(sent).toEqual([]);
    expect(jar.has('_ga')).toBe(false);

    saga.put(analyticsActions.consentDecided('granted'));
    await settle();
    expect(names(sent)).toEqual(['page_view', 'add_to_cart']);
    expect(jar.get('_ga')).toMatch(/^GA1\.1\.\d{9}\.\d+$/);
    expect(jar.get('consent')).toBe('granted');
    const [view] = sent;
    expect(view!.body.events![0]!.params).toMatchObject({
      page_location: 'https://shop.test/en/?utm_source=mail&utm_medium=email',
      source: 'mail',
      medium: 'email',
      session_id: expect.any(String),
    });
    // the page view also reached Metrika, with the _ym_uid
    expect(sent.some((entry) => entry.path.startsWith('/api/yaHit?'))).toBe(true);
    saga.task.cancel();
  });

  it('sends and stores nothing after a refusal', async () => {
    const { jar, sent } = page('https://shop.test/en/');
    const saga = run(true);
    saga.put(analyticsActions.consentDecided('denied'));
    saga.put(analyticsActions.tracked({ name: 'add_to_cart' }));
    saga.put(analyticsActions.routeChanged('/en/other/'));
    await settle();
    expect(sent).toEqual([]);
    expect([...jar.keys()]).toEqual(['consent']);
    saga.task.cancel();
  });

  it('elsewhere counts each new page once, 250 ms after it', async () => {
    const { sent } = page('https://shop.test/en/');
    const saga = run(false);
    await jest.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS - 1);
    expect(names(sent)).toEqual([]);
    await settle();
    expect(names(sent)).toEqual(['page_view']);
    // the same page again is no new view; another one is
    saga.put(analyticsActions.routeChanged('/en/'));
    await settle();
    saga.put(analyticsActions.routeChanged('/en/tiktok/'));
    await settle();
    expect(names(sent)).toEqual(['page_view', 'page_view']);
    saga.task.cancel();
  });

  it('tells Metrika a purchase too, through POST mpy with the body docs/api.md gives', async () => {
    const { jar, sent } = page('https://shop.test/en/thanks/?order=KDppWjn5L3uTrcWJ9i7z');
    const saga = run(false);
    await settle();
    saga.put(analyticsActions.paid('RxSkJWdwRQ2TsraH7jMd'));
    await settle();
    expect(names(sent)).toEqual(['page_view', 'purchase']);
    const metrika = sent.filter((entry) => entry.path === '/api/mpy');
    expect(metrika).toEqual([
      {
        path: '/api/mpy',
        body: {
          client_id: jar.get('_ym_uid'),
          page_url: 'https://shop.test/en/thanks/?order=KDppWjn5L3uTrcWJ9i7z',
          action: 'purchase',
          title: 'Buy Instagram likes',
          params: { ...PURCHASE, session_id: expect.any(String) },
        },
      },
    ]);
    expect(jar.get('_ym_uid')).toMatch(/^\d{16,20}$/);
    // the page view went to Metrika as a hit, not as an event
    expect(sent.filter((entry) => entry.path.startsWith('/api/yaHit?'))).toHaveLength(1);
    saga.task.cancel();
  });
});
