import { and, assign, emit, enqueueActions, not, setup } from 'xstate';
import { errorStatus, networkErrorText } from '../../src/domain/error-text';
import { notProvided } from '../shared/not-provided';
import { addOperations, cartLines, changeNotice, isRemovalQueued, isValidQuantity, projectedQuantity, resolveOperation } from './cart.operations';
import type {
  Cart,
  CartContext,
  CartEmitted,
  CartEvent,
  CartInput,
  CartLineInput,
  CartOwner,
  CartRequest,
  CarryLinesInput,
  ChangeCartInput,
  MergeGuestCartInput,
  ShipmentDestination,
} from './cart.types';

/**
 * The provided action `rememberUserCart` enqueues: inside setup() an enqueueActions body cannot
 * see the other actions' types, so the one it names is spelled out for it.
 */
type StoreUserLines = { type: 'storeUserLines'; params: { lines: CartLineInput[] | null } };

/**
 * The cart (shop-core.md sections 4, 6, 8, 9). This issue brings who owns it:
 *
 * - With no user, the guest token is read from local storage at start; without one a guest
 *   token is made (POST /Auth/guest) and stored; the guest cart is loaded. A 404 on a guest cart
 *   call is silenced and a new guest token and cart are made.
 * - After sign-in the guest cart is merged into the user cart, the stored guest token is removed
 *   and cleared in state, and the user's cart is loaded.
 * - On sign-out the cart is reset and a new guest cart is started.
 * - When the session expired and could not be renewed (`cart.owner.expired`, issue 18) the shopper
 *   did not sign out, so the cart stays: the guest cart from before sign-in if it was never
 *   merged (its token is still held), else a new guest cart with the lines the user's cart had
 *   (kept in session storage while signed in, so a reload whose renewal fails knows them). The
 *   next sign-in adds to the user's cart only what that guest cart has beyond the carried lines.
 *
 * The owner is context (`owner`: guest or user, null until the session says), not a branch of
 * states: every owner change goes through `resolving`, which picks the owner's next step (merge,
 * new guest token, carry-over, load), and one `ready` / `busy` / `failed` set serves both owners;
 * guards read the owner where the spec treats them differently (the merge, a guest cart's 404,
 * the lines kept for an expiry). Line changes (`cart.item.add`, `cart.item.update`,
 * `cart.item.delete`) are accepted in any state and queued in the order asked (context.queue);
 * `ready` hands the oldest to `busy`, which runs it with the owner's variant of the call against
 * the latest cart (an add of a product already in the cart becomes an update of its quantity)
 * and replaces the whole cart with the answer. One change runs at a time, so quick repeated
 * clicks neither lose nor double an update. Messages: 'You added {product} to your shopping
 * cart' / 'You updated {product} in your shopping cart' (section 8); a failure shows 'Error:
 * {message}' and the queue goes on. A 404 on a guest cart call is silenced and the guest cart
 * reloaded; when the reload is a 404 too the cart is gone, and the stored token is forgotten and
 * a new guest cart made (decision 034). An add that met the 404 stays at the head of the queue
 * and runs once more on the cart the reload found, so the item is not lost; a second failure of
 * it is the usual error. An update or removal that met the 404 is dropped: its line is not in
 * the guest's current cart. An owner change drops the changes not yet run: they were meant for
 * the previous owner's cart.
 *
 * Tags are what views read (cart.connect.ts): `ready` (loaded, nothing running or queued).
 *
 * Side effects are named: actors from cart.actors.ts, local-storage writes as the
 * `storeGuestToken` / `forgetStoredGuestToken` actions the app provides.
 *
 * The cart also knows where its goods go once the shopper has said (decision 030), so product
 * pages and cart lines can say 'Not available for shipment to {state}' before checkout: the
 * destination checkout accepted this visit (`cart.destination.chosen`, kept in session storage by
 * the `storeDestination` action and read back as input), else the signed-in customer's default
 * shipping address (`cart.destination.default`). Signing out forgets both.
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
    mergeGuestCart: notProvided<Cart, MergeGuestCartInput>('mergeGuestCart'),
    carryLines: notProvided<Cart, CarryLinesInput>('carryLines'),
    loadUserCart: notProvided<Cart>('loadUserCart'),
    changeCart: notProvided<Cart, ChangeCartInput>('changeCart'),
  },
  actions: {
    setOwner: assign({ owner: (_, params: { owner: CartOwner }) => params.owner }),
    setGuestToken: assign({ guestToken: (_, params: { guestToken: string }) => params.guestToken }),
    /** Every cart call answers with the whole cart, which replaces the one held (section 4). */
    setCart: assign({ cart: (_, params: { cart: Cart }) => params.cart }),
    clearGuestToken: assign({ guestToken: null }),
    resetCart: assign({ cart: null }),
    enqueue: assign({
      queue: ({ context, event }) => {
        switch (event.type) {
          case 'cart.item.add':
            return [...context.queue, ...addOperations(event.line, event.with)];
          case 'cart.item.update':
            return [...context.queue, { kind: 'update' as const, itemId: event.itemId, quantity: event.quantity }];
          case 'cart.item.delete':
            return [...context.queue, { kind: 'delete' as const, itemId: event.itemId }];
          default:
            return context.queue;
        }
      },
    }),
    /** The head of the queue has run (or failed): it leaves the queue. */
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** The head (an add) met a 404: it stays, marked, to run once more after the reload. */
    markAddRetried: assign({
      queue: ({ context }) => {
        const [head, ...rest] = context.queue;
        return head?.kind === 'add' ? [{ ...head, retried: true as const }, ...rest] : context.queue;
      },
    }),
    clearQueue: assign({ queue: [] }),
    /**
     * A user's cart as it now is (loaded, changed or replaced): its lines are what an expiry
     * carries over (issue 18), kept in context and in session storage. A guest's cart is not.
     */
    rememberUserCart: enqueueActions<CartContext, CartEvent, undefined, CartEvent, never, StoreUserLines, never, never, never>(
      ({ context, enqueue }) => {
        if (context.owner !== 'user') return;
        const lines = context.cart ? cartLines(context.cart) : context.userLines;
        enqueue.assign({ userLines: lines });
        enqueue({ type: 'storeUserLines', params: { lines } });
      },
    ),
    clearUserLines: assign({ userLines: null }),
    /**
     * The session expired: a guest token still held is the guest cart from before sign-in, never
     * merged, which is shown again; otherwise the user's lines go into the new guest cart.
     */
    startCarry: assign({
      carrying: ({ context }) => (context.guestToken === null && context.userLines?.length ? context.userLines : null),
    }),
    clearCarrying: assign({ carrying: null }),
    setCarried: assign({
      carried: (_, params: { cart: Cart }) => (params.cart.items.length ? cartLines(params.cart) : null),
    }),
    clearCarried: assign({ carried: null }),
    /** Session storage `userCartLines` := the lines (provided by the app). */
    storeUserLines: (_, _params: { lines: CartLineInput[] | null }) => {},
    /** Session storage `userCartLines` removed (provided by the app). */
    forgetStoredUserLines: () => {},
    /** Local storage `guestCartCarried` := the lines (provided by the app). */
    storeCarriedLines: (_, _params: { lines: CartLineInput[] | null }) => {},
    /** Local storage `guestCartCarried` removed (provided by the app). */
    forgetStoredCarriedLines: () => {},
    /** 'You added …' / 'You updated …' (section 8); the caller checks there is a message. */
    notifyChanged: emit((_, params: { request: CartRequest; cart: Cart }) => ({
      type: 'notification.show' as const,
      kind: 'success' as const,
      text: changeNotice(params.request, params.cart) ?? '',
    })),
    /** Local storage `guestToken` := the token (provided by the app). */
    storeGuestToken: (_, _params: { guestToken: string }) => {},
    /** Local storage `guestToken` removed (provided by the app). */
    forgetStoredGuestToken: () => {},
    setChosenDestination: assign({
      destination: (_, params: { destination: ShipmentDestination }) => ({ ...params.destination, source: 'checkout' as const }),
    }),
    setDefaultDestination: assign({
      destination: (_, params: { destination: ShipmentDestination | null }) =>
        params.destination ? { ...params.destination, source: 'profile' as const } : null,
    }),
    clearDestination: assign({ destination: null }),
    /** Session storage `shipmentDestination` := the destination (provided by the app). */
    storeDestination: (_, _params: { destination: ShipmentDestination }) => {},
    /** Session storage `shipmentDestination` removed (provided by the app). */
    forgetStoredDestination: () => {},
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notification.show' as const,
      kind: 'error' as const,
      text: networkErrorText(params.error),
    })),
  },
  guards: {
    /** The session has said who owns the cart (the machine has left `idle`). */
    hasOwner: ({ context }) => context.owner !== null,
    isUser: ({ context }) => context.owner === 'user',
    hasGuestToken: ({ context }) => context.guestToken !== null,
    /** An expiry left the user's lines to put into the new guest cart. */
    isCarrying: ({ context }) => context.carrying !== null,
    /** Section 8: a 404 on a guest cart call is silenced; a user cart's 404 is an error like any other. */
    isGuestCartNotFound: ({ context }, params: { error: unknown }) => context.owner === 'guest' && errorStatus(params.error) === 404,
    hasQueuedChange: ({ context }) => context.queue.length > 0,
    /** The running change is an add already sent round once after a 404. */
    isRetriedAdd: ({ context }) => context.queue[0]?.kind === 'add' && context.queue[0].retried === true,
    /** A guest cart's 404 on the running change, an add (checked after `isRetriedAdd`: its first try). */
    isGuestCartNotFoundOnAdd: ({ context }, params: { error: unknown }) =>
      context.owner === 'guest' && errorStatus(params.error) === 404 && context.queue[0]?.kind === 'add',
    /** The profile's default stands in only until the shopper chooses an address at checkout. */
    isDestinationUnchosen: ({ context }) => context.destination?.source !== 'checkout',
    /**
     * The finished change has a message: an add, or an update to a quantity above 0, unless it is
     * a quiet line of several added together (the last one names them all).
     */
    hasChangeNotice: ({ context }, params: { cart: Cart }) =>
      context.queue.length > 0 && changeNotice(resolveOperation(context.cart, context.queue[0]), params.cart) !== null,
    /** A valid quantity that differs from what the line will have once the queue has run. */
    isQuantityChange: ({ context, event }) =>
      event.type === 'cart.item.update' &&
      isValidQuantity(event.quantity) &&
      !isRemovalQueued(context.queue, event.itemId) &&
      projectedQuantity(context.cart, context.queue, event.itemId) !== undefined &&
      projectedQuantity(context.cart, context.queue, event.itemId) !== event.quantity,
    /** A line in the cart whose removal is not already queued (a double click deletes once). */
    isRemovableLine: ({ context, event }) =>
      event.type === 'cart.item.delete' &&
      context.cart !== null &&
      context.cart.items.some((item) => item.id === event.itemId) &&
      !isRemovalQueued(context.queue, event.itemId),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    owner: null,
    guestToken: input.guestToken,
    cart: null,
    queue: [],
    destination: input.destination ? { ...input.destination, source: 'checkout' as const } : null,
    userLines: input.userLines ?? null,
    carrying: null,
    // Carried lines belong to the stored guest cart only.
    carried: input.guestToken ? (input.carried ?? null) : null,
  }),
  initial: 'idle',
  on: {
    // From any state: the session decides the owner, whose flow starts again from `resolving`.
    // The lines kept for an expiry must be this user's: they come with the user's cart.
    'cart.owner.user': {
      target: '.resolving',
      actions: [{ type: 'setOwner', params: { owner: 'user' } }, 'clearQueue', 'clearCarrying', 'clearUserLines', 'forgetStoredUserLines'],
    },
    'cart.reset': {
      target: '.resolving',
      // The destination was the signed-out customer's address: forgotten with them, as are the
      // lines of their cart.
      actions: [
        { type: 'setOwner', params: { owner: 'guest' } },
        'resetCart',
        'clearGuestToken',
        'forgetStoredGuestToken',
        'clearQueue',
        'clearDestination',
        'forgetStoredDestination',
        'clearUserLines',
        'forgetStoredUserLines',
        'clearCarrying',
        'clearCarried',
        'forgetStoredCarriedLines',
      ],
    },
    // Not a sign-out (issue 18): the same shopper goes on, so the destination stays too.
    'cart.owner.expired': {
      target: '.resolving',
      actions: [
        { type: 'setOwner', params: { owner: 'guest' } },
        'resetCart',
        'clearQueue',
        'startCarry',
        'clearUserLines',
        'forgetStoredUserLines',
      ],
    },
    // Checkout's compute, promo code and restricted removals answer with the whole cart.
    'cart.replace': {
      guard: 'hasOwner',
      actions: [{ type: 'setCart', params: ({ event }) => ({ cart: event.cart }) }, 'rememberUserCart'],
    },
    'cart.destination.chosen': {
      actions: [
        { type: 'setChosenDestination', params: ({ event }) => ({ destination: event.destination }) },
        { type: 'storeDestination', params: ({ event }) => ({ destination: event.destination }) },
      ],
    },
    'cart.destination.default': {
      guard: 'isDestinationUnchosen',
      actions: { type: 'setDefaultDestination', params: ({ event }) => ({ destination: event.destination }) },
    },
    // Changes are queued whatever the state; `ready` runs them in order.
    'cart.item.add': { actions: 'enqueue' },
    'cart.item.update': { guard: 'isQuantityChange', actions: 'enqueue' },
    'cart.item.delete': { guard: 'isRemovableLine', actions: 'enqueue' },
  },
  states: {
    /** Waiting for the session to say whether someone is signed in. */
    idle: {
      on: {
        // Nobody is signed in: lines a signed-out tab kept (its sign-out left the page) go.
        'cart.owner.guest': {
          target: 'resolving',
          actions: [{ type: 'setOwner', params: { owner: 'guest' } }, 'clearUserLines', 'forgetStoredUserLines'],
        },
      },
    },
    /** The owner's next step, from what is held: a guest token to merge or to make, lines to carry. */
    resolving: {
      always: [
        // After sign-in the guest cart, if a token is held, is merged first (section 4).
        { guard: and(['isUser', 'hasGuestToken']), target: 'merging' },
        { guard: 'isUser', target: 'loadingUserCart' },
        { guard: not('hasGuestToken'), target: 'creatingToken' },
        { guard: 'isCarrying', target: 'carrying' },
        { target: 'loadingGuestCart' },
      ],
    },
    creatingToken: {
      invoke: {
        id: 'createGuestToken',
        src: 'createGuestToken',
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'setGuestToken', params: ({ event }) => ({ guestToken: event.output }) },
            { type: 'storeGuestToken', params: ({ event }) => ({ guestToken: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /**
     * After an expiry, the new guest cart gets the user's lines (a line refused now, sold out
     * say, is left out), and remembers them for the next sign-in. A failure shows the error and
     * the guest cart as the server has it.
     */
    carrying: {
      invoke: {
        id: 'carryLines',
        src: 'carryLines',
        input: ({ context }) => ({ guestToken: context.guestToken!, lines: context.carrying ?? [] }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setCart', params: ({ event }) => ({ cart: event.output }) },
            { type: 'setCarried', params: ({ event }) => ({ cart: event.output }) },
            { type: 'storeCarriedLines', params: ({ context }) => ({ lines: context.carried }) },
            'clearCarrying',
          ],
        },
        onError: {
          target: 'loadingGuestCart',
          actions: ['clearCarrying', { type: 'notifyError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    loadingGuestCart: {
      invoke: {
        id: 'loadGuestCart',
        src: 'loadGuestCart',
        input: ({ context }) => ({ guestToken: context.guestToken! }),
        onDone: { target: 'ready', actions: { type: 'setCart', params: ({ event }) => ({ cart: event.output }) } },
        onError: [
          // The token is stale (the cart is gone): make a new one.
          {
            guard: { type: 'isGuestCartNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'creatingToken',
            actions: ['clearGuestToken', 'forgetStoredGuestToken', 'clearCarried', 'forgetStoredCarriedLines'],
          },
          { target: 'failed', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    merging: {
      invoke: {
        id: 'mergeGuestCart',
        src: 'mergeGuestCart',
        input: ({ context }) => ({ guestToken: context.guestToken!, carried: context.carried }),
        onDone: {
          target: 'loadingUserCart',
          actions: [
            { type: 'setCart', params: ({ event }) => ({ cart: event.output }) },
            'clearGuestToken',
            'forgetStoredGuestToken',
            'clearCarried',
            'forgetStoredCarriedLines',
          ],
        },
        // The guest token is kept, so the next sign-in (or page load) merges again; a merge is
        // idempotent on the server (decision 004).
        onError: { target: 'loadingUserCart', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingUserCart: {
      invoke: {
        id: 'loadUserCart',
        src: 'loadUserCart',
        onDone: { target: 'ready', actions: { type: 'setCart', params: ({ event }) => ({ cart: event.output }) } },
        onError: { target: 'failed', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      tags: 'ready',
      entry: 'rememberUserCart',
      always: { guard: 'hasQueuedChange', target: 'busy' },
      on: {
        'cart.refresh': [{ guard: 'isUser', target: 'loadingUserCart' }, { target: 'loadingGuestCart' }],
      },
    },
    /** The head of the queue runs against the latest cart; more changes queue behind it. */
    busy: {
      invoke: {
        id: 'changeCart',
        src: 'changeCart',
        input: ({ context }) => changeInput(context),
        // The message is worked out against the cart the change ran on, before it is replaced.
        onDone: [
          {
            guard: { type: 'hasChangeNotice', params: ({ event }) => ({ cart: event.output }) },
            target: 'ready',
            actions: [
              {
                type: 'notifyChanged',
                params: ({ context, event }) => ({ request: resolveOperation(context.cart, context.queue[0]), cart: event.output }),
              },
              { type: 'setCart', params: ({ event }) => ({ cart: event.output }) },
              'dequeue',
            ],
          },
          // Removals (delete, quantity 0) and quiet lines of a batch have no message.
          { target: 'ready', actions: [{ type: 'setCart', params: ({ event }) => ({ cart: event.output }) }, 'dequeue'] },
        ],
        onError: [
          // The add already ran once more after a 404: any failure now (a 404 too) is the usual
          // error, once; no loop.
          {
            guard: 'isRetriedAdd',
            target: 'ready',
            actions: [{ type: 'notifyError', params: ({ event }) => ({ error: event.error }) }, 'dequeue'],
          },
          // Section 8: a 404 on a guest cart call is silenced (decision 034). The reload says
          // whether the cart is gone (then `loadingGuestCart` makes a new guest cart) or only a
          // line is. An add stays queued and runs once more on the cart the reload found.
          {
            guard: { type: 'isGuestCartNotFoundOnAdd', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingGuestCart',
            actions: 'markAddRetried',
          },
          // An update or removal: its line is not in the guest's current cart; it is dropped.
          {
            guard: { type: 'isGuestCartNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingGuestCart',
            actions: 'dequeue',
          },
          {
            target: 'ready',
            actions: [{ type: 'notifyError', params: ({ event }) => ({ error: event.error }) }, 'dequeue'],
          },
        ],
      },
    },
    /** The error was shown; the empty cart stays until a refresh, an owner change or a page load. */
    failed: {
      on: {
        'cart.refresh': [{ guard: 'isUser', target: 'loadingUserCart' }, { target: 'loadingGuestCart' }],
      },
    },
  },
});

/** The `changeCart` actor's input: the oldest queued change, resolved against the latest cart. */
function changeInput(context: CartContext): ChangeCartInput {
  const operation = context.queue[0];
  const owner = context.owner!;
  return {
    owner,
    guestToken: owner === 'guest' ? context.guestToken : null,
    operation,
    request: resolveOperation(context.cart, operation),
  };
}
