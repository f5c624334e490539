import { createHash } from 'node:crypto';
import { PaymentGatewayError, chargedCard, type ChargeOutcome, type ChargeRequest, type PaymentGateway } from './gateway';

/**
 * Authorize.net's server API behind the PaymentGateway interface (decision 012): the JSON API
 * (https://developer.authorize.net/api/reference/), charging the one-time token the browser got
 * from Accept.js (`opaqueData.dataValue`, descriptor COMMON.ACCEPT.INAPP.PAYMENT).
 *
 * - charge: `createTransactionRequest`, `authCaptureTransaction`, amount in dollars ('12.34'),
 *   `refId` = a 20-character digest of our idempotency key (echoed back, and how a charge is found
 *   again in the Merchant Interface / logs).
 * - Answers (`transactionResponse.responseCode`): '1' approved -> captured (transId, and the card's
 *   `accountType` and masked `accountNumber` as brand and last four digits, decision 037); '2' declined
 *   -> declined with the provider's text; '3' error -> declined when the card is the problem
 *   (invalid number, expiry, card code...), else PaymentGatewayError; '4' held for review ->
 *   captured with `heldForReview` (the merchant's own fraud filter asked for a human decision on
 *   an authorized payment; the merchant approves or voids it in the Merchant Interface).
 * - `messages.resultCode: 'Error'` without a transactionResponse: one-time token problems (used,
 *   expired, invalid: E00113-E00115, E00117) -> declined ("enter the card again"); anything else
 *   (E00007 authentication, E00003 malformed request...) -> PaymentGatewayError.
 * - Network failure, timeout, a non-2xx status or an answer that is not JSON -> PaymentGatewayError.
 *   The API's JSON answers start with a UTF-8 byte order mark, removed before parsing.
 * - void: `voidTransaction` of the transId; 'already voided' (reason 310) counts as done.
 *
 * Idempotency: Authorize.net has no idempotency key, but an Accept.js token is single-use, so a
 * retry of the same token can never charge twice (the API refuses a used token: E00114/E00117).
 * The same key answers the same outcome: settled outcomes are remembered per key in this process
 * (as the sandbox does), and across processes checkout answers a repeated cart / Idempotency-Key
 * from its own orders and payments tables before it calls the gateway (decision 012).
 */

export const AUTHORIZE_NET_API = {
  sandbox: 'https://apitest.authorize.net/xml/v1/request.api',
  production: 'https://api.authorize.net/xml/v1/request.api',
} as const;

export type AuthorizeNetEnvironment = keyof typeof AUTHORIZE_NET_API;

export const ACCEPT_DATA_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';
const TIMEOUT_MS = 20_000;
/** Most settled outcomes kept for repeated keys (oldest forgotten first). */
const REMEMBERED_OUTCOMES = 10_000;

/** Shopper messages (checkout shows them; a PaymentGatewayError's gets 'Nothing was charged.'). */
export const AUTHNET_UNAVAILABLE = 'The payment service could not process your card right now. Please try again in a little while.';
export const AUTHNET_TOKEN_PROBLEM = 'Your card details could not be used. Please enter your card again.';
export const AUTHNET_DECLINED = 'Your card was declined';

/** Response reason codes of a '3' answer that are about the card: the shopper can fix them. */
const CARD_PROBLEMS = new Set(['6', '7', '8', '17', '28', '37', '78', '315', '316', '317']);
/** API message codes about the one-time token (used, expired, invalid): enter the card again. */
const TOKEN_PROBLEMS = new Set(['E00113', 'E00114', 'E00115', 'E00117']);
/** Reason code of a void of a transaction that was already voided. */
const ALREADY_VOIDED = '310';

export interface AuthorizeNetGatewayOptions {
  /** The API Login ID (AUTHNET_API_LOGIN_ID). */
  apiLoginId: string;
  /** The Transaction Key (AUTHNET_TRANSACTION_KEY): secret, server only. */
  transactionKey: string;
  environment?: AuthorizeNetEnvironment;
  /** Another endpoint (tests, a proxy); the environment's by default. */
  endpoint?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where held-for-review charges and undecided answers are reported (the app's logger). */
  log?: { warn(details: object, message: string): void };
}

interface ApiMessages {
  resultCode?: 'Ok' | 'Error';
  message?: { code?: string; text?: string }[];
}

interface TransactionResponse {
  responseCode?: string;
  authCode?: string;
  transId?: string;
  refTransID?: string;
  /** The masked card number, 'XXXX0015'. */
  accountNumber?: string;
  /** The card brand: 'Visa', 'MasterCard', 'AmericanExpress', 'Discover', 'JCB', 'DinersClub'. */
  accountType?: string;
  messages?: { code?: string; description?: string }[];
  errors?: { errorCode?: string; errorText?: string }[];
}

export interface AuthorizeNetAnswer {
  refId?: string;
  messages?: ApiMessages;
  transactionResponse?: TransactionResponse;
}

/** '12.34' for 1234 cents, without floating point. */
export function dollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Authorize.net's refId holds at most 20 characters: a digest of our (longer) idempotency key. */
export function refIdOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20);
}

/** The API answers JSON preceded by a UTF-8 byte order mark, which JSON.parse refuses. */
export function parseAnswer(text: string): AuthorizeNetAnswer {
  return JSON.parse(text.replace(/^\uFEFF/, '')) as AuthorizeNetAnswer;
}

const unavailable = (detail: string) => new PaymentGatewayError(AUTHNET_UNAVAILABLE, { detail });

