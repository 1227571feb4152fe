import { type ActionFunctionArgs, data, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { AnswerOf, EndpointKey } from '#shared/api-contract/index.ts';
import { ApiError } from '../../lib/api.ts';
import type { CallArgs } from '../../lib/endpoints.ts';
import { apiOf } from '../../lib/route-api.ts';
import type { StaffFailure } from './staff-route.loader.ts';

/** The console's writes: every staff call of the contract but its reads. */
export type StaffWriteKey = Extract<
  Exclude<EndpointKey, `GET ${string}`>,
  `${string} staff/${string}`
>;

/** What a screen submits to its page's action (a fetcher's JSON): the call and its options. */
export type StaffWrite<K extends StaffWriteKey = StaffWriteKey> = { call: K } & NonNullable<
  CallArgs<K>[0]
>;

/** What the action answers: the call's answer, or its refusal. */
export type StaffWriteResult<K extends StaffWriteKey = StaffWriteKey> =
  | { call: K; answer: AnswerOf<K>; failure?: undefined }
  | { call: K; answer?: undefined; failure: StaffFailure };

const isWrite = (call: unknown): call is StaffWriteKey =>
  typeof call === 'string' && /^(POST|PUT|PATCH|DELETE) staff\//.test(call);

/**
 * Every staff page's action: makes the write a screen's fetcher submits (JSON `{call, params,
 * body}`) through the router context's API client. A refusal is the screen's to show (4xx: the
 * page's data stays as it is); a 401 (the staff session ended) lets the router read the page
 * again, whose `me` then brings the code screen back. After a write that took, the router
 * revalidates the page's loader, so the screen shows what the server now holds.
 */
export function staffRouteAction() {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { call, ...options } = (await request.json()) as { call: unknown };
    if (!isWrite(call)) throw data(null, { status: 400, statusText: 'Bad Request' });
    const api = apiOf(context) as (key: StaffWriteKey, options: object) => Promise<unknown>;
    try {
      return { call, answer: await api(call, options) } as StaffWriteResult;
    } catch (error) {
      const refused = error instanceof ApiError ? error : new ApiError('An error occurred', 0);
      const failure = {
        message: refused.message,
        statusCode: refused.statusCode,
        fields: refused.fields,
      };
      const result = { call, failure } as StaffWriteResult;
      return refused.statusCode === 401
        ? result
        : data(result, { status: refused.statusCode || 500 });
    }
  };
}

/**
 * Calls whose answer is all the screen needs: they change nothing the page's loader reads (a
 * preview, a provider's test, a new enrolment's secret), their answer is what the page would
 * read again (a landing text's language; a decided request, whose row shows its decision where
 * the tab of waiting ones read again would drop it), or their screen asks again itself (a confirmed
 * enrolment shows its recovery codes first: the console opens when they are put away).
 */
const KEEPS_THE_PAGE: readonly StaffWriteKey[] = [
  'POST staff/articles/preview',
  'POST staff/adjustments/:id/decision',
  'POST staff/withdrawals/:id/decision',
  'POST staff/providers/:id/test',
  'PUT staff/landing-copy',
  'POST staff/totp/enrol',
  'POST staff/totp/confirm',
];

/**
 * A staff page's revalidation: after any write but those above; after a sign-out always
 * (whatever it answered, the console asks who is signed in again). A new search of the same
 * page reads again only when one of the params its read takes (`searched`) changed: a screen
 * that filters what it has keeps its filters in the URL without asking anything.
 */
export const staffShouldRevalidate =
  (searched: readonly string[]) =>
  ({
    json,
    currentUrl,
    nextUrl,
    formMethod,
    defaultShouldRevalidate,
  }: ShouldRevalidateFunctionArgs): boolean => {
    const call = (json as { call?: unknown } | undefined)?.call;
    if (call === 'DELETE staff/session') return true;
    if (isWrite(call) && KEEPS_THE_PAGE.includes(call)) return false;
    if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
      const [now, next] = [currentUrl.searchParams, nextUrl.searchParams];
      const asked = searched.some((name) => now.get(name) !== next.get(name));
      return (asked || currentUrl.search === nextUrl.search) && defaultShouldRevalidate;
    }
    return defaultShouldRevalidate;
  };
