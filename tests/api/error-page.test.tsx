import { data, type RouteObject } from 'react-router';
import request from 'supertest';
import { LayoutErrorBoundary } from '#client/layouts/error-boundary.tsx';
import { RootShell } from '#client/layouts/root-shell.tsx';
import { createTestApp, UA } from '../support/app.ts';

/** Pages whose loaders fail the ways docs/product.md §12 describes. */
const failing = (id: string, path: string, fail: () => never): RouteObject => ({
  id: `en:${id}`,
  path,
  handle: { pageId: 'not-found', locale: 'en' },
  loader: fail,
  Component: () => null,
});

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    children: [
      {
        id: 'layout:default',
        ErrorBoundary: LayoutErrorBoundary,
        children: [
          failing('unavailable', '/en/unavailable/', () => {
            throw data('The service is temporary unavailable', { status: 503 });
          }),
          failing('currency', '/en/currency/', () => {
            throw data({ message: 'Unknown currency XYZ' }, { status: 400 });
          }),
          failing('crash', '/en/crash/', () => {
            throw new Error('SELECT * FROM secrets failed');
          }),
        ],
      },
    ],
  },
];

const app = await createTestApp({}, { routes });
const get = (path: string) => request(app).get(path).set('User-Agent', UA.desktop);

describe('error page (docs/product.md §2, §12)', () => {
  it("shows 'Error {statusCode}', the message and a 'Go back' link", async () => {
    const res = await get('/en/unavailable/');
    expect(res.status).toBe(503);
    expect(res.text).toContain('<h1>Error 503</h1>');
    expect(res.text).toContain('The service is temporary unavailable');
    expect(res.text).toContain('Go back');
  });

  it('hides the Go back link when the message is about the currency', async () => {
    const res = await get('/en/currency/');
    expect(res.status).toBe(400);
    expect(res.text).toContain('Unknown currency XYZ');
    expect(res.text).not.toContain('Go back');
  });

  it('shows a generic message for an unexpected error and never its internals', async () => {
    const res = await get('/en/crash/');
    expect(res.status).toBe(500);
    expect(res.text).toContain('<h1>Error 500</h1>');
    expect(res.text).toContain('An error occurred');
    expect(res.text).not.toContain('SELECT');
  });
});
