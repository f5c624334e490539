/**
 * Card payments behind one interface (DESIGN.md section 3): the browser turns the card into a
 * one-time token with the provider's script; the server charges that token here. The embedded
 * default is the sandbox gateway (sandbox-gateway.ts); a real provider's server API is another
 * implementation of this interface: Authorize.net's (authorize-net-gateway.ts), selected by
 * PAYMENT_GATEWAY (decisions 007 and 012).
 */

export interface ChargeRequest {
  /** The one-time token from the provider's browser script (checkout's paymentToken). */
  token: string;
  amountCents: number;
  currency: 'USD';
  /**
   * The same key always gets the same outcome and at most one charge (as the providers'
   * Idempotency-Key headers do), so a retried checkout cannot charge twice.
   */
  idempotencyKey: string;
  description: string;
}

export type ChargeOutcome =
  /**
   * Charged. `heldForReview`: the provider authorized it but the merchant's fraud filter asks for
   * a person to approve it (Authorize.net response code 4, decision 012); the order is placed.
   */
  | { status: 'captured'; chargeId: string; amountCents: number; heldForReview?: boolean }
  /** The card was refused; nothing was charged. The message is for the shopper. */
  | { status: 'declined'; chargeId: string; message: string };

/**
 * The gateway could not decide (processing error, timeout, unreachable): nothing was charged as
 * far as we know. The message is for the shopper; `detail` (the provider's codes) is for the log.
 */
export class PaymentGatewayError extends Error {
  readonly detail?: string;
  constructor(message: string, options?: { detail?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PaymentGatewayError';
    if (options?.detail) this.detail = options.detail;
  }
}

export interface PaymentGateway {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Cancels a captured charge whose order could not be written. Throws when it cannot. */
  void(chargeId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment gateway checkout charges through (the sandbox by default). */
    paymentGateway: PaymentGateway;
  }
}
