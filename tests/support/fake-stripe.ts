import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signStripe } from '#server/integrations/payments/stripe-gateway.ts';

interface Session {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, Session>;
  /** webhooks the fake sent (the raw bodies and their signature headers) */
  sent: { body: string; signature: string }[];
  /** switch off to simulate a lost webhook (the shop must poll) */
  deliverWebhooks: boolean;
  close(): Promise<void>;
}

/**
 * A local Stripe that speaks the parts of its API the adapter uses: Checkout Sessions
 * (create with Idempotency-Key, retrieve), a hosted page with pay and decline, and signed
 * webhooks (`Stripe-Signature`) posted to the shop.
 */
export async function startFakeStripe({
  secretKey,
  webhookSecret,
  webhookUrl,
}: {
  secretKey: string;
  webhookSecret: string;
  webhookUrl: () => string;
}): Promise<FakeStripe> {
  const sessions = new Map<string, Session>();
  const byIdempotencyKey = new Map<string, string>();
  const sent: FakeStripe['sent'] = [];
  let base = '';

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => resolve(body));
    });
  const json = (res: http.ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(payload));
  };

  async function sendEvent(type: string, session: Session) {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      data: { object: session },
    });
    const signature = signStripe(body, webhookSecret, Math.floor(Date.now() / 1000));
    sent.push({ body, signature });
    if (!fake.deliverWebhooks) return;
    await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body,
    });
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    if (url.pathname.startsWith('/v1/')) {
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return json(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key' },
        });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const known = key ? byIdempotencyKey.get(key) : undefined;
        if (known) return json(res, 200, sessions.get(known));
        const form = new URLSearchParams(body);
        const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
        if (form.get('mode') !== 'payment' || !Number.isInteger(amount) || amount < 1)
          return json(res, 400, { error: { message: 'Invalid checkout session' } });
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session: Session = {
          id,
          object: 'checkout.session',
          url: `${base}/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'),
          metadata: { payment: form.get('metadata[payment]') ?? '' },
          amount_total: amount,
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
        };
        sessions.set(id, session);
        if (key) byIdempotencyKey.set(key, id);
        return json(res, 200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(match[1]!);
        return session
          ? json(res, 200, session)
          : json(res, 404, { error: { message: 'No such checkout.session' } });
      }
      return json(res, 404, { error: { message: 'Unrecognized request URL' } });
    }
    const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
    const session = pay ? sessions.get(pay[1]!) : undefined;
    if (!session) {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(
        `<!doctype html><title>Fake Stripe</title><p>${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</p><form method="post"><button name="outcome" value="pay">Pay</button><button name="outcome" value="decline">Decline</button></form>`,
      );
      return;
    }
    const outcome = new URLSearchParams(body).get('outcome');
    if (outcome === 'pay') {
      session.status = 'complete';
      session.payment_status = 'paid';
      await sendEvent('checkout.session.completed', session);
      res.writeHead(303, { Location: session.success_url }).end();
    } else {
      session.status = 'expired';
      await sendEvent('checkout.session.expired', session);
      res.writeHead(303, { Location: session.cancel_url }).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeStripe = {
    url: base,
    sessions,
    sent,
    deliverWebhooks: true,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
