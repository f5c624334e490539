import { describe, expect, it, vi } from 'vitest';
import { PaymentGatewayError, type ChargeRequest } from '../../../server/src/payments/gateway';
import {
  AUTHNET_TOKEN_PROBLEM,
  AUTHNET_UNAVAILABLE,
  AUTHORIZE_NET_API,
  createAuthorizeNetGateway,
  dollars,
  parseAnswer,
  refIdOf,
  type AuthorizeNetGatewayOptions,
} from '../../../server/src/payments/authorize-net-gateway';

/**
 * The Authorize.net adapter (decision 012) against the JSON answers the API reference documents
 * for createTransactionRequest / voidTransaction (developer.authorize.net/api/reference), with
 * an injected fetch. The real API prefixes its JSON with a UTF-8 byte order mark; the fake does
 * too unless a test says otherwise.
 */

const BOM = '\uFEFF';

const approved = {
  transactionResponse: {
    responseCode: '1',
    authCode: '2768NO',
    avsResultCode: 'Y',
    cvvResultCode: 'P',
    cavvResultCode: '2',
    transId: '60156217587',
    refTransID: '',
    transHash: '',
    testRequest: '0',
    accountNumber: 'XXXX1111',
    accountType: 'Visa',
    messages: [{ code: '1', description: 'This transaction has been approved.' }],
    transHashSha2: '',
    SupplementalDataQualificationIndicator: 0,
  },
  refId: '123456',
  messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
};

const declined = {
  transactionResponse: {
    responseCode: '2',
    authCode: '',
    avsResultCode: 'P',
    cvvResultCode: '',
    cavvResultCode: '',
    transId: '40004497398',
    refTransID: '',
    transHash: '',
    testRequest: '0',
    accountNumber: 'XXXX0027',
    accountType: 'Visa',
    errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
    transHashSha2: '',
  },
  refId: '123456',
  messages: { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] },
};

const cardError = (errorCode: string, errorText: string) => ({
  transactionResponse: {
    responseCode: '3',
    authCode: '',
    avsResultCode: 'P',
    cvvResultCode: '',
    cavvResultCode: '',
    transId: '0',
    refTransID: '',
    transHash: '',
    testRequest: '0',
    accountNumber: 'XXXX1111',
    accountType: 'Visa',
    errors: [{ errorCode, errorText }],
  },
  refId: '123456',
  messages: { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] },
});

const heldForReview = {
  transactionResponse: {
    responseCode: '4',
    authCode: 'HH5414',
    avsResultCode: 'Y',
    cvvResultCode: 'P',
    transId: '2149186848',
    refTransID: '',
    testRequest: '0',
    accountNumber: 'XXXX1111',
    accountType: 'Visa',
    messages: [{ code: '252', description: 'Your order has been received. Thank you for your business!' }],
  },
  refId: '123456',
  messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
};

const invalidToken = { messages: { resultCode: 'Error', message: [{ code: 'E00114', text: 'Invalid OTS Token.' }] } };
const tokenServiceError = {
  messages: { resultCode: 'Error', message: [{ code: 'E00117', text: "OTS Service Error 'Field validation error.'" }] },
};
const authFailed = {
  messages: { resultCode: 'Error', message: [{ code: 'E00007', text: 'User authentication failed due to invalid authentication values.' }] },
};

const voided = {
  transactionResponse: {
    responseCode: '1',
    authCode: '2768NO',
    transId: '60156217587',
    refTransID: '60156217587',
    testRequest: '0',
    accountNumber: 'XXXX1111',
    accountType: 'Visa',
    messages: [{ code: '1', description: 'This transaction has been approved.' }],
  },
  messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
};

const request: ChargeRequest = {
  token: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUyMzU0QjQ5ODY1NzE3NEI0ODkwMjVGQzJBQzhCRjQ0MUQ0QTBGRThEQkZEM0U1RkNCNEM1MUI1NjZGNENEMzM1MEJEQjE0RDE3NTNCMjYwMEI2MkZGMDI3NTg3In0=',
  amountCents: 123_45,
  currency: 'USD',
  idempotencyKey: 'checkout:7:12345:f4b2c1d0-1f1e-4a8b-9f0c-2d9a7c3e5b61',
  description: 'Ridgeline Arms cart 7',
};

