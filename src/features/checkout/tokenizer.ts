import type { CardValues } from '../../domain/checkout-forms';
import { SANDBOX_PAYMENT_API_LOGIN_ID, SANDBOX_PAYMENT_CLIENT_KEY } from '../../runtime-settings';

/**
 * The card payment provider's browser interface (shop-core.md section 7, "Card payment
 * provider"; DESIGN.md section 3; decisions 009 and 012). The provider is Authorize.net and its
 * browser interface is Accept.js's `window.Accept.dispatchData`: the embedded sandbox script
 * (server/src/payments/sandbox-script.js) implements the same interface, so PAYMENT_SCRIPT_URL
 * may point at Authorize.net's own Accept.js (sandbox or production) without another change here.
 *
 * The script is loaded on demand, only on the checkout's payment step, by injecting
 * `<script src>` at run time: it is never part of the first-load bundle, and the URL and the
 * public keys come from the runtime settings. The card goes from the browser to the provider;
 * only the one-time token it returns (`opaqueData.dataValue`) is sent to the shop API
 * (checkout's paymentToken); the server charges it with the descriptor
 * COMMON.ACCEPT.INAPP.PAYMENT.
 */

/** The embedded sandbox provider's script, served by our server (server/src/payments/). */
export const DEFAULT_PAYMENT_SCRIPT_URL = '/payments-sandbox/v1/sandbox.js';
/** The embedded sandbox's public keys (the sandbox script only checks they are present). */
export const SANDBOX_CLIENT_KEY = SANDBOX_PAYMENT_CLIENT_KEY;
export const SANDBOX_API_LOGIN_ID = SANDBOX_PAYMENT_API_LOGIN_ID;

/** The descriptor Accept.js gives its one-time tokens (the server charges with it). */
export const ACCEPT_DATA_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';

/** How long the script may take to load before Place Order reports an error. */
export const SCRIPT_TIMEOUT_MS = 15_000;
/** How long the provider may take to answer a card before Place Order reports an error. */
export const RESPONSE_TIMEOUT_MS = 30_000;

export const PROVIDER_UNAVAILABLE = 'The payment service could not be loaded. Please try again.';
export const TOKENIZE_FAILED = 'Your card could not be checked. Please try again.';

/** Accept.js's `cardData`: the field names are the spec's (shop-core section 5). */
export interface AcceptCardData {
  cardNumber: string;
  month: string;
  year: string;
  cardCode: string;
}

export interface AcceptSecureData {
  authData: { clientKey: string; apiLoginID: string };
  cardData: AcceptCardData;
}

export interface AcceptMessage {
  code: string;
  text: string;
}

/** What Accept.js hands the response handler. */
export interface AcceptResponse {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: 'Ok' | 'Error'; message: AcceptMessage[] };
}

/** What the provider's script exposes as `window.Accept`. */
export interface PaymentProvider {
  dispatchData(secureData: AcceptSecureData, responseHandler: (response: AcceptResponse) => void): void;
}

declare global {
  interface Window {
    Accept?: PaymentProvider;
  }
}

export interface CardTokenizerOptions {
  /** The runtime setting `paymentScriptUrl`; the sandbox script when absent. */
  scriptUrl?: string;
  /** The runtime setting `paymentClientKey` (Authorize.net's Public Client Key). */
  clientKey?: string;
  /** The runtime setting `paymentApiLoginId` (Authorize.net's API Login ID, public). */
  apiLoginId?: string;
  /** Tests pass jsdom's; the page's by default. */
  document?: Document;
  /** Where the script puts its interface; `window.Accept` by default. */
  getProvider?: () => PaymentProvider | undefined;
  timeoutMs?: number;
  responseTimeoutMs?: number;
}

export interface CardTokenizer {
  /** Starts loading the script (on entering the payment step), so Place Order does not wait. */
  preload(): Promise<void>;
  /** The one-time token for the card; rejects with an Error carrying the provider's message. */
  tokenizeCard(card: CardValues): Promise<string>;
}

/** The card form's values (src/domain/checkout-forms.ts) as Accept.js's `cardData`. */
export function toAcceptCardData(card: CardValues): AcceptCardData {
  return {
    // The form shows the number grouped (4-4-4-4 / 4-6-5); the provider wants digits only.
    cardNumber: card.cardNumber.replace(/\D/g, ''),
    month: card.month.trim(),
    year: card.year.trim(),
    cardCode: card.cardCode.trim(),
  };
}

