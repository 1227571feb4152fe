import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGunzip } from 'node:zlib';
import { Suspense, use } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { createTestApp, UA } from '../support/app.ts';

/**
 * The slow data is released by the test, not by a clock: for people it comes when the first
 * chunk has arrived (so a server that waits for the data never sends one, and the guard below
 * fails the test), for crawlers after CRAWLER_RELEASE_MS. No timing on a busy CI machine can
 * make these tests flaky.
 */
const GUARD_MS = 5_000;
const CRAWLER_RELEASE_MS = 200;
let slowData: Promise<string>;

function Slow() {
  return <p id="slow">{use(slowData)}</p>;
}

/** A page whose body waits on slow data behind a Suspense boundary. */
const routes: RouteObject[] = [
  {
    id: 'root',
    Component: () => <Outlet />,
    children: [
      {
        id: 'en:slow',
        path: '/en/slow/',
        handle: { pageId: 'not-found', locale: 'en' },
        Component: () => (
          <main>
            <h1>Shell first</h1>
            <Suspense fallback={<p id="fallback">Loading</p>}>
              <Slow />
            </Suspense>
          </main>
        ),
      },
    ],
  },
];

async function fetchFirstChunk(
  userAgent: string,
  { gzip = false, releaseAfterMs = GUARD_MS } = {},
) {
  const server = http.createServer(await createTestApp({ COMPRESSION: String(gzip) }, { routes }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // a first render warms the app (modules, messages, formatters): what is timed below is the
  // streaming, not a cold start on a busy machine
  slowData = Promise.resolve('warm');
  await new Promise<void>((resolve, reject) =>
    http
      // another address: the page cache must not answer the timed request with this one
      .get({ port, path: '/en/slow/?warm=1', headers: { 'User-Agent': userAgent } }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject),
  );
  try {
    return await new Promise<{
      releasedBeforeFirstChunk: boolean;
      firstChunk: string;
      body: string;
    }>((resolve, reject) => {
      let released = false;
      let release = () => {};
      // the slow data starts with the request, not with the app (which seeds its database)
      slowData = new Promise((resolveData) => {
        release = () => {
          released = true;
          resolveData('Slow part arrived');
        };
      });
      const guard = setTimeout(release, releaseAfterMs);
      const headers = { 'User-Agent': userAgent, 'Accept-Encoding': gzip ? 'gzip' : 'identity' };
      http
        .get({ port, path: '/en/slow/', headers }, (res) => {
          if (gzip) expect(res.headers['content-encoding']).toBe('gzip');
          // a gzip stream is read through an inflater that hands out each flushed block
          const stream = gzip ? res.pipe(createGunzip()) : res;
          let body = '';
          let releasedBeforeFirstChunk: boolean | undefined;
          let firstChunk = '';
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => {
            if (releasedBeforeFirstChunk === undefined) {
              releasedBeforeFirstChunk = released;
              firstChunk = chunk;
              clearTimeout(guard);
              release();
            }
            body += chunk;
          });
          stream.on('end', () =>
            resolve({
              releasedBeforeFirstChunk: releasedBeforeFirstChunk ?? true,
              firstChunk,
              body,
            }),
          );
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('streaming render', () => {
  it('sends people the shell before slow data is ready', async () => {
    const { releasedBeforeFirstChunk, firstChunk, body } = await fetchFirstChunk(UA.desktop);
    expect(releasedBeforeFirstChunk).toBe(false);
    expect(firstChunk).toContain('Shell first');
    expect(firstChunk).toContain('id="fallback"');
    expect(firstChunk).not.toContain('Slow part arrived');
    expect(body).toContain('Slow part arrived');
  });

  it('keeps streaming through gzip: compression flushes every chunk React writes', async () => {
    const { releasedBeforeFirstChunk, firstChunk, body } = await fetchFirstChunk(UA.desktop, {
      gzip: true,
    });
    expect(releasedBeforeFirstChunk).toBe(false);
    expect(firstChunk).toContain('Shell first');
    expect(body).toContain('Slow part arrived');
  });

  it('sends crawlers the whole page at once, with no fallback in it', async () => {
    const { releasedBeforeFirstChunk, firstChunk } = await fetchFirstChunk(UA.googlebot, {
      releaseAfterMs: CRAWLER_RELEASE_MS,
    });
    expect(releasedBeforeFirstChunk).toBe(true);
    expect(firstChunk).toContain('Slow part arrived');
    expect(firstChunk).not.toContain('id="fallback"');
  });
});
