import type { Request, Response, Router } from 'express';
import type { Part } from '#shared/api-contract/endpoint.ts';
import {
  type AnswerOf,
  API,
  type EndpointKey,
  type ParamsOf,
  type QueryOf,
} from '#shared/api-contract/index.ts';
import { validate } from '../lib/validate.ts';
import { contextOf, type RequestContext } from './request-context.ts';
import { visitorOf } from './visitor-hash.ts';

/** The contract's reads (GET): what a page's loader may ask, over HTTP or in process. */
export type ReadKey = Extract<EndpointKey, `GET ${string}`>;

/**
 * Who asks a read: the request's context, the visitor's hash (a view counts once each), and
 * the request itself for what only it carries (the staff console's cookie). In process that is
 * the page's request: a read's handler takes its params and query from its input, never from
 * `req`, and writes nothing to `res`.
 */
export interface ReadCall {
  context: RequestContext;
  visitor: string;
  req: Request;
  res: Response;
}

type ParamsIn<K extends ReadKey> = [ParamsOf<K>] extends [never]
  ? Record<string, never>
  : ParamsOf<K>;

/** What a read's handler is given: the path's params and the query, schema-checked if it has one. */
export interface ReadInput<K extends ReadKey> {
  params: ParamsIn<K>;
  query: [QueryOf<K>] extends [never] ? Record<string, never> : QueryOf<K>;
}

/**
 * A read's one handler: the API route serves it over HTTP and the server's page render calls
 * it in process (server/ssr/in-process-api.ts), so a page's loader reads the same answer on
 * both sides. It throws an AppError for a 4xx, as any route does.
 */
export type ReadHandler<K extends ReadKey> = (
  input: ReadInput<K>,
  call: ReadCall,
) => Promise<AnswerOf<K>> | AnswerOf<K>;

export type ReadHandlers = { [K in ReadKey]?: ReadHandler<K> };

/** The input of a read: the query checked by its schema in the contract, when it has one. */
export function readInput<K extends ReadKey>(
  key: K,
  params: Record<string, string>,
  query: unknown,
): ReadInput<K> {
  const schema = (API[key] as { query?: Part<object> }).query?.schema;
  const checked = schema ? validate<ReadInput<K>['query']>(schema, query) : query;
  return { params, query: checked } as ReadInput<K>;
}

/** The call of an HTTP request. */
export const readCallOf = (req: Request, res: Response): ReadCall => ({
  context: contextOf(res),
  visitor: visitorOf(req),
  req,
  res,
});

/**
 * Puts each read on `router` as its GET route (`GET c_orders/:id` → `/c_orders/:id`),
 * answering the success envelope of docs/api.md; a failure goes to the error handler.
 */
export function mountReads(router: Router, handlers: ReadHandlers): void {
  for (const [key, handler] of Object.entries(handlers) as [ReadKey, ReadHandler<ReadKey>][]) {
    router.get(`/${key.slice('GET '.length)}`, async (req, res) => {
      const input = readInput(key, req.params as Record<string, string>, req.query);
      const data = await handler(input, readCallOf(req, res));
      res.json({ status: 'success', data });
    });
  }
}
