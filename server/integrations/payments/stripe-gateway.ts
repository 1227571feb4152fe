import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  GatewayEvent,
  GatewayPaymentInput,
  GatewayStatus,
  PaymentGateway,
} from './payment-gateway.ts';

export interface StripeConfig {
  /** `sk_live_…` / `sk_test_…` */
  secretKey: string;
  /** the webhook endpoint's signing secret, `whsec_…` */
  webhookSecret: string;
  /** https://api.stripe.com; tests point it at a local fake */
  apiUrl: string;
  /** how old a signed webhook may be (Stripe's default tolerance: 5 minutes) */
  toleranceSeconds?: number;
  timeoutMs?: number;
  /** the checkout closes after this (Stripe accepts 30 minutes to 24 hours) */
  expiresAfterMs?: number;
  now?: () => number;
}

interface CheckoutSession {
  id: string;
  url?: string | null;
  status?: 'open' | 'complete' | 'expired';
  payment_status?: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id?: string | null;
}

/** A Checkout Session's state in our terms. */
export function statusOfSession(session: CheckoutSession): GatewayStatus {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    return 'SUCCESS';
  if (session.status === 'expired') return 'ERROR';
  return 'WAITING';
}

/** Stripe's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signStripe(body: string | Buffer, secret: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

const withAction = (url: string, action: string, publicId: string) => {
  const back = new URL(url);
  back.searchParams.set('action', action);
  back.searchParams.set('payment', publicId);
  return back.toString();
};

/**
 * Stripe Checkout behind the gateway interface, over Stripe's documented HTTP API:
 * `POST /v1/checkout/sessions` (form-encoded, Bearer secret key, Idempotency-Key) gives the
 * hosted page; `GET /v1/checkout/sessions/{id}` its state; webhooks
 * (`checkout.session.completed`, `…async_payment_succeeded`, `…async_payment_failed`,
 * `…expired`) are verified on the raw body with the endpoint's signing secret.
 */
export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const tolerance = config.toleranceSeconds ?? 300;
  const now = config.now ?? (() => Date.now());

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    form?: URLSearchParams,
    key?: string,
  ) {
    const response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${config.secretKey}`,
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: form?.toString(),
      signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
    });
    const payload = (await response.json().catch(() => null)) as
      | (T & { error?: { message?: string } })
      | null;
    if (!response.ok || !payload)
      throw new Error(
        `Stripe ${method} ${path}: ${response.status} ${payload?.error?.message ?? ''}`,
      );
    return payload as T;
  }

  return {
    name: 'stripe',

    async create(input: GatewayPaymentInput) {
      const form = new URLSearchParams({
        mode: 'payment',
        client_reference_id: input.publicId,
        'metadata[payment]': input.publicId,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': input.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(input.amount),
        'line_items[0][price_data][product_data][name]': input.description.slice(0, 250),
        success_url: withAction(input.returnUrl, 'PaymentSuccess', input.publicId),
        cancel_url: withAction(input.returnUrl, 'PaymentCancel', input.publicId),
        // closed before we give the payment up, so no buyer pays for an expired order
        expires_at: String(
          Math.floor(now() / 1000) +
            Math.min(
              86_400,
              Math.max(1_800, Math.floor((config.expiresAfterMs ?? 3_600_000) / 1000) - 60),
            ),
        ),
      });
      // the same payment never opens two sessions, also when we retry after a timeout
      const session = await call<CheckoutSession>(
        'POST',
        '/v1/checkout/sessions',
        form,
        `checkout-${input.publicId}`,
      );
      if (!session.url) throw new Error('Stripe gave no checkout URL');
      return { ref: session.id, redirectUrl: session.url };
    },

    verifyWebhook(rawBody, headers): GatewayEvent | null {
      const header = headers['stripe-signature'];
      if (!header) return null;
      const parts = header.split(',').map((part) => part.split('='));
      const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
      const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
      if (!Number.isInteger(timestamp) || !signatures.length) return null;
      if (Math.abs(now() / 1000 - timestamp) > tolerance) return null;
      const expected = Buffer.from(
        signStripe(rawBody, config.webhookSecret, timestamp).split('v1=')[1]!,
        'hex',
      );
      const valid = signatures.some((signature) => {
        const given = Buffer.from(signature, 'hex');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!valid) return null;
      try {
        const event = JSON.parse(rawBody.toString('utf8')) as {
          id?: string;
          type?: string;
          data?: { object?: CheckoutSession & { metadata?: Record<string, string> } };
        };
        if (!event.id || !event.type) return null;
        const session = event.data?.object;
        const publicId = session?.metadata?.payment ?? session?.client_reference_id;
        // a genuine event of another kind: acknowledged, not acted on
        if (!event.type.startsWith('checkout.session.') || !session || !publicId)
          return { eventId: event.id, publicId: '', status: 'WAITING' };
        const status: GatewayStatus =
          event.type === 'checkout.session.async_payment_failed' ||
          event.type === 'checkout.session.expired'
            ? 'ERROR'
            : statusOfSession(session);
        return { eventId: event.id, publicId, status };
      } catch {
        return null;
      }
    },

    async status(ref) {
      const session = await call<CheckoutSession>(
        'GET',
        `/v1/checkout/sessions/${encodeURIComponent(ref)}`,
      );
      return statusOfSession(session);
    },
  };
}
