import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../shared/api-contract/index.ts';
import { TIMING } from '../../shared/constants.ts';
import { ApiError } from './api.ts';
import { type CallArgs, callApi, pathOf, type ReadKey } from './endpoints.ts';

const atLeast = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ApiData<T> {
  /** the last answer (kept while the next one loads, so nothing jumps) */
  data: T | null;
  loading: boolean;
  error: ApiError | null;
  retry: () => void;
}

/**
 * A GET of the contract (`useApiData('GET user/refs', { query: { page } })`) after hydration,
 * again whenever its path or query changes or on retry. SPEC §9: an answer is taken no sooner
 * than 200 ms after the ask, so the loading state shows rather than flashes; SPEC §8: a
 * failure is logged to the console and the last answer kept.
 */
export function useApiData<K extends ReadKey>(key: K, ...args: CallArgs<K>): ApiData<AnswerOf<K>> {
  return useApiDataWhen(true, key, ...args);
}

/**
 * useApiData that asks only while `enabled` (loading until then): a screen whose reader may
 * not be allowed the call yet (or at all) makes none.
 */
export function useApiDataWhen<K extends ReadKey>(
  enabled: boolean,
  key: K,
  ...args: CallArgs<K>
): ApiData<AnswerOf<K>> {
  type T = AnswerOf<K>;
  // what is asked, as text: a new path or query asks again (a new options object does not)
  const path = pathOf(key, ...args);
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) asks again
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    const options = [{ ...args[0], signal: controller.signal }] as CallArgs<K>;
    Promise.all([callApi(key, ...options), atLeast(TIMING.minFetchDelayMs)])
      .then(([answer]) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`GET ${path} failed:`, failure);
        setError(failure instanceof ApiError ? failure : new ApiError('An error occurred', 0, {}));
        setLoading(false);
      });
    return () => controller.abort();
  }, [path, attempt, enabled]);

  // what failed while offline is asked again when the connection is back
  useEffect(() => {
    if (!error) return;
    const again = () => setAttempt((value) => value + 1);
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, [error]);

  return { data, loading, error, retry: () => setAttempt((value) => value + 1) };
}
