import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createCardTokenizer,
  DEFAULT_PAYMENT_SCRIPT_URL,
  PROVIDER_UNAVAILABLE,
  SANDBOX_API_LOGIN_ID,
  SANDBOX_CLIENT_KEY,
  TOKENIZE_FAILED,
  toAcceptCardData,
  tokenOf,
  type AcceptResponse,
  type AcceptSecureData,
  type PaymentProvider,
} from '../../../src/features/checkout/tokenizer';
import { cardTokenizerFor } from '../../../src/features/checkout/card-tokenizer';

/**
 * The payment provider's browser interface (shop-core section 7): Authorize.net Accept.js's
 * `window.Accept.dispatchData` (decision 012). The script is injected on demand (jsdom does not
 * fetch it; the tests play the browser's load / error), and failures turn into Errors carrying
 * the provider's first message, which the checkout shows as 'Error: {message}'.
 */

const card = { cardNumber: '4242 4242 4242 4242', month: '07', year: '2031', cardCode: '123 ' };

const ok = (dataValue: string): AcceptResponse => ({
  opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue },
  messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
});
const error = (code: string, text: string): AcceptResponse => ({ messages: { resultCode: 'Error', message: [{ code, text }] } });

/** A provider answering like Accept.js: once, asynchronously. */
function provider(answer: (data: AcceptSecureData) => AcceptResponse) {
  return {
    dispatchData: vi.fn((data: AcceptSecureData, handler: (response: AcceptResponse) => void) => {
      setTimeout(() => handler(answer(data)), 0);
    }),
  };
}

function injected() {
  return [...document.head.querySelectorAll('script')];
}

/** Plays the browser: the script ran and defined the provider, then `load` fires. */
function scriptLoads(accept: PaymentProvider | undefined, holder: { provider?: PaymentProvider }) {
  const script = injected().at(-1);
  if (!script) throw new Error('no script was injected');
  holder.provider = accept;
  script.dispatchEvent(new Event('load'));
}

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('toAcceptCardData', () => {
  it("sends digits only and the form values trimmed, in Accept.js's cardData names", () => {
    expect(toAcceptCardData(card)).toEqual({ cardNumber: '4242424242424242', month: '07', year: '2031', cardCode: '123' });
    expect(toAcceptCardData({ ...card, cardNumber: '3782 822463 10005' }).cardNumber).toBe('378282246310005');
  });
});

describe('tokenOf', () => {
  it("takes opaqueData.dataValue of an 'Ok' answer, and the first message of an error", () => {
    expect(tokenOf(ok('eyJjb2RlIjoiNTBfMl8wNjAw'))).toBe('eyJjb2RlIjoiNTBfMl8wNjAw');
    expect(() => tokenOf(error('E_WC_05', 'Please provide valid credit card number.'))).toThrow('Please provide valid credit card number.');
    expect(() =>
      tokenOf({ messages: { resultCode: 'Error', message: [{ code: 'E_WC_08', text: 'Expiration date must be in the future.' }, { code: 'E_WC_15', text: 'Please provide valid CVV.' }] } }),
    ).toThrow(/^Expiration date must be in the future\.$/);
  });

  it('an answer without a token or a message is the generic error', () => {
    expect(() => tokenOf({ messages: { resultCode: 'Ok', message: [] } })).toThrow(TOKENIZE_FAILED);
    expect(() => tokenOf({ messages: { resultCode: 'Error', message: [] } })).toThrow(TOKENIZE_FAILED);
    expect(() => tokenOf(error('E_WC_19', '  '))).toThrow(TOKENIZE_FAILED);
    expect(() => tokenOf(undefined)).toThrow(TOKENIZE_FAILED);
  });
});

