import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import type { PageState } from '#client/app/page-state.ts';

/**
 * The router part of the page state, in the shape react-router's browser router revives:
 * route error responses keep status and data, other errors only a message.
 */
export function hydrationData(context: StaticHandlerContext): PageState['router'] {
  let errors: Record<string, unknown> | null = null;
  if (context.errors) {
    errors = {};
    for (const [routeId, error] of Object.entries(context.errors)) {
      errors[routeId] = isRouteErrorResponse(error)
        ? { ...error, __type: 'RouteErrorResponse' }
        : { message: 'An error occurred', __type: 'Error' };
    }
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}
