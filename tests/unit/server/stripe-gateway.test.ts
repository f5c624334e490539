import { describe, expect, it, vi } from 'vitest';
import { PaymentGatewayError, type ChargeRequest } from '../../../server/src/payments/gateway';
import { createStripeGateway } from '../../../server/src/payments/stripe-gateway';

/**
 * The Stripe PaymentIntents adapter against the answers Stripe documents
 * (docs.stripe.com/api/payment_intents/object, /api/errors, /api/refunds/object), trimmed to the
 * fields the adapter reads plus a few around them.
 */

const succeededIntent = {
  id: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
  object: 'payment_intent',
  amount: 2000,
  amount_received: 2000,
  capture_method: 'automatic',
  currency: 'usd',
  latest_charge: 'ch_3MtwBwLkdIwHu7ix28a3tqPa',
  livemode: false,
  status: 'succeeded',
};

const requiresActionIntent = {
  ...succeededIntent,
  id: 'pi_requires_action',
  status: 'requires_payment_method',
  last_payment_error: { type: 'card_error', code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' },
};

const cardDeclined = {
  error: {
    charge: 'ch_3Mtw',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    message: 'Your card has insufficient funds.',
    payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method' },
    type: 'card_error',
  },
};

const tokenUsed = {
  error: {
    code: 'token_already_used',
    message: 'You cannot use a Stripe token more than once: tok_1N3T00LkdIwHu7ixt44h1F8k.',
    type: 'invalid_request_error',
  },
};

const badKey = { error: { message: 'Invalid API Key provided: sk_test_****1234', type: 'invalid_request_error' } };
const apiError = { error: { message: 'An unknown error occurred', type: 'api_error' } };
const refund = { id: 're_1Nispe2eZvKYlo2Cd31jOCgZ', object: 'refund', amount: 2000, payment_intent: succeededIntent.id, status: 'succeeded' };

const request: ChargeRequest = {
  token: 'tok_visa',
  amountCents: 2000,
  currency: 'USD',
  idempotencyKey: 'checkout:7:2000:abc',
  description: 'Ridgeline Arms order for cart 7',
};

function fakeFetch(status: number, body: unknown) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('StripeGateway.charge', () => {
  it('creates and confirms a PaymentIntent with the token, our idempotency key and the secret key', async () => {
    const fetch = fakeFetch(200, succeededIntent);
    const gateway = createStripeGateway({ secretKey: 'sk_test_123', fetch });
    await expect(gateway.charge(request)).resolves.toEqual({ status: 'captured', chargeId: succeededIntent.id, amountCents: 2000 });

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://api.stripe.com/v1/payment_intents');
    const headers = init!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer sk_test_123');
    expect(headers['idempotency-key']).toBe('checkout:7:2000:abc');
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(init!.body as string);
    expect(Object.fromEntries(form)).toEqual({
      amount: '2000',
      currency: 'usd',
      confirm: 'true',
      'payment_method_types[0]': 'card',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][token]': 'tok_visa',
      description: 'Ridgeline Arms order for cart 7',
    });
  });

  it("a card_error (402) is a decline with Stripe's message", async () => {
    const gateway = createStripeGateway({ secretKey: 'sk', fetch: fakeFetch(402, cardDeclined) });
    await expect(gateway.charge(request)).resolves.toEqual({ status: 'declined', chargeId: 'pi_declined', message: 'Your card has insufficient funds.' });
  });

  it('an intent that needs the shopper (not succeeded) is a decline with the last payment error', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk', fetch: fakeFetch(200, requiresActionIntent) });
    await expect(gateway.charge(request)).resolves.toMatchObject({ status: 'declined', message: requiresActionIntent.last_payment_error.message });
  });

  it('a used token is a decline the shopper fixes by entering the card again', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk', fetch: fakeFetch(400, tokenUsed) });
    await expect(gateway.charge(request)).resolves.toMatchObject({ status: 'declined', message: tokenUsed.error.message });
  });

  it.each([
    ['a bad key (401)', 401, badKey],
    ['an API error (500)', 500, apiError],
    ['rate limiting (429)', 429, { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } }],
  ])('%s is a gateway error: undecided, nothing charged', async (_name, status, body) => {
    const gateway = createStripeGateway({ secretKey: 'sk', fetch: fakeFetch(status, body) });
    await expect(gateway.charge(request)).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it('no answer (network, timeout) is a gateway error', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk', fetch: vi.fn(async () => Promise.reject(new TypeError('fetch failed'))) });
    await expect(gateway.charge(request)).rejects.toThrow(/could not be reached/);
  });
});

describe('StripeGateway.void', () => {
  it('refunds the PaymentIntent in full, idempotently', async () => {
    const fetch = fakeFetch(200, refund);
    await createStripeGateway({ secretKey: 'sk', fetch, apiBase: 'https://stripe.test/' }).void(succeededIntent.id);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://stripe.test/v1/refunds');
    expect(new URLSearchParams(init!.body as string).get('payment_intent')).toBe(succeededIntent.id);
    expect((init!.headers as Record<string, string>)['idempotency-key']).toBe(`void:${succeededIntent.id}`);
  });

  it('an already refunded charge is fine; any other failure throws', async () => {
    const already = { error: { code: 'charge_already_refunded', message: 'Charge has already been refunded.', type: 'invalid_request_error' } };
    await expect(createStripeGateway({ secretKey: 'sk', fetch: fakeFetch(400, already) }).void('pi_1')).resolves.toBeUndefined();
    await expect(createStripeGateway({ secretKey: 'sk', fetch: fakeFetch(500, apiError) }).void('pi_1')).rejects.toBeInstanceOf(PaymentGatewayError);
  });
});
