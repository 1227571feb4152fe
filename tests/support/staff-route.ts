import type { RouteObject } from 'react-router';
import {
  routeAction,
  routeLoader,
  routeShouldRevalidate,
} from '#client/pages/staff/staff.page.tsx';
import type { PageDef } from '#shared/routes.ts';

/**
 * A staff page's route as client/app/routes.tsx makes it (renderPage's `routeOf`): its loader
 * (`staff/me` and the screen's read), the action of its writes and its revalidation.
 */
export const staffRoute = (
  pageId: string,
): Pick<RouteObject, 'loader' | 'action' | 'shouldRevalidate'> => ({
  loader: routeLoader({ id: pageId } as PageDef),
  action: routeAction(),
  shouldRevalidate: routeShouldRevalidate({ id: pageId } as PageDef),
});
