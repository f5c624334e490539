import { randomBytes } from 'node:crypto';
import { PaymentGatewayError, chargedCard, type ChargeOutcome, type ChargeRequest, type PaymentGateway } from './gateway';

/**
 * The embedded sandbox card gateway (decision 007): a tokenizer the browser calls with the card
 * (POST /payments-sandbox/v1/tokens, sandbox-routes.ts) and a gateway checkout charges tokens
 * through. No card data is stored: a token keeps only the outcome its test number selects, the
 * brand and the last four digits. State lives in memory, like a provider's far-away systems;
 * a restart forgets unused tokens (the shopper enters the card again).
 *
 * Test card numbers (any future expiry, any 3-digit CVC; 4 digits for Amex):
 *   4242 4242 4242 4242  approved
 *   4000 0000 0000 0002  declined: 'Your card was declined'
 *   4000 0000 0000 0119  processing error (checkout answers 502, nothing charged)
 *   any other Luhn-valid number: approved
 * Only tokens this tokenizer issued are charged, each once (decision 028): there is no fixed
 * public test token, so nothing pays for an order without going through a card form (or, in
 * tests, the tokenizer: tests/api/checkout-support.ts `cardToken`).
 */

export const SANDBOX_TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  processingError: '4000000000000119',
} as const;

/**
 * The fixed tokens earlier versions of the sandbox charged without a card, any number of times
 * (decision 007 before 028). Refused like any unknown token, with a message that says why.
 */
export const RETIRED_TEST_TOKENS: readonly string[] = ['tok_sandbox_visa', 'tok_sandbox_declined', 'tok_sandbox_processing_error'];

export const TOKEN_NOT_VALID = 'Your card could not be charged: the payment token is not valid. Please enter your card again.';
export const RETIRED_TOKEN =
  'Your card could not be charged: fixed sandbox test tokens are no longer accepted. Please enter a test card (4242 4242 4242 4242) so the sandbox issues a token.';

export const CARD_DECLINED = 'Your card was declined';
export const PROCESSING_ERROR = 'An error occurred while processing your card. Please try again in a little while.';
/** One-time tokens expire like a provider's do. */
export const TOKEN_TTL_MS = 30 * 60 * 1000;

type Outcome = 'approve' | 'decline' | 'error';

interface SandboxToken {
  outcome: Outcome;
  brand: string;
  last4: string;
  createdAt: number;
  /** The idempotency key of the charge that used it. */
  usedBy?: string;
}

export interface SandboxCharge {
  id: string;
  amountCents: number;
  status: 'captured' | 'declined' | 'voided';
  idempotencyKey: string;
  description: string;
}

export class CardInputError extends Error {
  constructor(
    readonly code: 'invalid_number' | 'invalid_expiry' | 'expired_card' | 'invalid_cvc',
    message: string,
  ) {
    super(message);
  }
}

export interface CardInput {
  number: string;
  month: number | string;
  year: number | string;
  cvc: string;
}

