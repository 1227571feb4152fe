import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { GatewayEvent, GatewayStatus, PaymentGateway } from './payment-gateway.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxGateway extends PaymentGateway {
  /** The hosted checkout's buttons: records the outcome and sends the signed webhook. */
  decide(ref: string, outcome: GatewayStatus): Promise<GatewayEvent>;
  /** The payment the checkout page shows. */
  payment(ref: string): SandboxPayment | undefined;
}

interface SandboxPayment {
  ref: string;
  publicId: string;
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  status: GatewayStatus;
}

export function signSandbox(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * The built-in gateway (docs/product.md): a checkout page of our own server with pay, decline and
 * leave-pending buttons. It keeps its payments in memory, as a gateway keeps them on its side,
 * and signs its webhook (HMAC-SHA256 of the raw body) like a real one; `deliver` posts it.
 */
export function createSandboxGateway({
  publicUrl,
  secret,
  deliver,
}: {
  publicUrl: string;
  secret: string;
  /** hands the raw webhook to whoever receives it (our webhook route, in process) */
  deliver: (rawBody: Buffer, headers: Record<string, string>) => Promise<void>;
}): SandboxGateway {
  const payments = new Map<string, SandboxPayment>();
  return {
    name: 'sandbox',

    async create(input) {
      const ref = `sbx_${randomUUID()}`;
      payments.set(ref, { ref, ...input, status: 'WAITING' });
      return { ref, redirectUrl: `${publicUrl}/sandbox/checkout/${ref}/` };
    },

    verifyWebhook(rawBody, headers) {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (!given || !/^[0-9a-f]{64}$/.test(given)) return null;
      const expected = Buffer.from(signSandbox(rawBody, secret), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
      try {
        const event = JSON.parse(rawBody.toString('utf8')) as Partial<GatewayEvent>;
        if (
          typeof event.eventId !== 'string' ||
          typeof event.publicId !== 'string' ||
          !['WAITING', 'SUCCESS', 'ERROR'].includes(String(event.status))
        )
          return null;
        return event as GatewayEvent;
      } catch {
        return null;
      }
    },

    async status(ref) {
      return payments.get(ref)?.status ?? 'WAITING';
    },

    payment: (ref) => payments.get(ref),

    async decide(ref, outcome) {
      const payment = payments.get(ref);
      if (!payment) throw new Error(`Unknown sandbox payment ${ref}`);
      payment.status = outcome;
      const event: GatewayEvent = {
        eventId: randomUUID(),
        publicId: payment.publicId,
        status: outcome,
      };
      const body = Buffer.from(JSON.stringify(event));
      await deliver(body, { [SANDBOX_SIGNATURE_HEADER]: signSandbox(body, secret) });
      return event;
    },
  };
}
