import type { RuntimeSettings } from '../../runtime-settings';
import { createCardTokenizer, type CardTokenizer } from './tokenizer';

let shared: { url: string | undefined; tokenizer: CardTokenizer } | null = null;

/**
 * The page's one card tokenizer for the given runtime settings (the script is injected at most
 * once per page load). The checkout wires it as its `tokenizeCard` actor:
 *
 *   const { tokenizeCard, preload } = cardTokenizerFor(services.settings);
 *   checkoutMachine.provide({ actors: { tokenizeCard: fromPromise(({ input }) => tokenizeCard(input)) } });
 *
 * and may call `preload()` when the payment step shows.
 */
export function cardTokenizerFor(settings: Pick<RuntimeSettings, 'paymentScriptUrl'>): CardTokenizer {
  if (!shared || shared.url !== settings.paymentScriptUrl) {
    shared = { url: settings.paymentScriptUrl, tokenizer: createCardTokenizer({ scriptUrl: settings.paymentScriptUrl }) };
  }
  return shared.tokenizer;
}
