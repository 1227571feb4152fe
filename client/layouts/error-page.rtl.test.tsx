/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { data } from 'react-router';
import { appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { ChunkLoadError } from '../lib/chunk-reload.ts';
import { ErrorPage } from './error-page.tsx';

/** docs/product.md §12: a part of the app that cannot be loaded raises a 500 with its own message. */
describe('the error page', () => {
  let quiet: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => quiet.mockRestore());

  it('says a screen or layout could not be loaded, and offers to reload', async () => {
    renderPage(<p>never</p>, {
      store: appStore({}),
      loader: () => {
        throw new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module'));
      },
      errorElement: <ErrorPage />,
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Error 500');
    expect(
      screen.getByText(
        'Part of this page could not be loaded. Check your connection and reload the page.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it('keeps the generic words for an unexpected failure', async () => {
    renderPage(<p>never</p>, {
      store: appStore({}),
      loader: () => {
        throw new Error('SELECT failed at db.internal:5432');
      },
      errorElement: <ErrorPage />,
    });
    expect(await screen.findByText('An error occurred')).toBeTruthy();
    expect(screen.queryByText(/db\.internal/)).toBeNull();
  });

  it('tells the server’s log of an exception it shows, not of a page that is not there', async () => {
    const api = fakeApi({ 'POST logger': () => null });
    renderPage(<p>never</p>, {
      store: appStore({}),
      path: '/en/cp/orders/',
      loader: () => {
        throw data(null, { status: 404, statusText: 'Not Found' });
      },
      errorElement: <ErrorPage />,
    });
    expect(await screen.findByText('404')).toBeTruthy();
    const failure = new Error('orders.map is not a function');
    renderPage(<p>never</p>, {
      store: appStore({}),
      path: '/en/cp/orders/',
      loader: () => {
        throw failure;
      },
      errorElement: <ErrorPage />,
    });
    await waitFor(() => expect(api.callsOf('POST logger')).toHaveLength(1));
    expect(api.callsOf('POST logger')[0]!.body).toEqual({
      level: 'error',
      message: 'orders.map is not a function',
      stack: failure.stack,
      url: '/',
      source: 'error-page',
    });
    api.restore();
  });
});
