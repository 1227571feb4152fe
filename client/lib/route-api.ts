import { createContext, type RouterContextProvider } from 'react-router';
import type { AnswerOf, EndpointKey } from '#shared/api-contract/index.ts';
import { type CallArgs, callApi } from './endpoints.ts';

/**
 * How a route's loader or action calls the API: `apiOf(context)('GET c_orders/:id', {params})`,
 * typed by the contract (shared/api-contract/). The transport is the router's context: in the
 * browser `fetch` (client/lib/endpoints.ts), on the server an in-process client that runs the
 * same handlers without an HTTP hop (server/ssr/in-process-api.ts). A loader is so written
 * once and runs on both sides; its failures are ApiErrors on both (client/lib/api.ts).
 */
export type ApiClient = <K extends EndpointKey>(
  key: K,
  ...args: CallArgs<K>
) => Promise<AnswerOf<K>>;

/** The router context's slot for the API client (react-router's `createContext`). */
export const apiClientContext = createContext<ApiClient>(callApi);

/** The API client of a loader's or action's `context`. */
export const apiOf = (context: Readonly<RouterContextProvider>): ApiClient =>
  context.get(apiClientContext);
