import type {
  AnswerOf,
  BodyOf,
  EndpointKey,
  ParamsOf,
  QueryOf,
} from '#shared/api-contract/index.ts';
import { api } from './api.ts';

/**
 * The API's calls as the contract (shared/api-contract/) names them: `callApi('GET
 * c_orders/:id', { params: { id } })` asks `GET /api/c_orders/<id>` and answers the contract's
 * type for it. What a call takes is what its entry says: `params` for a path with `:name`s,
 * `query` and `body` of their types (each required when it has a required field), and an
 * optional `signal`. `api()` (api.ts) stays the transport; a saga calls through
 * `callEffect` (api-effects.ts).
 */

/** An option of a call: absent (never), optional when all its fields are, else required. */
type Slot<Name extends string, T> = [T] extends [never]
  ? { [P in Name]?: never }
  : Partial<T> extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

export type CallOptions<K extends EndpointKey> = Slot<'params', ParamsOf<K>> &
  Slot<'query', QueryOf<K>> &
  Slot<'body', BodyOf<K>> & { signal?: AbortSignal };

/** The options argument: optional when nothing in it is required. */
export type CallArgs<K extends EndpointKey> =
  Partial<CallOptions<K>> extends CallOptions<K>
    ? [options?: CallOptions<K>]
    : [options: CallOptions<K>];

/** Only the calls that read (GET): what a page may ask again on its own. */
export type ReadKey = Extract<EndpointKey, `GET ${string}`>;

interface Options {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The path under /api/ of a call: params put in (URI-encoded), then the query's defined
 * fields in the order given (`URLSearchParams`), if any.
 */
export function pathOf<K extends EndpointKey>(key: K, ...[options]: CallArgs<K>): string {
  const { params = {}, query = {} } = (options ?? {}) as Options;
  const path = key
    .split(' ')[1]!
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
  const search = `${new URLSearchParams(
    Object.entries(query).filter((field): field is [string, string] => field[1] !== undefined),
  )}`;
  return search ? `${path}?${search}` : path;
}

/** Makes the call; its answer is the contract's, a failure an ApiError (api.ts). */
export function callApi<K extends EndpointKey>(key: K, ...args: CallArgs<K>): Promise<AnswerOf<K>> {
  const { body, signal } = (args[0] ?? {}) as Options;
  return api(pathOf(key, ...args), { method: key.split(' ')[0]!, body, signal }) as Promise<
    AnswerOf<K>
  >;
}
