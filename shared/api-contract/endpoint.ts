import type { JsonSchema, SchemaType } from '../schemas/schema-type.ts';

/**
 * The building blocks of the API contract (index.ts): an endpoint is keyed
 * `'<METHOD> <path under /api/>'` (`'GET c_orders/:id'`, params as `:name`), and names the
 * types of its query, body and answer (the `data` of the envelope, docs/api.md). A query or
 * body the server checks with an Ajv schema of shared/schemas/ carries that schema: the route
 * passes it to `validate(...)`, so a schema is named once, here, and its type is the schema's
 * own (inferred from it: shared/schemas/schema-type.ts), so the two cannot drift apart.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Only for the compiler: a part's type rides on this key, which no value ever sets. */
declare const TYPE: unique symbol;

/** A query, body or answer: its type, and the schema the server checks it with (if one). */
export interface Part<T, S extends object | undefined = object | undefined> {
  readonly schema: S;
  readonly [TYPE]?: T;
}

/**
 * A part the server checks with `schema` (shared/schemas/) before the route reads it; its
 * type is what the schema accepts (a query's fields are text, as queries arrive). `NoInfer`:
 * the schema alone decides the type; inferring it back from the contract's `Part<unknown>`
 * through the inference's conditional types is needless and would take minutes.
 */
export const checked = <S extends JsonSchema>(schema: S): Part<NoInfer<SchemaType<S>>, object> => ({
  schema,
});

/** A part known by its type alone (an answer; an input the route checks in code). */
export const typed = <T>(): Part<T, undefined> => ({ schema: undefined });

export interface Endpoint {
  readonly query?: Part<object>;
  readonly body?: Part<unknown>;
  readonly answer: Part<unknown>;
}

/** An area's endpoints, keyed `'<METHOD> <path>'`. */
export type Endpoints = Record<`${Method} ${string}`, Endpoint>;

/** The type a part stands for. */
export type TypeOf<P> = P extends Part<infer T, infer _S> ? T : never;

/** `'GET c_orders/:id/refill'` → `'c_orders/:id/refill'`. */
export type PathOf<K> = K extends `${Method} ${infer Path}` ? Path : never;

/** The `:name`s of a path: `'legal/:doc/:region'` → `'doc' | 'region'`. */
export type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** Splits a key into its method and path template. */
export function methodAndPath(key: string): { method: Method; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}
