import { PaymentGatewayError, type ChargeOutcome, type ChargeRequest, type PaymentGateway } from './gateway';

/**
 * A real provider's server API behind the PaymentGateway interface: Stripe's PaymentIntents
 * (https://docs.stripe.com/api/payment_intents/create, .../refunds/create). Written and tested
 * against the documented JSON answers with an injected fetch; not selected by configuration yet,
 * because the browser side would also need Stripe.js's interface (decision 009).
 *
 * - charge: POST /v1/payment_intents, form-encoded, `confirm=true` with the one-time card token
 *   (`payment_method_data[card][token]`), `Idempotency-Key` = our key (Stripe answers a repeated
 *   key with the first answer, as our interface requires). `succeeded` -> captured.
 * - A `card_error` (HTTP 402) or an intent that is not `succeeded` (it would need the shopper:
 *   3-D Secure, a new card) -> declined with the provider's message; a bad or used token (400
 *   `invalid_request_error` about the token) -> declined too, since a new card entry fixes it.
 *   Everything else (401 key, 429, 5xx, network, timeout) -> PaymentGatewayError: undecided,
 *   nothing charged as far as we know, checkout answers 502.
 * - void: a full refund of the PaymentIntent (POST /v1/refunds), idempotent per intent.
 */

export const STRIPE_API_BASE = 'https://api.stripe.com';
const TIMEOUT_MS = 15_000;
/** Invalid-request codes the shopper can fix by entering the card again. */
const TOKEN_PROBLEMS = new Set(['token_already_used', 'resource_missing', 'expired_card', 'incorrect_number', 'invalid_expiry_year', 'invalid_cvc']);

export interface StripeGatewayOptions {
  /** The secret key (sk_test_… / sk_live_…). */
  secretKey: string;
  fetch?: typeof fetch;
  apiBase?: string;
  timeoutMs?: number;
}

interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  payment_intent?: { id?: string };
}

type StripeAnswer = { status: number; body: Record<string, unknown> & { error?: StripeError } };

export function formEncode(params: Record<string, string | number | boolean | undefined>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) form.append(key, String(value));
  return form.toString();
}

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe';
  private readonly fetchImpl: typeof fetch;
  private readonly apiBase: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: StripeGatewayOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.apiBase = (options.apiBase ?? STRIPE_API_BASE).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const answer = await this.post(
      '/v1/payment_intents',
      {
        amount: request.amountCents,
        currency: request.currency.toLowerCase(),
        confirm: true,
        'payment_method_types[0]': 'card',
        'payment_method_data[type]': 'card',
        'payment_method_data[card][token]': request.token,
        description: request.description,
      },
      request.idempotencyKey,
    );
    const { status, body } = answer;
    if (status >= 200 && status < 300) {
      const id = String(body.id ?? '');
      if (body.status === 'succeeded') return { status: 'captured', chargeId: id, amountCents: Number(body.amount ?? request.amountCents) };
      const lastError = (body.last_payment_error ?? null) as StripeError | null;
      return { status: 'declined', chargeId: id, message: lastError?.message ?? 'Your card could not be charged. Please try another card.' };
    }
    const error = body.error ?? {};
    const declined =
      error.type === 'card_error' || (status === 400 && error.type === 'invalid_request_error' && TOKEN_PROBLEMS.has(error.code ?? ''));
    if (declined) {
      return {
        status: 'declined',
        chargeId: error.payment_intent?.id ?? `declined:${request.idempotencyKey}`,
        message: error.message ?? 'Your card was declined',
      };
    }
    throw new PaymentGatewayError(`Stripe answered ${status}: ${error.type ?? 'unknown'} ${error.code ?? ''} ${error.message ?? ''}`.trim());
  }

  async void(chargeId: string): Promise<void> {
    const { status, body } = await this.post('/v1/refunds', { payment_intent: chargeId }, `void:${chargeId}`);
    if (status >= 200 && status < 300 && (body.status === 'succeeded' || body.status === 'pending')) return;
    // Already refunded in full: the goal of the void is met.
    if (body.error?.code === 'charge_already_refunded') return;
    throw new PaymentGatewayError(`Stripe refund of ${chargeId} failed: ${status} ${body.error?.message ?? String(body.status ?? '')}`);
  }

  private async post(path: string, params: Record<string, string | number | boolean | undefined>, idempotencyKey: string): Promise<StripeAnswer> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.apiBase}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey,
        },
        body: formEncode(params),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new PaymentGatewayError(`Stripe could not be reached: ${(error as Error).message}`);
    }
    let body: StripeAnswer['body'];
    try {
      body = (await response.json()) as StripeAnswer['body'];
    } catch {
      throw new PaymentGatewayError(`Stripe answered ${response.status} without JSON`);
    }
    return { status: response.status, body: body ?? {} };
  }
}

export function createStripeGateway(options: StripeGatewayOptions): StripeGateway {
  return new StripeGateway(options);
}
