import { fromPromise } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { CartCalls } from './cart.carry';
import { cartLines, isSameLine } from './cart.operations';
import type { CarryLinesInput, ChangeCartInput, MergeGuestCartInput } from './cart.types';

/** The cart as every cart call returns it (the spec's Cart entity). */
export type Cart = components['schemas']['Cart'];

/** A line as product pages and the builder send it (only productId and quantity matter). */
export type CartLineInput = components['schemas']['CartLineInput'];

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
    mergeGuestCart: fromPromise<Cart, MergeGuestCartInput>(async ({ input: { guestToken, carried } }) => {
      if (!carried) {
        return unwrap(api.POST('/Cart/merge', { params: { query: { guestId: guestToken } }, body: { guestId: guestToken } }));
      }
      // After an expiry the guest cart carried the user's lines: only what is beyond them is added.
      const user: CartCalls = { add: (lines) => unwrap(api.POST('/Cart/items', { body: lines })), load: () => unwrap(api.GET('/Cart')) };
      return (await import('./cart.carry')).mergeCarriedCart(guestCalls(api, guestToken), user, carried, { isSameLine, cartLines });
    }),
    /** After an expiry: the user's lines into the new guest cart (issue 18). */
    carryLines: fromPromise<Cart, CarryLinesInput>(async ({ input }) =>
      (await import('./cart.carry')).addLines(guestCalls(api, input.guestToken), input.lines),
    ),
    loadUserCart: fromPromise<Cart>(() => unwrap(api.GET('/Cart'))),
    /** One line change, in the owner's variant of the call (shop-core.md section 7). */
    changeCart: fromPromise<Cart, ChangeCartInput>(({ input }) => changeCart(api, input)),
  };
}

/** The guest cart's calls, for the expiry's carry-over (cart.carry.ts). */
function guestCalls(api: ApiClient, guestToken: string): CartCalls {
  const path = { guestToken };
  return {
    add: (lines) => unwrap(api.POST('/Cart/guest/{guestToken}/items', { params: { path }, body: lines })),
    load: () => unwrap(api.GET('/Cart/guest/{guestToken}', { params: { path } })),
  };
}

function changeCart(api: ApiClient, { owner, guestToken, request }: ChangeCartInput): Promise<Cart> {
  if (owner === 'guest') {
    const guest = { guestToken: guestToken ?? '' };
    switch (request.kind) {
      case 'add':
        return unwrap(api.POST('/Cart/guest/{guestToken}/items', { params: { path: guest }, body: [request.line] }));
      case 'update':
        return unwrap(
          api.PUT('/Cart/guest/{guestToken}/items/{id}', {
            params: { path: { ...guest, id: request.itemId } },
            body: { quantity: request.quantity },
          }),
        );
      case 'delete':
        return unwrap(api.DELETE('/Cart/guest/{guestToken}/items/{id}', { params: { path: { ...guest, id: request.itemId } } }));
    }
  }
  switch (request.kind) {
    case 'add':
      return unwrap(api.POST('/Cart/items', { body: [request.line] }));
    case 'update':
      return unwrap(api.PUT('/Cart/items/{id}', { params: { path: { id: request.itemId } }, body: { quantity: request.quantity } }));
    case 'delete':
      return unwrap(api.DELETE('/Cart/items/{id}', { params: { path: { id: request.itemId } } }));
  }
}
