import type { RuntimeSettings } from '../../runtime-settings';
import { createCardTokenizer, type CardTokenizer } from './tokenizer';

type PaymentSettings = Pick<RuntimeSettings, 'paymentScriptUrl' | 'paymentClientKey' | 'paymentApiLoginId'>;

let shared: { key: string; tokenizer: CardTokenizer } | null = null;

/**
 * The page's one card tokenizer for the given runtime settings (the script is injected at most
 * once per page load). The checkout wires it as its `tokenizeCard` actor:
 *
 *   const { tokenizeCard, preload } = cardTokenizerFor(services.settings);
 *   checkoutMachine.provide({ actors: { tokenizeCard: fromPromise(({ input }) => tokenizeCard(input)) } });
 *
 * and may call `preload()` when the payment step shows.
 */
export function cardTokenizerFor(settings: Partial<PaymentSettings>): CardTokenizer {
  const key = JSON.stringify([settings.paymentScriptUrl, settings.paymentClientKey, settings.paymentApiLoginId]);
  if (!shared || shared.key !== key) {
    shared = {
      key,
      tokenizer: createCardTokenizer({
        scriptUrl: settings.paymentScriptUrl,
        clientKey: settings.paymentClientKey,
        apiLoginId: settings.paymentApiLoginId,
      }),
    };
  }
  return shared.tokenizer;
}
