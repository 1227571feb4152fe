import { RouterContextProvider } from 'react-router';
import { type ApiClient, apiClientContext } from '../lib/route-api.ts';
import { lookUpRoutes } from './look-up-routes.ts';

describe('the look-up routes', () => {
  it('answer fetchers only: a document request for one (the server render) is a 404', async () => {
    expect(lookUpRoutes.map((route) => route.path)).toEqual([
      '/_/order-price',
      '/_/order-methods',
      '/_/order-services',
      '/_/order-links',
      '/_/order-average',
    ]);
    for (const route of lookUpRoutes) {
      // each loader comes with the first look-up (react-router's lazy)
      const { loader } = await (
        route.lazy as () => Promise<{ loader: (args: unknown) => unknown }>
      )();
      const request = new Request(`https://shop.test${route.path}?currency=USD`);
      let thrown: unknown;
      try {
        await loader({ request, params: {}, context: {} });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ init: { status: 404 } });
    }
  });

  it('follow short links to a platform’s own link only: a login page is none', async () => {
    const route = lookUpRoutes.find((entry) => entry.path === '/_/order-links')!;
    const { loader } = await (
      route.lazy as () => Promise<{ loader: (args: unknown) => Promise<unknown> }>
    )();
    const leads: Record<string, string> = {
      'https://vm.tiktok.com/ZMhvqjLcT/': 'https://www.tiktok.com/@user/video/7234567890123456789',
      'https://vm.tiktok.com/ZMlogin01/': 'https://www.tiktok.com/login?redirect_url=x',
    };
    const context = new RouterContextProvider();
    context.set(apiClientContext, (async (_key: string, options: { body: { link: string } }) => ({
      url: leads[options.body.link],
    })) as unknown as ApiClient);
    const typed =
      'vm.tiktok.com/ZMhvqjLcT/\nvm.tiktok.com/ZMlogin01/\nhttps://www.tiktok.com/@user';
    const request = new Request(
      `https://shop.test/_/order-links?${new URLSearchParams({ typed })}`,
    );
    // the look-ups answer fetchers, in a browser
    const global = globalThis as { document?: unknown };
    global.document = {};
    try {
      expect(await loader({ request, params: {}, context })).toEqual({
        typed,
        followed: ['https://www.tiktok.com/@user/video/7234567890123456789', null, null],
      });
    } finally {
      delete global.document;
    }
  });
});
