import type { Request, Response } from 'express';
import type { RouterContextProvider } from 'react-router';
import { ApiError } from '#client/lib/api.ts';
import { apiOf } from '#client/lib/route-api.ts';
import { visitorOf } from '#client/lib/route-visitor.ts';
import type { ReadHandlers } from '../http/reads.ts';
import { AppError } from '../lib/app-error.ts';
import { inProcessApi, pageRouterContext } from './in-process-api.ts';

const visitor = { locale: 'de', currency: 'EUR' };
const req = { ip: '127.0.0.1', get: () => 'jest' } as unknown as Request;
const res = { locals: { context: { visitor, user: null } } } as unknown as Response;

describe('the loaders’ API client on the server', () => {
  const seen: unknown[] = [];
  const reads: ReadHandlers = {
    'GET c_orders/:id': ({ params }, call) => {
      seen.push({ params, locale: call.context.visitor.locale, visitor: call.visitor });
      if (params.id === 'gone') throw new AppError('Order not found', 404);
      return { id: params.id } as never;
    },
    // a read whose contract has a schema gets its query checked, as over HTTP
    'GET articles': ({ query }) => ({ items: [], meta: query }) as never,
  };

  it('runs the read’s own handler for the page’s request, with its params', async () => {
    const api = inProcessApi(reads, req, res);
    await expect(api('GET c_orders/:id', { params: { id: 'A1b2' } })).resolves.toEqual({
      id: 'A1b2',
    });
    expect(seen.at(-1)).toMatchObject({ params: { id: 'A1b2' }, locale: 'de' });
    expect((seen.at(-1) as { visitor: string }).visitor).toMatch(/^[\w-]{22}$/);
  });

  it('throws what the browser’s fetch would: an ApiError with the status', async () => {
    const api = inProcessApi(reads, req, res);
    const failure = await api('GET c_orders/:id', { params: { id: 'gone' } }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ statusCode: 404, message: 'Order not found' });
  });

  it('checks a query by its contract schema and leaves out fields not given', async () => {
    const api = inProcessApi(reads, req, res);
    await expect(
      api('GET articles', { query: { lang: 'de', sort: 'date', tag: undefined } }),
    ).resolves.toEqual({ items: [], meta: { lang: 'de', sort: 'date' } });
    // what a caller the compiler does not see might send
    const nonsense = { sort: 'nonsense' } as unknown as { sort: 'date' };
    const refused = await api('GET articles', { query: nonsense }).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a call no module serves in process, loudly', async () => {
    const api = inProcessApi(reads, req, res);
    await expect(api('GET user/refs', { query: {} })).rejects.toThrow(/no in-process handler/);
  });

  it('gives the router context the client and the request’s visitor', async () => {
    const context: RouterContextProvider = pageRouterContext(reads)(req, res);
    expect(visitorOf(context)).toBe(visitor);
    await expect(apiOf(context)('GET c_orders/:id', { params: { id: 'X' } })).resolves.toEqual({
      id: 'X',
    });
  });
});
