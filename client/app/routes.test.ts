import { matchRoutes } from 'react-router';
import { LOCALES, localeOfPath } from '#shared/locales.ts';
import { idsOf, pagePaths } from '#tests/support/page-paths.ts';
import { createRoutes } from './routes.tsx';

describe("the browser's route tree: its page's language only", () => {
  const whole = createRoutes();
  const byLocale = new Map(LOCALES.map((locale) => [locale, createRoutes(locale)]));

  it.each(pagePaths)('$path matches $id in the tree of its own language', ({ id, path }) => {
    const own = byLocale.get(localeOfPath(path))!;
    expect(idsOf(matchRoutes(own, path))).toEqual(idsOf(matchRoutes(whole, path)));
    expect(idsOf(matchRoutes(own, path)).at(-1)).toBe(id);
  });

  it.each([
    ['en', '/uslugi/lajki-v-instagram/', 'ru:elsewhere'],
    ['en', '/de/', 'de:elsewhere'],
    ['ru', '/en/buy-instagram-likes/', 'en:elsewhere'],
    ['ru', '/tr/no-such-page/', 'tr:elsewhere'],
    ['en', '/en/no-such-page/', 'en:not-found'],
    ['ru', '/no-such-page/', 'ru:not-found'],
  ] as const)('in the %s tree, %s goes to %s', (locale, path, id) => {
    expect(idsOf(matchRoutes(byLocale.get(locale)!, path)).at(-1)).toBe(id);
  });

  it("loads another language's path as a document", () => {
    const [match] = matchRoutes(byLocale.get('en')!, '/de/kaufen-likes-in-instagram/')!.slice(-1);
    const request = new Request('http://127.0.0.1/de/kaufen-likes-in-instagram/');
    const loader = match!.route.loader as (args: { request: Request }) => Response;
    const response = loader({ request });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(request.url);
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
  });

  it('holds a seventh of the routes', () => {
    const count = (routes: typeof whole): number =>
      routes.reduce((n, route) => n + 1 + count(route.children ?? []), 0);
    expect(count(byLocale.get('de')!)).toBeLessThan(count(whole) / 5);
  });
});
