import { assign, emit, setup } from 'xstate';
import { errorStatus, networkErrorText } from '../../src/domain/error-text';
import { notProvided } from '../shared/not-provided';
import type { Cart, CartContext, CartEmitted, CartEvent, CartInput } from './cart.types';

/**
 * The cart (shop-core.md sections 4, 6, 8, 9). This issue brings who owns it:
 *
 * - With no user, the guest token is read from local storage at start; without one a guest
 *   token is made (POST /Auth/guest) and stored; the guest cart is loaded. A 404 on a guest cart
 *   call is silenced and a new guest token and cart are made.
 * - After sign-in the guest cart is merged into the user cart, the stored guest token is removed
 *   and cleared in state, and the user's cart is loaded.
 * - On sign-out or token expiry the cart is reset and a new guest cart is started.
 *
 * The owner is the top-level state (`guest` / `user`); each has a `ready` state where the later
 * cart issue adds the line operations (add, update, delete) and their messages, with actors that
 * take the owner as input. Side effects are named: actors from cart.actors.ts, local-storage
 * writes as the `storeGuestToken` / `forgetStoredGuestToken` actions the app provides.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    emitted: {} as CartEmitted,
    input: {} as CartInput,
  },
  actors: {
    createGuestToken: notProvided<string>('createGuestToken'),
    loadGuestCart: notProvided<Cart, { guestToken: string }>('loadGuestCart'),
    mergeGuestCart: notProvided<Cart, { guestToken: string }>('mergeGuestCart'),
    loadUserCart: notProvided<Cart>('loadUserCart'),
  },
  actions: {
    setGuestToken: assign({ guestToken: (_, params: { guestToken: string }) => params.guestToken }),
    setCart: assign({ cart: (_, params: { cart: Cart }) => params.cart }),
    clearGuestToken: assign({ guestToken: null }),
    resetCart: assign({ cart: null }),
    /** Local storage `guestToken` := the token (provided by the app). */
    storeGuestToken: (_, _params: { guestToken: string }) => {},
    /** Local storage `guestToken` removed (provided by the app). */
    forgetStoredGuestToken: () => {},
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notification.show' as const,
      kind: 'error' as const,
      text: networkErrorText(params.error),
    })),
  },
  guards: {
    hasGuestToken: ({ context }) => context.guestToken !== null,
    isNotFound: (_, params: { error: unknown }) => errorStatus(params.error) === 404,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ guestToken: input.guestToken, cart: null }),
  initial: 'idle',
  on: {
    // From any state: the session decides the owner; re-entering restarts the owner's flow.
    'cart.owner.user': { target: '.user', reenter: true },
    'cart.reset': {
      target: '.guest',
      reenter: true,
      actions: ['resetCart', 'clearGuestToken', 'forgetStoredGuestToken'],
    },
  },
  states: {
    /** Waiting for the session to say whether someone is signed in. */
    idle: {
      on: {
        'cart.owner.guest': { target: 'guest' },
      },
    },

    guest: {
      initial: 'resolving',
      states: {
        resolving: {
          always: [{ guard: 'hasGuestToken', target: 'loading' }, { target: 'creatingToken' }],
        },
        creatingToken: {
          invoke: {
            id: 'createGuestToken',
            src: 'createGuestToken',
            onDone: {
              target: 'loading',
              actions: [
                { type: 'setGuestToken', params: ({ event }) => ({ guestToken: event.output }) },
                { type: 'storeGuestToken', params: ({ event }) => ({ guestToken: event.output }) },
              ],
            },
            onError: { target: 'failed', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loading: {
          invoke: {
            id: 'loadGuestCart',
            src: 'loadGuestCart',
            input: ({ context }) => ({ guestToken: context.guestToken! }),
            onDone: { target: 'ready', actions: { type: 'setCart', params: ({ event }) => ({ cart: event.output }) } },
            onError: [
              // Section 8: a 404 on a guest cart call is silenced; the token is stale, make a new one.
              {
                guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
                target: 'creatingToken',
                actions: ['clearGuestToken', 'forgetStoredGuestToken'],
              },
              { target: 'failed', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        ready: {},
        /** The error was shown; the empty cart stays until the next owner change or page load. */
        failed: {},
      },
    },

    user: {
      initial: 'resolving',
      states: {
        resolving: {
          always: [{ guard: 'hasGuestToken', target: 'merging' }, { target: 'loading' }],
        },
        merging: {
          invoke: {
            id: 'mergeGuestCart',
            src: 'mergeGuestCart',
            input: ({ context }) => ({ guestToken: context.guestToken! }),
            onDone: {
              target: 'loading',
              actions: [
                { type: 'setCart', params: ({ event }) => ({ cart: event.output }) },
                'clearGuestToken',
                'forgetStoredGuestToken',
              ],
            },
            // The guest token is kept, so the next sign-in (or page load) merges again; a merge
            // is idempotent on the server (decision 004).
            onError: { target: 'loading', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loading: {
          invoke: {
            id: 'loadUserCart',
            src: 'loadUserCart',
            onDone: { target: 'ready', actions: { type: 'setCart', params: ({ event }) => ({ cart: event.output }) } },
            onError: { target: 'failed', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: {},
      },
    },
  },
});
