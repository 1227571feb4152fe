import { useEffect, useMemo, useState } from 'react';
import { data, redirect, useLocation, useNavigation, useRevalidator } from 'react-router';
import { localeOfPath } from '../../../shared/locales.ts';
import { pagePath } from '../../../shared/routes.ts';
import { ApiError } from '../../lib/api.ts';

/** What failed, as plain data: a loader's answer is serialised into the page (hydration). */
export interface Failure {
  message: string;
  statusCode: number;
  fields: Record<string, string>;
}

/** One part of a page's loader data: its answer, or why there is none. */
export type Part<T> = { data: T; error: null } | { data: null; error: Failure };

export const failureOf = (error: unknown): Failure =>
  error instanceof ApiError
    ? { message: error.message, statusCode: error.statusCode, fields: error.fields }
    : { message: 'An error occurred', statusCode: 0, fields: {} };

/**
 * A read of a cabinet page's loader as a part of its data: a failure is shown in its place
 * (the rest of the page stays), and a 401 (the session ended in the browser) leads to the
 * login page and back, as the server's access rules do for a guest.
 */
export async function part<T>(request: Request, read: Promise<T>): Promise<Part<T>> {
  try {
    return { data: await read, error: null };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) {
      const url = new URL(request.url);
      const back = `${url.pathname}${url.search}`;
      throw redirect(
        `${pagePath('login', localeOfPath(url.pathname))}?redirect=${encodeURIComponent(back)}`,
      );
    }
    console.error(`${new URL(request.url).pathname} could not read its data:`, error);
    return { data: null, error: failureOf(error) };
  }
}

/** A part as a screen shows it: the last answer it had, whether it loads again, and retry. */
export interface PartState<T> {
  /** the last answer (kept while the next one loads or when it failed, so nothing jumps) */
  data: T | null;
  loading: boolean;
  error: ApiError | null;
  retry: () => void;
}

/**
 * Whether this page's loader runs again: a client navigation to its own path (another page
 * of a list, another filter in the search params) or a revalidation (after a write, a live
 * event, a retry).
 */
export function usePageLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { state } = useRevalidator();
  return (
    state === 'loading' ||
    (navigation.state === 'loading' && navigation.location?.pathname === pathname)
  );
}

/**
 * A part of the loader's data for a screen: a failed read keeps the last answer on screen
 * (a list its rows) while what is asked (`asked`: a list's query) is the same, retry
 * revalidates the page, and what failed while offline is asked again once back online.
 */
export function usePart<T>(part: Part<T>, asked = ''): PartState<T> {
  const revalidator = useRevalidator();
  const loading = usePageLoading();
  const [kept, setKept] = useState<{ data: T | null; asked: string }>({ data: part.data, asked });
  // React's way to keep a value derived from the previous render's: set while rendering
  if (part.data !== null && part.data !== kept.data) setKept({ data: part.data, asked });
  const { error: failure } = part;
  const error = useMemo(
    () => (failure ? new ApiError(failure.message, failure.statusCode, failure.fields) : null),
    [failure],
  );
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!error) return;
    const again = () => void revalidate();
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, [error, revalidate]);
  return {
    data: part.data ?? (kept.asked === asked ? kept.data : null),
    loading,
    error,
    retry: () => void revalidate(),
  };
}

/** What a page's action answers: the write's answer, or why it was refused. */
export type Written<T> = { ok: true; data: T } | { ok: false; error: Failure };

/**
 * A write of a page's action (`written(apiOf(context)('POST …', { body }))`): a refusal is
 * answered with its status, so the router does not read the page again for nothing; after a
 * success it revalidates the page's loader by itself.
 */
export async function written<T>(write: Promise<T>) {
  try {
    const answer: Written<T> = { ok: true, data: await write };
    return answer;
  } catch (error) {
    const failure = failureOf(error);
    const answer: Written<T> = { ok: false, error: failure };
    return data(answer, { status: failure.statusCode >= 400 ? failure.statusCode : 503 });
  }
}

/** A fetcher's answer as the screen reads it: the refusal as an ApiError, or none. */
export function refusalOf(answer: Written<unknown> | undefined): ApiError | null {
  if (!answer || answer.ok) return null;
  const { message, statusCode, fields } = answer.error;
  return new ApiError(message, statusCode, fields);
}

/** The JSON a fetcher submits to its page's action (`fetcher.submit(body, JSON_POST)`). */
export const JSON_POST = { method: 'post', encType: 'application/json' } as const;
