import { useCallback, useEffect, useEffectEvent, useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
} from 'react-router';
import type { AnswerOf } from '#shared/api-contract/index.ts';
import { ApiError } from '../../lib/api.ts';
import type { CallArgs } from '../../lib/endpoints.ts';
import { staffApiError } from './staff-errors.ts';
import type { StaffWriteKey, StaffWriteResult } from './staff-route.action.ts';
import type { StaffFailure, StaffRouteData } from './staff-route.loader.ts';

/** A refusal in the console's language (staff-errors.ts), as an ApiError. */
function useStaffFailure(failure: StaffFailure | null | undefined): ApiError | null {
  const intl = useIntl();
  return useMemo(
    () =>
      failure
        ? staffApiError(intl, new ApiError(failure.message, failure.statusCode, failure.fields))
        : null,
    [intl, failure],
  );
}

/**
 * The screen's data, read by its page's loader (staff-route.loader.ts, the screen's read in
 * pages/staff/staff-reads.ts): null while the console is closed to it or its read failed;
 * `error` says why in the console's language; `loading` while the router reads this page
 * again (a new search, a write, a live event, a retry); `retry` reads it again.
 */
export function useStaffScreen<T>() {
  const { screen, failure } = useLoaderData<StaffRouteData>();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  return {
    data: screen as T | null,
    error: useStaffFailure(failure),
    loading:
      revalidator.state === 'loading' ||
      (navigation.state === 'loading' && navigation.location?.pathname === pathname),
    retry: () => void revalidator.revalidate(),
  };
}

/** What a screen does once one of its writes is done (each runs once per write). */
export interface StaffWriteDone<K extends StaffWriteKey> {
  /** the write took: its answer (the page's data is read again meanwhile) */
  done?: (answer: AnswerOf<K>) => void;
  /** it was refused: why, in the console's language (its fields' messages in `fields`) */
  failed?: (error: ApiError) => void;
}

/**
 * One kind of the console's writes, through a fetcher of the page's action
 * (staff-route.action.ts): `submit` sends it (JSON), `pending` while it runs, `answer` what it
 * gave, `error` its refusal in the console's language (a field's message in `fields`); `on`
 * what the screen does once it is done (focus the field at fault, clear a form). A 401 brings
 * the code screen back (the page's loader reads `me` again).
 */
export function useStaffWrite<K extends StaffWriteKey>(key: K, on: StaffWriteDone<K> = {}) {
  const fetcher = useFetcher<StaffWriteResult<K>>();
  const pending = fetcher.state !== 'idle';
  const result = pending ? undefined : fetcher.data;
  const error = useStaffFailure(result?.failure);
  const { submit: send } = fetcher;
  const submit = useCallback(
    (...[options]: CallArgs<K>) =>
      send({ call: key, ...(options ?? {}) } as never, {
        method: key.slice(0, key.indexOf(' ')).toLowerCase() as 'post',
        encType: 'application/json',
      }),
    [send, key],
  );
  // the screen's latest handlers, called from the effect without re-running it
  const finished = useEffectEvent((answer: AnswerOf<K> | undefined, refusal: ApiError | null) => {
    if (refusal) on.failed?.(refusal);
    else if (answer !== undefined) on.done?.(answer);
  });
  // once per result: a new write's result is a new object
  useEffect(() => {
    if (result) finished(result.answer, error);
  }, [result, error]);
  return {
    submit,
    pending,
    /** the last answer, once the write is done */
    answer: (result?.answer ?? null) as AnswerOf<K> | null,
    /** the last refusal, once the write is done */
    error,
    /** the fetcher's own result, once the write is done */
    result,
  };
}
