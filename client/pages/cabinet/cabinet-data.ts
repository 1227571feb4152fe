import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { type Failure, failureOf, loginAndBack } from '../../lib/route-write.ts';

/** One part of a page's loader data: its answer, or why there is none. */
export type Part<T> = { data: T; error: null } | { data: null; error: Failure };

/**
 * A read of a cabinet page's loader as a part of its data: a failure is shown in its place
 * (the rest of the page stays), and a 401 (the session ended in the browser) leads to the
 * login page and back, as the server's access rules do for a guest.
 */
export async function part<T>(request: Request, read: Promise<T>): Promise<Part<T>> {
  try {
    return { data: await read, error: null };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) throw loginAndBack(request);
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
  // React's way to keep a value derived from the previous render's: set while rendering (an
  // answer may be null itself: no API key)
  if (!part.error && (part.data !== kept.data || asked !== kept.asked))
    setKept({ data: part.data, asked });
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
    data: part.error ? (kept.asked === asked ? kept.data : null) : part.data,
    loading,
    error,
    retry: () => void revalidate(),
  };
}
