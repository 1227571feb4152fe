import { matchRoutes } from 'react-router';
import { createRoutes } from '#client/app/routes.tsx';
import { matchPage } from '#shared/routes.ts';
import { idsOf, pagePaths } from '#tests/support/page-paths.ts';
import { pageHandlers } from './page-handlers.ts';

const routes = createRoutes();
const handlerFor = pageHandlers(routes);

describe('a handler per page branch', () => {
  it.each(pagePaths)('$path: placed on the route the whole tree matches ($id)', ({ id, path }) => {
    const whole = idsOf(matchRoutes(routes, path));
    expect(whole.at(-1)).toBe(id);
    const page = matchPage(path);
    expect(page && `${page.locale}:${page.def.id}`).toBe(id);
    const handler = handlerFor(page);
    // the branch handler holds that one branch and matches it exactly as the whole tree does
    expect(handler.dataRoutes).toHaveLength(1);
    expect(handler.dataRoutes[0]!.children).toHaveLength(1);
    expect(idsOf(matchRoutes(handler.dataRoutes, path))).toEqual(whole);
  });

  it('made once per page and reused', () => {
    const page = matchPage('/en/login/');
    expect(handlerFor(page)).toBe(handlerFor(matchPage('/en/login/')));
    expect(handlerFor(page)).not.toBe(handlerFor(matchPage('/de/login/')));
  });

  it.each(['/EN/login/', '/en/no-such-page/', '/en/login//'])(
    '%s, which the access redirects cannot place, goes to the whole tree',
    (path) => {
      const handler = handlerFor(matchPage(path));
      expect(handler.dataRoutes).toHaveLength(1);
      expect(handler.dataRoutes[0]!.children!.length).toBeGreaterThan(1);
      expect(idsOf(matchRoutes(handler.dataRoutes, path)).at(-1)).toBeDefined();
    },
  );
});
