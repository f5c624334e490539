import { fromPromise } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { SuggestInput, Suggestion } from './search.types';

type CmsProductRef = components['schemas']['CmsProductRef'];
type PriceMap = components['schemas']['PriceMap'];

export interface SearchActorDeps {
  api: ApiClient;
  /**
   * The app's mapper from content-service product references and the price map to suggestions
   * (it builds the urls, the price and the sold-out state).
   */
  toSuggestions: (refs: CmsProductRef[], prices: PriceMap) => Suggestion[];
  /**
   * Prices and stock by sku (`GET Products`, shared with the pages and cached briefly), loaded
   * over the given network. Never rejects: no prices give suggestions without a price. Default:
   * no prices.
   */
  loadPrices?: (fetch: (request: Request) => Promise<Response>) => Promise<PriceMap>;
  /**
   * The network the suggestion requests use. They bypass the client's counted fetch, so typing
   * does not raise the full-page spinner (the overlay answers in place). Default: global fetch.
   */
  network?: () => typeof fetch;
}

/**
 * The search machine's actors (section 7, `GET /{cms}/products/search/{query}`), provided by the
 * app with `searchMachine.provide({ actors: createSearchActors(deps) })`; tests provide fakes.
 * The price map is asked for beside the search. The request is aborted when the machine leaves
 * `loading` (the text changed), so a stale answer is not even read.
 */
export function createSearchActors({
  api,
  toSuggestions,
  loadPrices = async () => ({}),
  network = () => globalThis.fetch,
}: SearchActorDeps) {
  const quiet = (request: Request) => network()(request);
  return {
    searchProducts: fromPromise<Suggestion[], SuggestInput>(async ({ input, signal }) => {
      const [envelope, prices] = await Promise.all([
        unwrap(
          api.GET('/cms/products/search/{query}', {
            params: { path: { query: input.query } },
            signal,
            fetch: quiet,
          }),
        ),
        loadPrices(quiet).catch(() => ({}) as PriceMap),
      ]);
      return toSuggestions(Array.isArray(envelope?.data) ? envelope.data : [], prices ?? {});
    }),
  };
}
