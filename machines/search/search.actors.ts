import { fromPromise } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { SuggestInput, Suggestion } from './search.types';

type CmsProductRef = components['schemas']['CmsProductRef'];

export interface SearchActorDeps {
  api: ApiClient;
  /** The app's mapper from content-service product references to suggestions (it builds the urls). */
  toSuggestions: (refs: CmsProductRef[]) => Suggestion[];
  /**
   * The network the suggestion requests use. They bypass the client's counted fetch, so typing
   * does not raise the full-page spinner (the overlay answers in place). Default: global fetch.
   */
  network?: () => typeof fetch;
}

/**
 * The search machine's actors (section 7, `GET /{cms}/products/search/{query}`), provided by the
 * app with `searchMachine.provide({ actors: createSearchActors(deps) })`; tests provide fakes.
 * The request is aborted when the machine leaves `loading` (the text changed), so a stale answer
 * is not even read.
 */
export function createSearchActors({ api, toSuggestions, network = () => globalThis.fetch }: SearchActorDeps) {
  return {
    searchProducts: fromPromise<Suggestion[], SuggestInput>(async ({ input, signal }) => {
      const envelope = await unwrap(
        api.GET('/cms/products/search/{query}', {
          params: { path: { query: input.query } },
          signal,
          fetch: (request: Request) => network()(request),
        }),
      );
      return toSuggestions(Array.isArray(envelope?.data) ? envelope.data : []);
    }),
  };
}
