import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { AnswerOf, EndpointKey } from '../../../shared/api-contract/index.ts';
import type { Capability } from '../../../shared/staff-permissions.ts';
import { ApiError } from '../../lib/api.ts';
import { type CallArgs, callApi, type ReadKey } from '../../lib/endpoints.ts';
import { type ApiData, useApiDataWhen } from '../../lib/use-api-data.ts';
import { staffApiError } from './staff-errors.ts';
import { staffOpens } from './staff-route.loader.ts';
import { useStaffSession } from './staff-session.tsx';

/**
 * The capability the shown screen needs (pages/staff/staff.page.tsx gives it): the frame says
 * "not allowed" without it, and the screen's data hooks ask nothing.
 */
export const StaffScreenCapability = createContext<Capability | null>(null);

/**
 * A staff GET (useApiData), asked only once `GET staff/me` says the console is open and the
 * role opens the screen's capability (a section the role cannot open calls nothing); a 401
 * (the staff session ended) brings the code screen back. A refusal comes in the console's
 * language (staff-errors.ts).
 */
export function useStaffData<K extends ReadKey>(
  key: K,
  ...args: CallArgs<K>
): ApiData<AnswerOf<K>> {
  const session = useStaffSession();
  const { lost } = session;
  const capability = useContext(StaffScreenCapability);
  const intl = useIntl();
  const open = staffOpens(session.me, capability) && !session.codes;
  const result = useApiDataWhen(open, key, ...args);
  const status = result.error?.statusCode;
  useEffect(() => {
    if (status === 401) lost();
  }, [status, lost]);
  const error = useMemo(
    () => result.error && staffApiError(intl, result.error),
    [intl, result.error],
  );
  return { ...result, error };
}

/**
 * Makes a staff call (an action); a 401 brings the code screen back. What fails is thrown on
 * as an ApiError in the console's language (staff-errors.ts).
 */
export function useStaffCall() {
  const { lost } = useStaffSession();
  const intl = useIntl();
  return useCallback(
    async <K extends EndpointKey>(key: K, ...args: CallArgs<K>): Promise<AnswerOf<K>> => {
      try {
        return await callApi(key, ...args);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) lost();
        throw staffApiError(
          intl,
          error instanceof ApiError ? error : new ApiError('An error occurred', 0),
        );
      }
    },
    [lost, intl],
  );
}

/** What a failed form call shows: the message, and each field's own. */
export interface FormFailure {
  text: string;
  fields: Record<string, string>;
}

export const failureOf = (caught: unknown): FormFailure => ({
  text: errorOf(caught),
  fields: caught instanceof ApiError ? caught.fields : {},
});

/** The error a form shows next to `field`: the server's for that field, else its message. */
export function errorOf(error: unknown, field?: string): string {
  if (!(error instanceof ApiError)) return 'An error occurred';
  return (field && error.fields[field]) || error.message;
}
