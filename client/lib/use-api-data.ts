import { useEffect, useState } from 'react';
import { ApiError, api } from './api.ts';

export interface ApiData<T> {
  /** the last answer (kept while the next one loads, so nothing jumps) */
  data: T | null;
  loading: boolean;
  error: ApiError | null;
  retry: () => void;
}

/** GET /api/<path> after hydration, again whenever the path changes or on retry. */
export function useApiData<T>(path: string): ApiData<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) asks again
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    api<T>(path, { signal: controller.signal })
      .then((answer) => {
        setData(answer);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof ApiError ? failure : new ApiError('An error occurred', 0, {}));
        setLoading(false);
      });
    return () => controller.abort();
  }, [path, attempt]);

  // what failed while offline is asked again when the connection is back
  useEffect(() => {
    if (!error) return;
    const again = () => setAttempt((value) => value + 1);
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, [error]);

  return { data, loading, error, retry: () => setAttempt((value) => value + 1) };
}
