import { ACCOUNT_API } from './account.ts';
import { CABINET_API } from './cabinet.ts';
import { CATALOG_API } from './catalog.ts';
import { CONTENT_API } from './content.ts';
import type { Endpoints, ParamNames, PathOf, TypeOf } from './endpoint.ts';
import { ORDERS_API } from './orders.ts';
import { STAFF_API } from './staff.ts';
import { STAFF_CATALOGUE_API } from './staff-catalogue.ts';
import { STAFF_CONTENT_API } from './staff-content.ts';
import { STAFF_MONEY_API } from './staff-money.ts';

/**
 * The API contract: every call the client makes (docs/api.md), keyed `'<METHOD> <path>'`
 * with the types of its params, query, body and answer, and the schema the server checks
 * the query or body with where one exists (shared/schemas/). The client's fetchers
 * (client/lib/endpoints.ts) take their types from it (types only: no schema reaches the
 * browser); the routes pass its schemas to `validate(...)`; tests/api/api-contract.test.ts
 * checks that the server answers every key and lists it in GET endpoints.
 */
export const API = {
  ...CATALOG_API,
  ...ORDERS_API,
  ...ACCOUNT_API,
  ...CABINET_API,
  ...CONTENT_API,
  ...STAFF_API,
  ...STAFF_MONEY_API,
  ...STAFF_CONTENT_API,
  ...STAFF_CATALOGUE_API,
} satisfies Endpoints;

export type Api = typeof API;
export type EndpointKey = keyof Api;

/** The `data` of a call's success envelope. */
export type AnswerOf<K extends EndpointKey> = TypeOf<Api[K]['answer']>;

/** A call's query (never: it takes none). */
export type QueryOf<K extends EndpointKey> = Api[K] extends { query: infer P } ? TypeOf<P> : never;

/** A call's JSON body (never: it sends none). */
export type BodyOf<K extends EndpointKey> = Api[K] extends { body: infer P } ? TypeOf<P> : never;

/** A call's path params, `{ id }` for `c_orders/:id` (never: its path has none). */
export type ParamsOf<K extends EndpointKey> = [ParamNames<PathOf<K>>] extends [never]
  ? never
  : Record<ParamNames<PathOf<K>>, string>;

export type { Method } from './endpoint.ts';
