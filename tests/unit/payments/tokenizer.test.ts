import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createCardTokenizer,
  DEFAULT_PAYMENT_SCRIPT_URL,
  PROVIDER_UNAVAILABLE,
  TOKENIZE_FAILED,
  toProviderCard,
  type PaymentProvider,
} from '../../../src/features/payments/tokenizer';
import { cardTokenizerFor } from '../../../src/features/payments/card-tokenizer';

/**
 * The payment provider's browser interface (shop-core section 7): the script is injected on
 * demand (jsdom does not fetch it; the tests play the browser's load / error), and failures turn
 * into Errors carrying the provider's message, which the checkout shows as 'Error: {message}'.
 */

const card = { cardNumber: '4242 4242 4242 4242', month: '07', year: '2031', cardCode: '123 ' };

function injected() {
  return [...document.head.querySelectorAll('script')];
}

/** Plays the browser: the script ran and defined the provider, then `load` fires. */
function scriptLoads(provider: PaymentProvider | undefined, holder: { provider?: PaymentProvider }) {
  const script = injected().at(-1);
  if (!script) throw new Error('no script was injected');
  holder.provider = provider;
  script.dispatchEvent(new Event('load'));
}

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('toProviderCard', () => {
  it('sends digits only and the form values trimmed, in the provider field names', () => {
    expect(toProviderCard(card)).toEqual({ number: '4242424242424242', exp_month: '07', exp_year: '2031', cvc: '123' });
    expect(toProviderCard({ ...card, cardNumber: '3782 822463 10005' }).number).toBe('378282246310005');
  });
});

describe('createCardTokenizer', () => {
  it('injects nothing until a card is tokenized, then one async script from the setting', async () => {
    const holder: { provider?: PaymentProvider } = {};
    const createToken = vi.fn(async () => ({ id: 'tok_123' }));
    const tokenizer = createCardTokenizer({ scriptUrl: 'https://js.pay.example.com/v3/pay.js', getProvider: () => holder.provider });
    expect(injected()).toHaveLength(0);

    const first = tokenizer.tokenizeCard(card);
    const second = tokenizer.tokenizeCard(card);
    expect(injected()).toHaveLength(1);
    expect(injected()[0].getAttribute('src')).toBe('https://js.pay.example.com/v3/pay.js');
    expect(injected()[0].async).toBe(true);

    scriptLoads({ createToken }, holder);
    await expect(first).resolves.toBe('tok_123');
    await expect(second).resolves.toBe('tok_123');
    expect(createToken).toHaveBeenCalledWith({ number: '4242424242424242', exp_month: '07', exp_year: '2031', cvc: '123' });

    // Loaded once: later cards use the provider without another script.
    await expect(tokenizer.tokenizeCard(card)).resolves.toBe('tok_123');
    expect(injected()).toHaveLength(1);
  });

  it('uses the embedded sandbox script when no URL is set', () => {
    const tokenizer = createCardTokenizer({ getProvider: () => undefined });
    void tokenizer.preload();
    expect(injected()[0].getAttribute('src')).toBe(DEFAULT_PAYMENT_SCRIPT_URL);
  });

  it("raises an Error with the provider's message when the card is refused", async () => {
    const holder = { provider: { createToken: async () => ({ error: { message: 'Your card number is incorrect', code: 'invalid_number' } }) } };
    const tokenizer = createCardTokenizer({ getProvider: () => holder.provider });
    const error = await tokenizer.tokenizeCard(card).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Your card number is incorrect');
    expect(injected()).toHaveLength(0); // the provider was already on the page
  });

  it('a provider that throws, or answers neither a token nor an error, is a generic Error', async () => {
    const throwing = createCardTokenizer({ getProvider: () => ({ createToken: async () => Promise.reject(new Error('Network down')) }) });
    await expect(throwing.tokenizeCard(card)).rejects.toThrow('Network down');
    const silent = createCardTokenizer({ getProvider: () => ({ createToken: async () => ({}) as never }) });
    await expect(silent.tokenizeCard(card)).rejects.toThrow(TOKENIZE_FAILED);
    const emptyMessage = createCardTokenizer({ getProvider: () => ({ createToken: async () => ({ error: {} }) }) });
    await expect(emptyMessage.tokenizeCard(card)).rejects.toThrow(TOKENIZE_FAILED);
  });

  it('a script that fails to load rejects, and the next attempt injects it again', async () => {
    const holder: { provider?: PaymentProvider } = {};
    const tokenizer = createCardTokenizer({ getProvider: () => holder.provider });
    const attempt = tokenizer.tokenizeCard(card);
    injected()[0].dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow(PROVIDER_UNAVAILABLE);

    const retry = tokenizer.tokenizeCard(card);
    expect(injected()).toHaveLength(1); // the failed one was replaced
    scriptLoads({ createToken: async () => ({ id: 'tok_retry' }) }, holder);
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
    expect(cardTokenizerFor({ paymentScriptUrl: 'https://js.pay.example.com/v3/pay.js' })).not.toBe(a);
  });
});
