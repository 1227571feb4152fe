import { data, type LoaderFunctionArgs } from 'react-router';
import type { StaffMe } from '../../../shared/staff.ts';
import { ApiError } from '../../lib/api.ts';
import { apiOf } from '../../lib/route-api.ts';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * Every staff page's loader, in the screens' chunks: the console's reader (`GET staff/me`).
 * An account without a staff role (a guest too) gets the site's 404, as does a page whose
 * params do not pass (an order's or a user's id is a number).
 */
export function staffRouteLoader() {
  return async ({ params, context }: LoaderFunctionArgs): Promise<StaffMe> => {
    if (params.id !== undefined && !/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
    try {
      return await apiOf(context)('GET staff/me');
    } catch (error) {
      if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403))
        throw notFound();
      throw error;
    }
  };
}
