import { data, type LoaderFunctionArgs, type Params } from 'react-router';
import type { StaffMe } from '#shared/staff.ts';
import type { Capability } from '#shared/staff-permissions.ts';
import { ApiError } from '../../lib/api.ts';
import { type ApiClient, apiOf } from '../../lib/route-api.ts';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** What a screen's read is given: the API client, the page's params, path and search, who reads. */
export interface StaffReadArgs {
  api: ApiClient;
  params: Params;
  pathname: string;
  search: URLSearchParams;
  me: StaffMe;
}

/** A screen's read: its data, asked by the page's loader once the console is open to it. */
export type StaffScreenRead = (args: StaffReadArgs) => Promise<unknown>;

/** A refusal as the loader hands it to the screen (plain, so the server's render can send it). */
export interface StaffFailure {
  message: string;
  statusCode: number;
  fields: Record<string, string>;
}

export interface StaffRouteData {
  me: StaffMe;
  /** the screen's data: null while the console is closed to it, or its read failed */
  screen: unknown;
  failure: StaffFailure | null;
}

const failureOf = (error: ApiError): StaffFailure => ({
  message: error.message,
  statusCode: error.statusCode,
  fields: error.fields,
});

/**
 * Whether the console is open to the reader (enrolled, signed in; the recovery codes of an
 * enrolment are put away before the loader asks again) and their role opens `capability`.
 */
export const staffOpens = (me: StaffMe | null, capability: Capability | null): boolean =>
  Boolean(me?.enrolled && me.signedIn && (!capability || me.capabilities.includes(capability)));

/**
 * Every staff page's loader, in the screens' chunk: the console's session (`GET staff/me`)
 * and, when the console is open to the page's capability, the screen's data (its `read`; the
 * paging, filters and search are the URL's, so a new search runs the loader again). An
 * account without a staff role (a guest too) gets the site's 404, as does a page whose params
 * do not pass (an order's or a user's id is a number). A screen's read that fails is the
 * screen's to say (in the console's words, with a retry); a 401 (the staff session ended
 * meanwhile) is the code screen.
 */
export function staffRouteLoader(capability: Capability | null, read?: StaffScreenRead) {
  return async ({ params, context, request }: LoaderFunctionArgs): Promise<StaffRouteData> => {
    if (params.id !== undefined && !/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
    const api = apiOf(context);
    let me: StaffMe;
    try {
      me = await api('GET staff/me');
    } catch (error) {
      if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403))
        throw notFound();
      throw error;
    }
    if (!read || !staffOpens(me, capability)) return { me, screen: null, failure: null };
    try {
      const { pathname, searchParams: search } = new URL(request.url);
      return { me, screen: await read({ api, params, pathname, search, me }), failure: null };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.statusCode === 401)
        return { me: { ...me, signedIn: false }, screen: null, failure: null };
      return { me, screen: null, failure: failureOf(error) };
    }
  };
}