describe('createCardTokenizer', () => {
  it('injects nothing until a card is tokenized, then one async script from the setting', async () => {
    const holder: { provider?: PaymentProvider } = {};
    const accept = provider(() => ok('token-123'));
    const tokenizer = createCardTokenizer({
      scriptUrl: 'https://jstest.authorize.net/v1/Accept.js',
      clientKey: '5FcB6WrfHGS76gHW3v7btBCE3HuuBuke9Pj96Ztfn5R32G5ep42vne7MCWZtAucY',
      apiLoginId: '5KP3u95bQpv',
      getProvider: () => holder.provider,
    });
    expect(injected()).toHaveLength(0);

    const first = tokenizer.tokenizeCard(card);
    const second = tokenizer.tokenizeCard(card);
    expect(injected()).toHaveLength(1);
    expect(injected()[0].getAttribute('src')).toBe('https://jstest.authorize.net/v1/Accept.js');
    expect(injected()[0].async).toBe(true);

    scriptLoads(accept, holder);
    await expect(first).resolves.toBe('token-123');
    await expect(second).resolves.toBe('token-123');
    expect(accept.dispatchData).toHaveBeenCalledWith(
      {
        authData: { clientKey: '5FcB6WrfHGS76gHW3v7btBCE3HuuBuke9Pj96Ztfn5R32G5ep42vne7MCWZtAucY', apiLoginID: '5KP3u95bQpv' },
        cardData: { cardNumber: '4242424242424242', month: '07', year: '2031', cardCode: '123' },
      },
      expect.any(Function),
    );

    // Loaded once: later cards use the provider without another script.
    await expect(tokenizer.tokenizeCard(card)).resolves.toBe('token-123');
    expect(injected()).toHaveLength(1);
  });

  it('uses the embedded sandbox script and its keys when nothing is set', async () => {
    const tokenizer = createCardTokenizer({ getProvider: () => undefined });
    void tokenizer.preload();
    expect(injected()[0].getAttribute('src')).toBe(DEFAULT_PAYMENT_SCRIPT_URL);

    const accept = provider(() => ok('tok_1'));
    await createCardTokenizer({ getProvider: () => accept }).tokenizeCard(card);
    expect(accept.dispatchData.mock.calls[0][0].authData).toEqual({ clientKey: SANDBOX_CLIENT_KEY, apiLoginID: SANDBOX_API_LOGIN_ID });
  });

  it("raises an Error with the provider's message when the card is refused", async () => {
    const accept = provider(() => error('E_WC_05', 'Your card number is invalid'));
    const tokenizer = createCardTokenizer({ getProvider: () => accept });
    const failure = await tokenizer.tokenizeCard(card).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Your card number is invalid');
    expect(injected()).toHaveLength(0); // the provider was already on the page
  });

  it('a provider that throws, or never answers, is an Error', async () => {
    const throwing = createCardTokenizer({
      getProvider: () => ({
        dispatchData: () => {
          throw new Error('Accept.js is not loaded correctly');
        },
      }),
    });
    await expect(throwing.tokenizeCard(card)).rejects.toThrow('Accept.js is not loaded correctly');

    vi.useFakeTimers();
    const silent = createCardTokenizer({ getProvider: () => ({ dispatchData: () => undefined }), responseTimeoutMs: 1000 });
    const settled = expect(silent.tokenizeCard(card)).rejects.toThrow(TOKENIZE_FAILED);
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
  });

  it('answers once even if the provider calls the handler twice', async () => {
    const accept: PaymentProvider = {
      dispatchData: (_data, handler) => {
        handler(ok('first'));
        handler(error('E_WC_19', 'late'));
      },
    };
    await expect(createCardTokenizer({ getProvider: () => accept }).tokenizeCard(card)).resolves.toBe('first');
  });

  it('a script that fails to load rejects, and the next attempt injects it again', async () => {
    const holder: { provider?: PaymentProvider } = {};
    const tokenizer = createCardTokenizer({ getProvider: () => holder.provider });
    const attempt = tokenizer.tokenizeCard(card);
    injected()[0].dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow(PROVIDER_UNAVAILABLE);

    const retry = tokenizer.tokenizeCard(card);
    expect(injected()).toHaveLength(1); // the failed one was replaced
    scriptLoads(provider(() => ok('tok_retry')), holder);
    await expect(retry).resolves.toBe('tok_retry');
  });

  it('a script that loads without defining the provider, or never loads, rejects', async () => {
    vi.useFakeTimers();
    const holder: { provider?: PaymentProvider } = {};
    const tokenizer = createCardTokenizer({ getProvider: () => holder.provider, timeoutMs: 1000 });
    const noProvider = tokenizer.tokenizeCard(card);
    scriptLoads(undefined, holder);
    await expect(noProvider).rejects.toThrow(PROVIDER_UNAVAILABLE);

    const hanging = tokenizer.tokenizeCard(card);
    const settled = expect(hanging).rejects.toThrow(PROVIDER_UNAVAILABLE);
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
  });

  it('preload never rejects (the error is reported when the card is tokenized)', async () => {
    const tokenizer = createCardTokenizer({ getProvider: () => undefined });
    const preloading = tokenizer.preload();
    injected()[0].dispatchEvent(new Event('error'));
    await expect(preloading).resolves.toBeUndefined();
  });
});

describe('cardTokenizerFor', () => {
  it('gives one tokenizer per page for the same settings', () => {
    const a = cardTokenizerFor({ paymentScriptUrl: undefined });
    expect(cardTokenizerFor({ paymentScriptUrl: undefined })).toBe(a);
    expect(cardTokenizerFor({ paymentScriptUrl: 'https://js.authorize.net/v1/Accept.js' })).not.toBe(a);
    const live = cardTokenizerFor({ paymentScriptUrl: 'https://js.authorize.net/v1/Accept.js', paymentClientKey: 'k', paymentApiLoginId: 'l' });
    expect(cardTokenizerFor({ paymentScriptUrl: 'https://js.authorize.net/v1/Accept.js', paymentClientKey: 'k', paymentApiLoginId: 'l' })).toBe(live);
    expect(cardTokenizerFor({ paymentScriptUrl: 'https://js.authorize.net/v1/Accept.js', paymentClientKey: 'k2', paymentApiLoginId: 'l' })).not.toBe(live);
  });
});
