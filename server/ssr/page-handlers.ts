import { createStaticHandler, type RouteObject } from 'react-router';
import type { PageMatch } from '#shared/routes.ts';

/** Every leaf route's id → the routes from the root down to it. */
function branchesOf(routes: RouteObject[], above: RouteObject[] = []): Map<string, RouteObject[]> {
  const branches = new Map<string, RouteObject[]>();
  for (const route of routes) {
    const branch = [...above, route];
    if (route.children?.length)
      for (const [id, found] of branchesOf(route.children, branch)) branches.set(id, found);
    else if (route.id) branches.set(route.id, branch);
  }
  return branches;
}

/**
 * A static handler per page route, made when the page is first asked for: it holds that
 * page's branch only (root → layout → page), so a request is matched against one branch
 * instead of every page × 7 languages. Paths the access redirects could not place (odd
 * case, a stray slash, an unknown page) go to the handler of the whole tree, as before.
 */
export function pageHandlers(routes: RouteObject[]) {
  const whole = createStaticHandler(routes);
  const branches = branchesOf(routes);
  const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();
  return (page: PageMatch | null | undefined) => {
    if (!page) return whole;
    const id = `${page.locale}:${page.def.id}`;
    let handler = handlers.get(id);
    if (!handler) {
      const branch = branches.get(id);
      if (!branch) return whole;
      handler = createStaticHandler(matchedBranch(branch.map((route) => ({ route }))));
      handlers.set(id, handler);
    }
    return handler;
  };
}

/** The matched routes as a tree of one branch, each with its matched child only. */
export function matchedBranch(matches: readonly { route: RouteObject }[]): RouteObject[] {
  let child: RouteObject | undefined;
  for (let index = matches.length - 1; index >= 0; index--) {
    const route = matches[index]!.route;
    child = (
      route.index ? { ...route } : { ...route, children: child ? [child] : [] }
    ) as RouteObject;
  }
  return child ? [child] : [];
}
