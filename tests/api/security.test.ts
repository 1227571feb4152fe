import request from 'supertest';
import { createTestApp, UA } from '../support/app.ts';

const app = await createTestApp();

function nonceOf(csp: string): string {
  const match = /'nonce-([^']+)'/.exec(csp);
  if (!match?.[1]) throw new Error(`no nonce in ${csp}`);
  return match[1];
}

describe('content security policy', () => {
  it('carries a fresh nonce that every script of the page has', async () => {
    const first = await request(app).get('/en/').set('User-Agent', UA.desktop);
    const second = await request(app).get('/en/').set('User-Agent', UA.desktop);
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = nonceOf(csp);
    expect(nonce).not.toBe(nonceOf(String(second.headers['content-security-policy'])));

    // structured data (application/ld+json) is never run: only scripts need the nonce
    const scripts = [...first.text.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(csp).not.toContain("'unsafe-inline' 'nonce");
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  });

  it('can run in report-only mode', async () => {
    const reportOnly = await createTestApp({
      CSP_REPORT_ONLY: 'true',
      CSP_REPORT_URI: '/api/csp-report',
    });
    const res = await request(reportOnly).get('/en/').set('User-Agent', UA.desktop);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(String(res.headers['content-security-policy-report-only'])).toContain(
      'report-uri /api/csp-report',
    );
  });
});

describe('serialised page state', () => {
  it('cannot break out of its script tag, whatever the visitor sends', async () => {
    // a page whose loader hands the query back: the kind of data future loaders serialise
    const echo = await createTestApp(
      {},
      {
        routes: [
          {
            id: 'root',
            Component: () => null,
            children: [
              {
                id: 'en:echo',
                path: '/en/echo/',
                handle: { pageId: 'not-found', locale: 'en' },
                loader: ({ request }) => ({ q: new URL(request.url).searchParams.get('q') }),
              },
            ],
          },
        ],
      },
    );
    const hostile = '</script><script>alert(1)</script><!--\u2028';
    const res = await request(echo)
      .get('/en/echo/')
      .query({ q: hostile })
      .set('User-Agent', UA.desktop);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)');
    const block = /<script type="application\/json" id="__state"[^>]*>([\s\S]*?)<\/script>/.exec(
      res.text,
    );
    expect(block?.[1]).toBeDefined();
    const state = JSON.parse(block![1]!);
    expect(state.router.loaderData['en:echo']).toEqual({ q: hostile });
  });

  it('leaves the user agent out of the page (the browser knows it)', async () => {
    const res = await request(app).get('/en/').set('User-Agent', `${UA.desktop} </script>`);
    expect(res.text).toContain('"userAgent":""');
    expect(res.text).not.toContain('</script> ');
  });

  it('holds no secret of the configuration', async () => {
    const res = await request(app).get('/en/').set('User-Agent', UA.desktop);
    expect(res.text).not.toMatch(/renderTimeoutMs|shutdownTimeoutMs|trustProxy|logLevel/);
  });
});

describe('headers', () => {
  it('sends a request id and no framework banner', async () => {
    const res = await request(app)
      .get('/en/')
      .set('User-Agent', UA.desktop)
      .set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const odd = await request(app)
      .get('/en/')
      .set('User-Agent', UA.desktop)
      .set('X-Request-Id', 'bad id <x>');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('Express’s own refusals', () => {
  it('keep their 4xx: a path parameter with bad percent-encoding is a 400, never a 500', async () => {
    const app = await createTestApp();
    const api = await request(app).get('/api/c_orders/%E0%A4%A').expect(400);
    expect(api.body).toEqual({
      status: 'error',
      message: 'The request is not valid',
      statusCode: 400,
    });
    const article = await request(app).get('/api/articles/%E0%A4%A');
    expect(article.status).toBe(400);
  });

  it('keep their 4xx: a body that does not match its Content-Encoding is refused, never a 500', async () => {
    const app = await createTestApp();
    const raw = Buffer.from('{"this is":"not compressed"}');
    for (const encoding of ['gzip', 'br', 'zstd', 'deflate', 'x-unknown', 'gzip, br']) {
      for (const [path, type] of [
        ['/api/register', 'application/json'],
        ['/api/payments/webhook/sandbox', 'application/json'],
        ['/sandbox/checkout/sbx_x/', 'application/x-www-form-urlencoded'],
      ] as const) {
        const res = await request(app)
          .post(path)
          .set('Content-Type', type)
          .set('Content-Encoding', encoding)
          .send(raw);
        expect([encoding, path, res.status >= 400 && res.status < 500]).toEqual([
          encoding,
          path,
          true,
        ]);
      }
      // the reseller API answers in its protocol's way
      const panel = await request(app)
        .post('/api/v2')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Content-Encoding', encoding)
        .send(raw);
      expect(panel.body).toEqual({ error: 'Incorrect request' });
    }
  });
});

describe('names a request gives', () => {
  it('never find Object.prototype: a gateway called constructor is unknown, not a 500', async () => {
    const app = await createTestApp();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await request(app)
        .post(`/api/payments/webhook/${name}`)
        .set('Content-Type', 'application/json')
        .send('{}');
      expect([name, res.status, res.body.message]).toEqual([name, 404, 'Unknown gateway']);
    }
  });
});

describe('middleware settings', () => {
  it('add CSP sources and cap bodies as configured', async () => {
    const app = await createTestApp({
      CSP_CONNECT_SRC: 'https://www.google-analytics.com',
      CSP_IMG_SRC: 'https://mc.yandex.ru',
      BODY_LIMIT_BYTES: '2048',
    });
    const page = await request(app).get('/en/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://www.google-analytics.com");
    expect(csp).toContain("img-src 'self' data: https://mc.yandex.ru");
    const big = await request(app)
      .post('/api/login/local')
      .send({ login: 'x'.repeat(3000), password: 'y' });
    expect(big.status).toBe(413);
  });
});
