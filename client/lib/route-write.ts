import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { type ActionFunctionArgs, data, redirect, useFetcher } from 'react-router';
import type { AnswerOf, EndpointKey } from '#shared/api-contract/index.ts';
import { localeOfPath } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import { focusFirstInvalid } from '../components/form/focus-first-invalid.ts';
import { ApiError } from './api.ts';
import type { CallArgs } from './endpoints.ts';
import { apiOf } from './route-api.ts';

/** The contract's calls that write: what a page's action may make. */
export type WriteKey = Exclude<EndpointKey, `GET ${string}`>;

/** What failed, as plain data: a loader's or action's answer is serialised (hydration, fetchers). */
export interface Failure {
  message: string;
  statusCode: number;
  fields: Record<string, string>;
}

export const failureOf = (error: unknown): Failure =>
  error instanceof ApiError
    ? { message: error.message, statusCode: error.statusCode, fields: error.fields }
    : { message: 'An error occurred', statusCode: 0, fields: {} };

/** The login page, and back to the page asked (a session that ended in the browser). */
export function loginAndBack(request: Request) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(
    `${pagePath('login', localeOfPath(url.pathname))}?redirect=${encodeURIComponent(back)}`,
  );
}

/** What a page's action answers: the write's answer, or why it was refused. */
export type Written<T> = { ok: true; data: T } | { ok: false; error: Failure };

/**
 * A write of a page's action: a refusal is answered with its status, so the router does not
 * read the page again for nothing; after a success it revalidates the page's loaders itself.
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

/** What a fetcher sends to its page's action: the call's contract key, params and body. */
interface WriteCall {
  call: WriteKey;
  params?: Record<string, string>;
  body?: unknown;
}

/**
 * A page's action making the writes its screen submits (`useWrite`), each one of `keys` (any
 * other is refused: the action is no open door to the API), through `apiOf(context)`. For a
 * page behind the login (`signedIn`), a 401 leads to the login page and back, as its loader's.
 */
export function writeAction(keys: readonly WriteKey[], { signedIn = false } = {}) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { call, params, body } = (await request.json()) as WriteCall;
    if (!keys.includes(call)) throw data(null, { status: 400, statusText: 'Bad Request' });
    const api = apiOf(context) as (key: WriteKey, options: object) => Promise<unknown>;
    const answer = await written(api(call, { params, body }));
    if (signedIn && 'init' in answer && answer.init?.status === 401) throw loginAndBack(request);
    return answer;
  };
}

/** What a screen does once one of its writes is done (each runs once per write). */
export interface WriteDone<K extends WriteKey> {
  done?: (answer: AnswerOf<K>) => void;
  /**
   * Shows the refusal; a form it answers has its first field at fault focused once the
   * errors set here have rendered (focus-first-invalid.ts)
   */
  failed?: ((error: ApiError) => void) | ((error: ApiError) => ParentNode | null);
}

/**
 * One kind of a screen's writes, through a fetcher of its page's action (`writeAction`):
 * `submit` sends it, `pending` while it runs, `error` its refusal once done; `on` what the
 * screen does then (a notice, the field at fault focused, the session's user updated).
 */
export function useWrite<K extends WriteKey>(key: K, on: WriteDone<K> = {}) {
  const fetcher = useFetcher<Written<AnswerOf<K>>>();
  const pending = fetcher.state !== 'idle';
  const result = pending ? undefined : fetcher.data;
  const error = useMemo(() => refusalOf(result), [result]);
  const { submit: send } = fetcher;
  const submit = useCallback(
    (...[options]: CallArgs<K>) => send({ call: key, ...options } as never, JSON_POST),
    [send, key],
  );
  // the form whose first field at fault takes the focus, once its errors have rendered
  const [refused, setRefused] = useState<{ form: ParentNode } | null>(null);
  useEffect(() => {
    if (refused) focusFirstInvalid(refused.form);
  }, [refused]);
  // the screen's latest handlers, called from the effect without running it again
  const finished = useEffectEvent((answer: Written<AnswerOf<K>>) => {
    if (answer.ok) return on.done?.(answer.data);
    const form = on.failed?.(refusalOf(answer)!) as ParentNode | null | undefined;
    if (form) setRefused({ form });
  });
  // once per write: each result is a new object
  useEffect(() => {
    if (result) finished(result);
  }, [result]);
  return { submit, pending, error, answer: result?.ok ? result.data : null };
}
