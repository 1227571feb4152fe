import { useMatches } from 'react-router';

/** What a page route tells its components; the language is the store's (see ./locale.ts). */
export interface RouteHandle {
  pageId: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'pageId' in value;
}

/** The handle of the deepest matched page route. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return { pageId: 'not-found' };
}