function respond(body: unknown, { status = 200, bom = true } = {}) {
  return new Response(`${bom ? BOM : ''}${typeof body === 'string' ? body : JSON.stringify(body)}`, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

function gatewayAnswering(...answers: (() => Response | Promise<Response>)[]) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  const log = { warn: vi.fn() };
  const options: AuthorizeNetGatewayOptions = {
    apiLoginId: '5KP3u95bQpv',
    transactionKey: '346HZ32z3fP4hTG2',
    fetch: fetch as unknown as typeof globalThis.fetch,
    log,
  };
  return { gateway: createAuthorizeNetGateway(options), fetch, log };
}

const bodyOf = (fetch: ReturnType<typeof gatewayAnswering>['fetch'], call = 0) => JSON.parse(String(fetch.mock.calls[call][1]?.body));

describe('helpers', () => {
  it('writes amounts in dollars without floating point, and refIds of at most 20 characters', () => {
    expect(dollars(12345)).toBe('123.45');
    expect(dollars(5)).toBe('0.05');
    expect(dollars(100)).toBe('1.00');
    expect(dollars(1999_99)).toBe('1999.99');
    const refId = refIdOf(request.idempotencyKey);
    expect(refId).toMatch(/^[0-9a-f]{20}$/);
    expect(refIdOf(request.idempotencyKey)).toBe(refId);
    expect(refIdOf(`${request.idempotencyKey}x`)).not.toBe(refId);
  });

  it('parses answers with and without the byte order mark', () => {
    expect(parseAnswer(`${BOM}{"refId":"1"}`)).toEqual({ refId: '1' });
    expect(parseAnswer('{"refId":"1"}')).toEqual({ refId: '1' });
  });
});

describe('charge', () => {
  it('sends createTransactionRequest with the Accept.js token to the sandbox API, and captures an approval', async () => {
    const { gateway, fetch } = gatewayAnswering(() => respond(approved));
    await expect(gateway.charge(request)).resolves.toEqual({ status: 'captured', chargeId: '60156217587', amountCents: 12345, card: { brand: 'Visa', last4: '1111' } });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(AUTHORIZE_NET_API.sandbox);
    expect(url).toBe('https://apitest.authorize.net/xml/v1/request.api');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    // The exact body, in the XML schema's element order (Authorize.net reads JSON in that order).
    expect(String(init?.body)).toBe(
      JSON.stringify({
        createTransactionRequest: {
          merchantAuthentication: { name: '5KP3u95bQpv', transactionKey: '346HZ32z3fP4hTG2' },
          refId: refIdOf(request.idempotencyKey),
          transactionRequest: {
            transactionType: 'authCaptureTransaction',
            amount: '123.45',
            payment: { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: request.token } },
            order: { description: 'Ridgeline Arms cart 7' },
          },
        },
      }),
    );
  });

  it("keeps the card as the answer names it (accountType, masked accountNumber): brand and last four only", async () => {
    const mastercard = { ...approved, transactionResponse: { ...approved.transactionResponse, accountNumber: 'XXXX0015', accountType: 'MasterCard' } };
    const bare = { ...approved, transactionResponse: { ...approved.transactionResponse, accountNumber: undefined, accountType: undefined } };
    const { gateway } = gatewayAnswering(
      () => respond(mastercard),
      () => respond(bare),
    );
    await expect(gateway.charge(request)).resolves.toMatchObject({ card: { brand: 'Mastercard', last4: '0015' } });
    const outcome = await gateway.charge({ ...request, idempotencyKey: `${request.idempotencyKey}-2` });
    expect(outcome).toEqual({ status: 'captured', chargeId: '60156217587', amountCents: 12345 });
  });

  it('uses the production API when told to', async () => {
    const fetch = vi.fn(async () => respond(approved));
    const gateway = createAuthorizeNetGateway({ apiLoginId: 'l', transactionKey: 'k', environment: 'production', fetch: fetch as unknown as typeof globalThis.fetch });
    await gateway.charge(request);
    expect((fetch.mock.calls[0] as unknown[])[0]).toBe('https://api.authorize.net/xml/v1/request.api');
  });

  it('reads an answer without the byte order mark too', async () => {
    const { gateway } = gatewayAnswering(() => respond(approved, { bom: false }));
    await expect(gateway.charge(request)).resolves.toMatchObject({ status: 'captured', chargeId: '60156217587' });
  });

  it("a decline (response code 2, E00027) is declined with the provider's text", async () => {
    const { gateway } = gatewayAnswering(() => respond(declined));
    await expect(gateway.charge(request)).resolves.toEqual({
      status: 'declined',
      chargeId: '40004497398',
      message: 'This transaction has been declined.',
    });
  });

  it.each([
    ['6', 'The credit card number is invalid.'],
    ['7', 'Credit card expiration date is invalid.'],
    ['8', 'The credit card has expired.'],
    ['78', 'The Card Code (CVV2/CVC2/CID) is invalid.'],
  ])('a card problem (response code 3, reason %s) is declined with its text', async (code, text) => {
    const { gateway } = gatewayAnswering(() => respond(cardError(code, text)));
    const outcome = await gateway.charge(request);
    expect(outcome).toEqual({ status: 'declined', chargeId: `authnet-declined-${refIdOf(request.idempotencyKey)}`, message: text });
  });

  it('another error (response code 3: processing error, duplicate) is undecided', async () => {
    const { gateway } = gatewayAnswering(
      () => respond(cardError('19', 'An error occurred during processing. Please try again in 5 minutes.')),
      () => respond(cardError('11', 'A duplicate transaction has been submitted.')),
    );
    await expect(gateway.charge(request)).rejects.toThrow(PaymentGatewayError);
    const error = await gateway.charge(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect((error as PaymentGatewayError).message).toBe(AUTHNET_UNAVAILABLE);
    expect((error as PaymentGatewayError).detail).toContain('11 A duplicate transaction has been submitted.');
  });

  it('held for review (response code 4) is captured, flagged and logged for the merchant', async () => {
    const { gateway, log } = gatewayAnswering(() => respond(heldForReview));
    await expect(gateway.charge(request)).resolves.toEqual({ status: 'captured', chargeId: '2149186848', amountCents: 12345, heldForReview: true, card: { brand: 'Visa', last4: '1111' } });
    expect(log.warn).toHaveBeenCalledWith({ transId: '2149186848', refId: refIdOf(request.idempotencyKey) }, expect.stringMatching(/held .* for review/));
  });

  it.each([
    ['E00114 invalid token', invalidToken],
    ['E00117 token service error', tokenServiceError],
  ])('a one-time token problem (%s) is declined: enter the card again', async (_name, answer) => {
    const { gateway } = gatewayAnswering(() => respond(answer));
    await expect(gateway.charge(request)).resolves.toEqual({
      status: 'declined',
      chargeId: `authnet-declined-${refIdOf(request.idempotencyKey)}`,
      message: AUTHNET_TOKEN_PROBLEM,
    });
  });

  it('an authentication failure (E00007) is undecided, with the code for the log only', async () => {
    const { gateway } = gatewayAnswering(() => respond(authFailed));
    const error = (await gateway.charge(request).catch((e: unknown) => e)) as PaymentGatewayError;
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error.message).toBe(AUTHNET_UNAVAILABLE);
    expect(error.message).not.toContain('E00007');
    expect(error.detail).toContain('E00007 User authentication failed');
  });

  it('a 5xx, an answer that is not JSON, a network failure and a timeout are undecided', async () => {
    const { gateway } = gatewayAnswering(
      () => respond('<html>Service Unavailable</html>', { status: 503 }),
      () => respond('<html>oops</html>'),
      () => Promise.reject(new TypeError('fetch failed')),
    );
    for (let i = 0; i < 3; i++) await expect(gateway.charge(request)).rejects.toThrow(AUTHNET_UNAVAILABLE);

    // The timeout aborts the request through its signal.
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const slow = createAuthorizeNetGateway({ apiLoginId: 'l', transactionKey: 'k', fetch: hanging as unknown as typeof globalThis.fetch, timeoutMs: 30 });
    const error = (await slow.charge(request).catch((e: unknown) => e)) as PaymentGatewayError;
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error.detail).toMatch(/could not be reached/);
  });

  it('refuses an amount that is not a positive number of cents without calling the API', async () => {
    const { gateway, fetch } = gatewayAnswering();
    await expect(gateway.charge({ ...request, amountCents: 0 })).rejects.toThrow(PaymentGatewayError);
    await expect(gateway.charge({ ...request, amountCents: 12.5 })).rejects.toThrow(PaymentGatewayError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the same key answers the same outcome without charging again, even concurrently', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { gateway, fetch } = gatewayAnswering(async () => {
      await gate;
      return respond(approved);
    });
    const first = gateway.charge(request);
    const second = gateway.charge(request);
    release();
    expect(await first).toEqual(await second);
    await expect(gateway.charge(request)).resolves.toEqual({ status: 'captured', chargeId: '60156217587', amountCents: 12345, card: { brand: 'Visa', last4: '1111' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an undecided answer is forgotten: the same key asks again (a used token is then refused)', async () => {
    const { gateway, fetch } = gatewayAnswering(
      () => Promise.reject(new TypeError('socket hang up')),
      () => respond(invalidToken),
    );
    await expect(gateway.charge(request)).rejects.toThrow(PaymentGatewayError);
    await expect(gateway.charge(request)).resolves.toMatchObject({ status: 'declined', message: AUTHNET_TOKEN_PROBLEM });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('void', () => {
  it('sends voidTransaction with the transaction id', async () => {
    const { gateway, fetch } = gatewayAnswering(() => respond(voided));
    await expect(gateway.void('60156217587')).resolves.toBeUndefined();
    expect(bodyOf(fetch)).toEqual({
      createTransactionRequest: {
        merchantAuthentication: { name: '5KP3u95bQpv', transactionKey: '346HZ32z3fP4hTG2' },
        transactionRequest: { transactionType: 'voidTransaction', refTransId: '60156217587' },
      },
    });
  });

  it('an already voided transaction (reason 310) is done; any other refusal throws', async () => {
    const alreadyVoided = {
      ...voided,
      transactionResponse: { ...voided.transactionResponse, messages: [{ code: '310', description: 'This transaction has already been voided.' }] },
    };
    const notFound = {
      transactionResponse: { responseCode: '3', transId: '0', refTransID: '999', errors: [{ errorCode: '16', errorText: 'The transaction cannot be found.' }] },
      messages: { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] },
    };
    const { gateway } = gatewayAnswering(() => respond(alreadyVoided), () => respond(notFound), () => respond(authFailed));
    await expect(gateway.void('60156217587')).resolves.toBeUndefined();
    await expect(gateway.void('999')).rejects.toThrow(PaymentGatewayError);
    await expect(gateway.void('60156217587')).rejects.toThrow(PaymentGatewayError);
  });
});
