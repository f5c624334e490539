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
   * `card`: the card as the provider's answer names it (decision 037), when it does.
   */
  | { status: 'captured'; chargeId: string; amountCents: number; heldForReview?: boolean; card?: ChargedCard }
  /** The card was refused; nothing was charged. The message is for the shopper. */
  | { status: 'declined'; chargeId: string; message: string };

/**
 * The card a charge was paid with, as the provider's own answer names it (decision 037): what an
 * order keeps to say how it was paid. Never the number: at most its last four digits.
 */
export interface ChargedCard {
  /** 'Visa', 'Mastercard', 'American Express', 'Discover', 'JCB', 'Diners Club'; null for any other. */
  brand: string | null;
  /** The last four digits; null when the provider gave none. */
  last4: string | null;
}

const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  americanexpress: 'American Express',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  dinersclub: 'Diners Club',
  diners: 'Diners Club',
};

/**
 * A provider's brand and (masked) account number as the order keeps them: the brand in the
 * shop's words whatever the provider's spelling ('MasterCard', 'AmericanExpress'), and only the
 * last four digits of whatever number it sent ('XXXX0015' -> '0015'). Undefined when it named
 * neither.
 */
export function chargedCard(brand: unknown, accountNumber: unknown): ChargedCard | undefined {
  const key = typeof brand === 'string' ? brand.toLowerCase().replace(/[^a-z]/g, '') : '';
  const digits = typeof accountNumber === 'string' ? accountNumber.replace(/\D/g, '') : '';
  const card: ChargedCard = { brand: CARD_BRANDS[key] ?? null, last4: digits.length >= 4 ? digits.slice(-4) : null };
  return card.brand || card.last4 ? card : undefined;
}

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
