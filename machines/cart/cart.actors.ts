import { fromPromise } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';

/** The cart as every cart call returns it (the spec's Cart entity). */
export type Cart = components['schemas']['Cart'];

/**
 * The cart machine's actors over the API client. The app provides them with
 * `cartMachine.provide({ actors: createCartActors(api) })`; tests provide fakes.
 */
export function createCartActors(api: ApiClient) {
  return {
    createGuestToken: fromPromise<string>(async () => (await unwrap(api.POST('/Auth/guest'))).guestToken),
    loadGuestCart: fromPromise<Cart, { guestToken: string }>(({ input }) =>
      unwrap(api.GET('/Cart/guest/{guestToken}', { params: { path: { guestToken: input.guestToken } } })),
    ),
    mergeGuestCart: fromPromise<Cart, { guestToken: string }>(({ input }) =>
      unwrap(
        api.POST('/Cart/merge', {
          params: { query: { guestId: input.guestToken } },
          body: { guestId: input.guestToken },
        }),
      ),
    ),
    loadUserCart: fromPromise<Cart>(() => unwrap(api.GET('/Cart'))),
  };
}
