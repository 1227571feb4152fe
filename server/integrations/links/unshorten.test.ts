import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Resolver } from '../../lib/public-address.ts';
import { createUnshortener, type Hop, UNSHORTEN_MAX_HOPS } from './unshorten.ts';

/**
 * POST unshorten's SSRF rules, checked as functions with a resolver and hops we
 * control (no connection to any real address), and once for real on loopback where private
 * targets are allowed.
 */
const PUBLIC = '93.184.216.34';
const DNS: Record<string, string> = {
  'sho.rt': PUBLIC,
  'landing.example': PUBLIC,
  'loopback.example': '127.0.0.1',
  'intranet.example': '192.168.1.10',
  'metadata.example': '169.254.169.254',
};
const resolve: Resolver = async (host) => {
  const address = Object.hasOwn(DNS, host) ? DNS[host] : undefined;
  if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

/** Hops that answer from a table: URL → redirect target (or 200). */
function hops(redirects: Record<string, string>) {
  const asked: string[] = [];
  const hop: Hop = async (url) => {
    asked.push(url.href);
    const to = Object.hasOwn(redirects, url.href) ? redirects[url.href] : undefined;
    return to ? { status: 301, location: to } : { status: 200, location: null };
  };
  return { hop, asked };
}

describe('unshorten', () => {
  it('follows redirects to the final URL', async () => {
    const { hop, asked } = hops({
      'https://sho.rt/abc': 'http://sho.rt/step',
      'http://sho.rt/step': '/landing?x=1',
      'http://sho.rt/landing?x=1': 'https://landing.example/page',
    });
    const unshorten = createUnshortener({ resolve, hop });
    expect(await unshorten('https://sho.rt/abc')).toBe('https://landing.example/page');
    expect(asked).toHaveLength(4);
  });

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.1/admin',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://localhost:3000/',
    'http://loopback.example/',
    'http://intranet.example/',
    'http://metadata.example/',
  ])('refuses %s without connecting', async (link) => {
    const { hop, asked } = hops({});
    await expect(createUnshortener({ resolve, hop })(link)).rejects.toMatchObject({
      reason: 'private',
    });
    expect(asked).toEqual([]);
  });

  it.each([
    'http://10.0.0.5/',
    'http://loopback.example:8080/',
    'http://[fe80::1]/',
    'http://0x7f000001/',
  ])('refuses a redirect to %s after the first hop', async (target) => {
    const { hop, asked } = hops({ 'https://sho.rt/x': target });
    await expect(createUnshortener({ resolve, hop })('https://sho.rt/x')).rejects.toMatchObject({
      reason: 'private',
    });
    expect(asked).toEqual(['https://sho.rt/x']);
  });

  it('refuses other schemes, also behind a redirect', async () => {
    const { hop } = hops({ 'https://sho.rt/f': 'file:///etc/passwd' });
    const unshorten = createUnshortener({ resolve, hop });
    await expect(unshorten('ftp://sho.rt/')).rejects.toMatchObject({ reason: 'url' });
    await expect(unshorten('https://sho.rt/f')).rejects.toMatchObject({ reason: 'url' });
    await expect(unshorten('not a link')).rejects.toMatchObject({ reason: 'url' });
  });

  it(`stops after ${UNSHORTEN_MAX_HOPS} redirects and after the time limit`, async () => {
    const loop: Record<string, string> = {};
    for (let i = 0; i < 10; i++) loop[`https://sho.rt/${i}`] = `https://sho.rt/${i + 1}`;
    const { hop, asked } = hops(loop);
    await expect(createUnshortener({ resolve, hop })('https://sho.rt/0')).rejects.toMatchObject({
      reason: 'hops',
    });
    expect(asked).toHaveLength(UNSHORTEN_MAX_HOPS + 1);
    const stuck: Hop = (_url, signal) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    await expect(
      createUnshortener({ resolve, hop: stuck, timeoutMs: 100 })('https://sho.rt/slow'),
    ).rejects.toMatchObject({ reason: 'timeout' });
    const silentDns: Resolver = () => new Promise(() => {});
    await expect(
      createUnshortener({ resolve: silentDns, hop, timeoutMs: 100 })('https://sho.rt/dns'),
    ).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('follows real redirects over HTTP (loopback allowed here only)', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/s') res.writeHead(302, { Location: '/t' }).end();
      else if (req.url === '/t') res.writeHead(301, { Location: `/final?from=t` }).end();
      else res.writeHead(200, { 'Content-Type': 'text/plain' }).end('here');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await createUnshortener({ allowPrivate: true })(`${base}/s`)).toBe(
        `${base}/final?from=t`,
      );
      // the same server is refused when private targets are not allowed
      await expect(createUnshortener()(`${base}/s`)).rejects.toMatchObject({ reason: 'private' });
    } finally {
      server.close();
    }
  });
});