export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorize-net';
  private readonly endpoint: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly byKey = new Map<string, Promise<ChargeOutcome>>();

  constructor(private readonly options: AuthorizeNetGatewayOptions) {
    this.endpoint = options.endpoint ?? AUTHORIZE_NET_API[options.environment ?? 'sandbox'];
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  }

  charge(request: ChargeRequest): Promise<ChargeOutcome> {
    // The same key answers the first outcome, even while that charge is running.
    const earlier = this.byKey.get(request.idempotencyKey);
    if (earlier) return earlier;
    const attempt = this.createTransaction(request);
    this.byKey.set(request.idempotencyKey, attempt);
    if (this.byKey.size > REMEMBERED_OUTCOMES) this.byKey.delete(this.byKey.keys().next().value!);
    // An undecided answer is not an outcome: a retry with the same key asks again (a used token
    // is then refused, so nothing can be charged twice).
    attempt.catch(() => this.byKey.delete(request.idempotencyKey));
    return attempt;
  }

  async void(chargeId: string): Promise<void> {
    const answer = await this.post({
      transactionRequest: { transactionType: 'voidTransaction', refTransId: chargeId },
    });
    const transaction = answer.transactionResponse;
    if (answer.messages?.resultCode === 'Ok' && transaction?.responseCode === '1') return;
    const reasons = [...(transaction?.errors ?? []).map((e) => e.errorCode), ...(transaction?.messages ?? []).map((m) => m.code)];
    if (reasons.includes(ALREADY_VOIDED)) return;
    throw unavailable(`void of ${chargeId} refused: ${describe(answer)}`);
  }

  private async createTransaction(request: ChargeRequest): Promise<ChargeOutcome> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new PaymentGatewayError(`invalid amount ${request.amountCents}`);
    }
    const refId = refIdOf(request.idempotencyKey);
    const answer = await this.post(
      {
        refId,
        transactionRequest: {
          transactionType: 'authCaptureTransaction',
          amount: dollars(request.amountCents),
          payment: { opaqueData: { dataDescriptor: ACCEPT_DATA_DESCRIPTOR, dataValue: request.token } },
          order: { description: request.description.slice(0, 255) },
        },
      },
    );
    return this.outcomeOf(answer, request, refId);
  }

  private outcomeOf(answer: AuthorizeNetAnswer, request: ChargeRequest, refId: string): ChargeOutcome {
    const transaction = answer.transactionResponse;
    const declinedId = (transId?: string) => (transId && transId !== '0' ? transId : `authnet-declined-${refId}`);
    const firstError = transaction?.errors?.[0];
    const code = answer.messages?.message?.[0]?.code ?? '';
    if (answer.messages?.resultCode === 'Error' && TOKEN_PROBLEMS.has(code) && (!transaction || transaction.responseCode === '3')) {
      return { status: 'declined', chargeId: declinedId(transaction?.transId), message: AUTHNET_TOKEN_PROBLEM };
    }

    switch (transaction?.responseCode) {
      case '1':
      case '4': {
        const approved = transaction.responseCode === '4' || answer.messages?.resultCode === 'Ok';
        if (!approved || !transaction.transId || transaction.transId === '0') {
          throw unavailable(`approval without a transaction id: ${describe(answer)}`);
        }
        // The card as Authorize.net names it (accountType, masked accountNumber): decision 037.
        const card = chargedCard(transaction.accountType, transaction.accountNumber);
        const charged = { status: 'captured' as const, chargeId: transaction.transId, amountCents: request.amountCents, ...(card ? { card } : {}) };
        if (transaction.responseCode === '4') {
          this.options.log?.warn({ transId: transaction.transId, refId }, 'Authorize.net held the charge for review: approve or void it in the Merchant Interface');
          return { ...charged, heldForReview: true };
        }
        return charged;
      }
      case '2':
        return { status: 'declined', chargeId: declinedId(transaction.transId), message: textOf(firstError?.errorText) ?? AUTHNET_DECLINED };
      case '3':
        if (CARD_PROBLEMS.has(firstError?.errorCode ?? '')) {
          return { status: 'declined', chargeId: declinedId(transaction.transId), message: textOf(firstError?.errorText) ?? AUTHNET_DECLINED };
        }
        throw unavailable(`transaction error: ${describe(answer)}`);
      default:
        break;
    }
    throw unavailable(`request refused: ${describe(answer)}`);
  }

  private async post(body: Record<string, unknown>): Promise<AuthorizeNetAnswer> {
    // Authorize.net reads the JSON in its XML schema's element order: authentication first.
    // A void is a createTransactionRequest too (transactionType voidTransaction).
    const payload = {
      createTransactionRequest: {
        merchantAuthentication: { name: this.options.apiLoginId, transactionKey: this.options.transactionKey },
        ...body,
      },
    };
    let response: Response;
    try {
      response = await this.fetchImpl(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw unavailable(`Authorize.net could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw unavailable(`Authorize.net answered HTTP ${response.status}`);
    try {
      return parseAnswer(text) ?? {};
    } catch {
      throw unavailable(`Authorize.net answered ${response.status} without JSON`);
    }
  }
}

function textOf(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A short account of an answer for logs (no card data is ever in it). */
function describe(answer: AuthorizeNetAnswer): string {
  const t = answer.transactionResponse;
  const messages = (answer.messages?.message ?? []).map((m) => `${m.code ?? '?'} ${m.text ?? ''}`.trim()).join('; ');
  const errors = (t?.errors ?? []).map((e) => `${e.errorCode ?? '?'} ${e.errorText ?? ''}`.trim()).join('; ');
  return [`resultCode=${answer.messages?.resultCode ?? '?'}`, messages, t ? `responseCode=${t.responseCode ?? '?'}` : '', errors]
    .filter(Boolean)
    .join(' | ');
}

export function createAuthorizeNetGateway(options: AuthorizeNetGatewayOptions): AuthorizeNetGateway {
  return new AuthorizeNetGateway(options);
}
