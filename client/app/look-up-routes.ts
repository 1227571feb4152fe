import type { RouteObject } from 'react-router';
import { LOOK_UP_PATHS, type LookUp } from '../lib/look-ups.ts';

/** The look-ups' routes, under the root route; their loaders come with the first look-up. */
export const lookUpRoutes: RouteObject[] = Object.entries(LOOK_UP_PATHS).map(([name, path]) => ({
  id: `look-up:${name}`,
  path,
  lazy: async () => ({ loader: (await import('./look-ups.ts')).LOOKUPS[name as LookUp] }),
}));
