import type { Currency } from '#shared/regions.ts';

/** What a gateway says of a payment. */
export type GatewayStatus = 'WAITING' | 'SUCCESS' | 'ERROR';

export interface GatewayPaymentInput {
  /** our payment's public id: the gateway echoes it back in webhooks */
  publicId: string;
  /** minor units */
  amount: number;
  currency: Currency;
  description: string;
  /** where the buyer's browser comes back to */
  returnUrl: string;
}

export interface GatewayEvent {
  /** the gateway's id of the event: replays carry the same one */
  eventId: string;
  publicId: string;
  status: GatewayStatus;
}

/**
 * A payment gateway behind one interface (docs/product.md §6): create a payment and get the
 * page to send the buyer to; verify a webhook on its raw body; ask for a payment's status.
 */
export interface PaymentGateway {
  readonly name: string;
  create(input: GatewayPaymentInput): Promise<{ redirectUrl: string; ref: string }>;
  /** The webhook's event when its signature is valid, else null. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): GatewayEvent | null;
  status(ref: string): Promise<GatewayStatus>;
}
