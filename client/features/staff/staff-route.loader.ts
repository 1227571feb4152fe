import { data, type LoaderFunctionArgs } from 'react-router';

/** What the server tells a staff page's loader about the request (server/ssr/page-readers.ts). */
export interface StaffPageAccess {
  /** the account has a staff role (shared/staff-permissions.ts `staffRoleOf`) */
  staff: boolean;
}

export const STAFF_CONTEXT_KEY = 'staff';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * Every staff page's loader (issue 33), in the screens' chunks: on the server, an account
 * without a staff role (a guest too) gets the site's 404, as does a page whose params do not
 * pass (an order's or a user's id is a number). In the browser there is no request context:
 * the console's gate asks `GET staff/me`, and the server answers every staff call.
 */
export function staffRouteLoader() {
  return ({ params, context }: LoaderFunctionArgs): null => {
    const access = (context as unknown as Record<string, StaffPageAccess> | undefined)?.[
      STAFF_CONTEXT_KEY
    ];
    if (access && !access.staff) throw notFound();
    if (params.id !== undefined && !/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
    return null;
  };
}