export interface CardToken {
  id: string;
  object: 'token';
  livemode: false;
  created: number;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brand from the number's prefix (the brands the card form shows, shop-core section 5). */
export function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return 'Unknown';
}

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  private readonly tokens = new Map<string, SandboxToken>();
  private readonly charges = new Map<string, SandboxCharge>();
  private readonly byKey = new Map<string, Promise<ChargeOutcome>>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The tokenizer: checks the card as a provider's script would, answers a one-time token. */
  tokenize(card: CardInput): CardToken {
    const digits = String(card.number).replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) throw new CardInputError('invalid_number', 'Your card number is invalid');
    const month = Number(card.month);
    let year = Number(card.year);
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
      throw new CardInputError('invalid_expiry', "Your card's expiration date is invalid");
    }
    if (year < 100) year += 2000;
    const today = new Date(this.now());
    if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
      throw new CardInputError('expired_card', 'Your card has expired');
    }
    if (year > today.getUTCFullYear() + 20) throw new CardInputError('invalid_expiry', "Your card's expiration date is invalid");
    const brand = cardBrand(digits);
    const cvcLength = brand === 'American Express' ? 4 : 3;
    if (!new RegExp(`^\\d{${cvcLength}}$`).test(String(card.cvc))) {
      throw new CardInputError('invalid_cvc', "Your card's security code is invalid");
    }
    const outcome: Outcome =
      digits === SANDBOX_TEST_CARDS.declined ? 'decline' : digits === SANDBOX_TEST_CARDS.processingError ? 'error' : 'approve';
    const id = newId('tok');
    const created = this.now();
    this.forgetExpiredTokens(created);
    this.tokens.set(id, { outcome, brand, last4: digits.slice(-4), createdAt: created });
    return {
      id,
      object: 'token',
      livemode: false,
      created: Math.floor(created / 1000),
      card: { brand, last4: digits.slice(-4), expMonth: month, expYear: year },
    };
  }

  charge(request: ChargeRequest): Promise<ChargeOutcome> {
    // The same idempotency key answers the first outcome, even while that charge is running.
    const earlier = this.byKey.get(request.idempotencyKey);
    if (earlier) return earlier;
    const attempt = this.decide(request);
    this.byKey.set(request.idempotencyKey, attempt);
    // A processing error is not an outcome: a retry with the same key may try again.
    attempt.catch(() => this.byKey.delete(request.idempotencyKey));
    return attempt;
  }

  private async decide(request: ChargeRequest): Promise<ChargeOutcome> {
    const declined = (message: string): ChargeOutcome => {
      const charge: SandboxCharge = { id: newId('ch'), amountCents: request.amountCents, status: 'declined', idempotencyKey: request.idempotencyKey, description: request.description };
      this.charges.set(charge.id, charge);
      return { status: 'declined', chargeId: charge.id, message };
    };
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new PaymentGatewayError(`invalid amount ${request.amountCents}`);
    }
    // Only a token this sandbox issued, once (a processing error uses nothing up: retry).
    const token = this.tokens.get(request.token);
    if (!token) return declined(RETIRED_TEST_TOKENS.includes(request.token) ? RETIRED_TOKEN : TOKEN_NOT_VALID);
    if (token.usedBy && token.usedBy !== request.idempotencyKey) {
      return declined('This payment token has already been used. Please enter your card again.');
    }
    if (this.now() - token.createdAt > TOKEN_TTL_MS) {
      return declined('Your card details have expired. Please enter your card again.');
    }
    const outcome = token.outcome;
    if (outcome !== 'error') token.usedBy = request.idempotencyKey;
    if (outcome === 'error') throw new PaymentGatewayError(PROCESSING_ERROR);
    if (outcome === 'decline') return declined(CARD_DECLINED);
    const charge: SandboxCharge = {
      id: newId('ch'),
      amountCents: request.amountCents,
      status: 'captured',
      idempotencyKey: request.idempotencyKey,
      description: request.description,
    };
    this.charges.set(charge.id, charge);
    // The brand and last four digits the token kept, as a provider's charge answer carries them.
    const card = chargedCard(token.brand, token.last4);
    return { status: 'captured', chargeId: charge.id, amountCents: charge.amountCents, ...(card ? { card } : {}) };
  }

  async void(chargeId: string): Promise<void> {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new PaymentGatewayError(`no charge ${chargeId}`);
    if (charge.status === 'declined') throw new PaymentGatewayError(`charge ${chargeId} was declined, there is nothing to void`);
    charge.status = 'voided';
  }

  /**
   * Tokens past their lifetime are dropped, at most once a minute, so a flood of tokenizations
   * (rate limited too, sandbox-routes.ts) cannot grow the sandbox's memory without end. A
   * dropped token is refused as not valid, as an expired one was.
   */
  private forgetExpiredTokens(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, token] of this.tokens) if (now - token.createdAt > TOKEN_TTL_MS) this.tokens.delete(id);
  }

  /** Every charge attempt so far (for the sandbox's own inspection and the tests). */
  listCharges(): SandboxCharge[] {
    return [...this.charges.values()];
  }
}

export function createSandboxGateway(): SandboxGateway {
  return new SandboxGateway();
}
