import type { CardValues } from '../../domain/checkout-forms';

/**
 * The card payment provider's browser interface (shop-core.md section 7, "Card payment
 * provider"; DESIGN.md section 3; decision 009). The provider's script is loaded on demand, only
 * on the checkout's payment step, by injecting `<script src>` at run time: it is never part of
 * the first-load bundle, and the URL comes from the runtime settings (`paymentScriptUrl`: the
 * embedded sandbox script by default, the provider's own sandbox or production script by
 * setting). The card goes from the browser to the provider; only the one-time token it returns
 * is sent to the shop API (checkout's paymentToken).
 */

/** The embedded sandbox provider's script, served by our server (server/src/payments/). */
export const DEFAULT_PAYMENT_SCRIPT_URL = '/payments-sandbox/v1/sandbox.js';

/** How long the script may take to load before Place Order reports an error. */
export const SCRIPT_TIMEOUT_MS = 15_000;

export const PROVIDER_UNAVAILABLE = 'The payment service could not be loaded. Please try again.';
export const TOKENIZE_FAILED = 'Your card could not be checked. Please try again.';

/** The card as the provider's `createToken` takes it (Stripe-like field names). */
export interface ProviderCard {
  number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}

export type ProviderTokenResult = { id: string } | { error: { message?: string; code?: string } };

/** What the provider's script exposes as `window.RidgelinePay`. */
export interface PaymentProvider {
  createToken(card: ProviderCard): Promise<ProviderTokenResult>;
}

declare global {
  interface Window {
    RidgelinePay?: PaymentProvider;
  }
}

export interface CardTokenizerOptions {
  /** The runtime setting `paymentScriptUrl`; the sandbox script when absent. */
  scriptUrl?: string;
  /** Tests pass jsdom's; the page's by default. */
  document?: Document;
  /** Where the script puts its interface; `window.RidgelinePay` by default. */
  getProvider?: () => PaymentProvider | undefined;
  timeoutMs?: number;
}

export interface CardTokenizer {
  /** Starts loading the script (on entering the payment step), so Place Order does not wait. */
  preload(): Promise<void>;
  /** The one-time token for the card; rejects with an Error carrying the provider's message. */
  tokenizeCard(card: CardValues): Promise<string>;
}

/** The card form's values (src/domain/checkout-forms.ts) in the provider's shape. */
export function toProviderCard(card: CardValues): ProviderCard {
  return {
    // The form shows the number grouped (4-4-4-4 / 4-6-5); the provider wants digits only.
    number: card.cardNumber.replace(/\D/g, ''),
    exp_month: card.month.trim(),
    exp_year: card.year.trim(),
    cvc: card.cardCode.trim(),
  };
}

export function createCardTokenizer(options: CardTokenizerOptions = {}): CardTokenizer {
  const scriptUrl = options.scriptUrl || DEFAULT_PAYMENT_SCRIPT_URL;
  const getProvider = options.getProvider ?? (() => globalThis.window?.RidgelinePay);
  const timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS;
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
      let result: ProviderTokenResult;
      try {
        result = await provider.createToken(toProviderCard(card));
      } catch (error) {
        throw new Error(error instanceof Error && error.message ? error.message : TOKENIZE_FAILED, { cause: error });
      }
      if (result && 'error' in result && result.error) throw new Error(result.error.message || TOKENIZE_FAILED);
      if (!result || !('id' in result) || typeof result.id !== 'string' || result.id === '') throw new Error(TOKENIZE_FAILED);
      return result.id;
    },
  };
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
      if (!provider) return fail();
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
