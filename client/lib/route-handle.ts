import { useMatches } from 'react-router';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales.ts';

export interface RouteHandle {
  pageId: string;
  locale: Locale;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'pageId' in value && 'locale' in value;
}

/** The handle of the deepest matched page route (page id and locale). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return { pageId: 'not-found', locale: DEFAULT_LOCALE };
}
