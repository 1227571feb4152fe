import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { REDACT_PATHS } from '../lib/logger.ts';
import { redactUrl } from './log-redaction.ts';
import { requestLogging } from './logging.ts';

/** the access log wrote reset codes and the ids that open receipts. */
describe('the access log', () => {
  it.each([
    ['/reset/Ab3dEf7hJk/', '/reset/[redacted]/'],
    ['/en/reset/Ab3dEf7hJk/?x=1', '/en/reset/[redacted]/?x=1'],
    ['/api/c_orders/k2JdL0aQwErTyUi9pZxC', '/api/c_orders/[redacted]'],
    ['/api/c_orders/k2JdL0aQwErTyUi9pZxC/claim', '/api/c_orders/[redacted]/claim'],
    ['/api/c_orders/async/k2JdL0aQwErTyUi9pZxC', '/api/c_orders/async/[redacted]'],
    ['/api/payment/Pq8sT5vW2xY4zA6bC9dE/ecommerce', '/api/payment/[redacted]/ecommerce'],
    ['/sandbox/checkout/sbx_123/', '/sandbox/checkout/[redacted]/'],
    [
      '/en/?action=PaymentSuccess&payment=Pq8sT5vW2',
      '/en/?action=PaymentSuccess&payment=[redacted]',
    ],
    ['/api/v2?key=bst_secret&action=balance', '/api/v2?key=[redacted]&action=balance'],
    [
      '/api/slogin/google/callback?code=abc&state=def',
      '/api/slogin/google/callback?code=[redacted]&state=[redacted]',
    ],
  ])('redacts %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it.each([
    '/api/c_orders/main',
    '/api/c_orders/async',
    '/api/c_orders/average_time?tag=X',
    '/api/payment/methods?cur=USD',
    '/reset/',
    '/en/instagram/?utm_source=x',
  ])('keeps %s', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('writes no key of a request it logs', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    const app = express();
    app.use(requestLogging(logger));
    app.use((_req, res) => {
      res.status(404).end();
    });
    await request(app).get('/reset/SeCrEtCoDe1/');
    await request(app).get('/api/payment/RECEIPTKEY123/');
    await request(app).post('/api/v2?key=bst_APIKEY').set('Authorization', 'Bearer TOKEN1');
    const all = lines.join('\n');
    expect(lines).toHaveLength(3);
    for (const secret of ['SeCrEtCoDe1', 'RECEIPTKEY123', 'bst_APIKEY', 'TOKEN1'])
      expect(all).not.toContain(secret);
    expect(all).toContain('/reset/[redacted]/');
  });

  it('names the signed-in user of a request, and no one for a guest', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = express();
    app.use(requestLogging(pino(sink)));
    app.use((req, res) => {
      // what the request context sets for a signed-in account
      if (req.path === '/staff') res.locals.context = { user: { id: 42 } } as never;
      res.status(403).end();
    });
    await request(app).get('/staff');
    await request(app).get('/guest');
    const [staff, guest] = lines.map((line) => JSON.parse(line) as { userId?: number });
    expect(staff!.userId).toBe(42);
    expect(guest!.userId).toBeUndefined();
  });
});
