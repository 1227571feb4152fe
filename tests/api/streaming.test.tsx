import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Suspense, use } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { createTestApp, UA } from '../support/app.ts';

const DELAY_MS = 400;
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

async function fetchTimed(userAgent: string) {
  slowData = new Promise((resolve) => setTimeout(() => resolve('Slow part arrived'), DELAY_MS));
  const server = http.createServer(createTestApp({ COMPRESSION: 'false' }, { routes }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ firstChunkMs: number; firstChunk: string; body: string }>(
      (resolve, reject) => {
        const started = performance.now();
        http
          .get({ port, path: '/en/slow/', headers: { 'User-Agent': userAgent } }, (res) => {
            let body = '';
            let firstChunkMs = -1;
            let firstChunk = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (firstChunkMs < 0) {
                firstChunkMs = performance.now() - started;
                firstChunk = chunk;
              }
              body += chunk;
            });
            res.on('end', () => resolve({ firstChunkMs, firstChunk, body }));
          })
          .on('error', reject);
      },
    );
  } finally {
    server.close();
  }
}

describe('streaming render', () => {
  it('sends people the shell before slow data is ready', async () => {
    const { firstChunkMs, firstChunk, body } = await fetchTimed(UA.desktop);
    expect(firstChunkMs).toBeLessThan(DELAY_MS);
    expect(firstChunk).toContain('Shell first');
    expect(firstChunk).toContain('id="fallback"');
    expect(firstChunk).not.toContain('Slow part arrived');
    expect(body).toContain('Slow part arrived');
  });

  it('sends crawlers the whole page at once, with no fallback in it', async () => {
    const { firstChunkMs, firstChunk } = await fetchTimed(UA.googlebot);
    expect(firstChunkMs).toBeGreaterThanOrEqual(DELAY_MS - 50);
    expect(firstChunk).toContain('Slow part arrived');
    expect(firstChunk).not.toContain('id="fallback"');
  });
});
