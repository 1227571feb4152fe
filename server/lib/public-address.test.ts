import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender } from '../integrations/webhooks/webhook-sender.ts';
import { checkTargetUrl, guardedLookup, isPublicAddress, type Resolver } from './public-address.ts';

/** Addresses a user-given URL may reach, checked as functions and through a resolver we control. */
describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    ['ftp://hooks.example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:pw@hooks.example.com/', 'credentials'],
    ['http://127.0.0.1:8080/hook', 'private'],
    ['http://[::1]/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'private'],
    ['http://10.0.0.7/', 'private'],
    ['http://localhost:3000/', 'private'],
    ['http://api.localhost/', 'private'],
    ['http://2130706433/', 'private'],
    ['http://0x7f.1/', 'private'],
    ['not a url', 'url'],
  ])('refuses the URL %s (%s)', (raw, reason) => {
    expect(checkTargetUrl(raw, { allowPrivate: false })).toEqual({ refused: reason });
  });

  it('accepts a public URL, and private ones only when allowed', () => {
    expect(checkTargetUrl('https://hooks.example.com/x?y=1', { allowPrivate: false })).toEqual({
      url: new URL('https://hooks.example.com/x?y=1'),
    });
    expect('url' in checkTargetUrl('http://127.0.0.1:9/', { allowPrivate: true })).toBe(true);
    expect(
      checkTargetUrl(`https://hooks.example.com/${'a'.repeat(2001)}`, { allowPrivate: false }),
    ).toEqual({ refused: 'url' });
    // the scheme rule holds even then
    expect(checkTargetUrl('file:///etc/passwd', { allowPrivate: true })).toEqual({
      refused: 'scheme',
    });
  });

  const lookupWith = (addresses: string[], allowPrivate = false) =>
    new Promise<{ error: NodeJS.ErrnoException | null; all?: unknown }>((done) => {
      const resolve: Resolver = async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      guardedLookup(resolve, { allowPrivate })(
        'hooks.example.com',
        { all: true },
        (error: NodeJS.ErrnoException | null, all: unknown) => done({ error, all }),
      );
    });

  it('refuses a name that resolves to any private address', async () => {
    for (const answer of [
      ['127.0.0.1'],
      ['10.0.0.5'],
      ['169.254.169.254'],
      ['::1'],
      ['93.184.216.34', '192.168.0.10'],
    ]) {
      const { error } = await lookupWith(answer);
      expect(error?.code).toBe('EPRIVATEADDRESS');
    }
    const allowed = await lookupWith(['93.184.216.34']);
    expect(allowed.error).toBeNull();
    expect(allowed.all).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect((await lookupWith(['127.0.0.1'], true)).error).toBeNull();
  });

  it('never connects to a name that resolves to a loopback receiver', async () => {
    let hits = 0;
    const receiver = http.createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const { port } = receiver.address() as AddressInfo;
    const send = createWebhookSender({
      allowPrivate: false,
      timeoutMs: 2000,
      userAgent: 'test',
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    try {
      const byName = await send(`http://hooks.example.com:${port}/`, '{}', {});
      expect(byName).toEqual({ error: expect.stringContaining('not a public address') });
      const literal = await send(`http://127.0.0.1:${port}/`, '{}', {});
      expect(literal).toEqual({ error: 'refused: private target' });
      expect(hits).toBe(0);
      // the same receiver is reached when private targets are allowed (tests, development)
      const allowed = createWebhookSender({
        allowPrivate: true,
        timeoutMs: 2000,
        userAgent: 'test',
      });
      expect(await allowed(`http://127.0.0.1:${port}/`, '{}', {})).toEqual({ status: 200 });
      expect(hits).toBe(1);
    } finally {
      receiver.close();
    }
  });
});