export function createCardTokenizer(options: CardTokenizerOptions = {}): CardTokenizer {
  const scriptUrl = options.scriptUrl || DEFAULT_PAYMENT_SCRIPT_URL;
  const authData = {
    clientKey: options.clientKey || SANDBOX_CLIENT_KEY,
    apiLoginID: options.apiLoginId || SANDBOX_API_LOGIN_ID,
  };
  const getProvider = options.getProvider ?? (() => globalThis.window?.Accept);
  const timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS;
  const responseTimeoutMs = options.responseTimeoutMs ?? RESPONSE_TIMEOUT_MS;
  let loading: Promise<PaymentProvider> | null = null;

  const load = (): Promise<PaymentProvider> => {
    const ready = getProvider();
    if (ready) return Promise.resolve(ready);
    loading ??= injectScript(options.document ?? globalThis.document, scriptUrl, getProvider, timeoutMs).catch((error: unknown) => {
      // A failed load (offline, blocked) may be retried by the next Place Order.
      loading = null;
      throw error;
    });
    return loading;
  };

  return {
    preload: () => load().then(
      () => undefined,
      () => undefined, // reported when the card is tokenized
    ),
    async tokenizeCard(card) {
      const provider = await load();
      const response = await dispatch(provider, { authData, cardData: toAcceptCardData(card) }, responseTimeoutMs);
      return tokenOf(response);
    },
  };
}

/** Accept.js answers through a callback, once; it may also throw for a malformed call. */
function dispatch(provider: PaymentProvider, secureData: AcceptSecureData, timeoutMs: number): Promise<AcceptResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => finish(() => reject(new Error(TOKENIZE_FAILED))), timeoutMs);
    function finish(settle: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
    }
    try {
      provider.dispatchData(secureData, (response) => finish(() => resolve(response)));
    } catch (error) {
      finish(() => reject(new Error(error instanceof Error && error.message ? error.message : TOKENIZE_FAILED, { cause: error })));
    }
  });
}

/** The token of an 'Ok' answer; an Error with the provider's first message otherwise. */
export function tokenOf(response: AcceptResponse | undefined): string {
  const messages = response?.messages;
  if (messages?.resultCode === 'Ok') {
    const value = response?.opaqueData?.dataValue;
    if (typeof value === 'string' && value !== '') return value;
    throw new Error(TOKENIZE_FAILED);
  }
  const text = messages?.message?.[0]?.text;
  throw new Error(typeof text === 'string' && text.trim() ? text.trim() : TOKENIZE_FAILED);
}

const SCRIPT_MARK = 'data-payment-provider';

function injectScript(
  doc: Document | undefined,
  src: string,
  getProvider: () => PaymentProvider | undefined,
  timeoutMs: number,
): Promise<PaymentProvider> {
  return new Promise((resolve, reject) => {
    if (!doc) {
      reject(new Error(PROVIDER_UNAVAILABLE));
      return;
    }
    // A script left by an earlier attempt that failed is replaced; one still loading is joined.
    const previous = [...doc.querySelectorAll<HTMLScriptElement>(`script[${SCRIPT_MARK}]`)].find(
      (element) => element.getAttribute('src') === src,
    );
    if (previous?.dataset.state === 'failed') previous.remove();
    const script = previous?.dataset.state === 'loading' ? previous : doc.createElement('script');

    const timer = setTimeout(() => fail(), timeoutMs);
    function done() {
      clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', fail);
    }
    function fail() {
      done();
      script.dataset.state = 'failed';
      reject(new Error(PROVIDER_UNAVAILABLE));
    }
    function onLoad() {
      const provider = getProvider();
      if (!provider || typeof provider.dispatchData !== 'function') return fail();
      done();
      script.dataset.state = 'loaded';
      resolve(provider);
    }
    script.addEventListener('load', onLoad);
    script.addEventListener('error', fail);
    if (script !== previous) {
      script.setAttribute(SCRIPT_MARK, '');
      script.dataset.state = 'loading';
      script.async = true;
      script.src = src;
      doc.head.append(script);
    }
  });
}
