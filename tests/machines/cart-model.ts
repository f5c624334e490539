import { cartMachine } from '../../machines/cart/cart.machine';
import type { Cart, CartEvent, CartItem, ShipmentDestination } from '../../machines/cart/cart.types';
import { cartLine, emptyGuestCart } from '../support/carts';
import type { PathModel } from './test-model';

/**
 * The cart's path models, for the scenario docs (docs/machines/cart.md): the owner and
 * line-change graph from the two starts the app has, and where the goods go (decision 030), each
 * as tests/machines/cart.test.ts traverses it, with its carts, answers and events.
 *
 * tests/machines/cart.test.ts replays these models and takes its carts, answers and events from
 * here, so the docs and the test cannot drift apart.
 */

export const STORED_TOKEN = 'gid_stored-token-0000000000';
export const NEW_TOKEN = 'gid_new-token-000000000000000';

export const cart = (overrides: Partial<Cart>): Cart => emptyGuestCart({ guestId: STORED_TOKEN, ...overrides });

export function item(overrides: Partial<CartItem>): CartItem {
  return cartLine({
    id: 1,
    productId: 'RA-TEE-BLK-M',
    productName: 'Ridgeline Tee',
    productPrice: 25,
    price: 20,
    quantity: 1,
    options: [{ label: 'Size', value: 'M' }],
    optionIds: ['12'],
    productUrl: '/product/product-short/tee',
    ...overrides,
  });
}

export const tee = item({});
export const guestCart = cart({ id: 7, guestId: STORED_TOKEN, items: [tee], subTotal: 25, discount: 5 });
export const mergedCart = cart({ id: 9, userId: 'user-1', guestId: null, isGuest: false, subTotal: 19.99 });
export const userCart = cart({ id: 9, userId: 'user-1', guestId: null, isGuest: false, items: [tee], subTotal: 25, discount: 5 });
/** Every change answers this cart: the tee twice and a new line (section 4: it replaces the whole cart). */
export const changedCart = cart({
  id: 7,
  items: [item({ quantity: 2 }), item({ id: 2, productId: 'RA-CAP-OD', productName: 'Ridgeline Cap', productPrice: 18, price: 18, options: [], optionIds: [] })],
  subTotal: 68,
  discount: 10,
});
/** A new guest cart that got the user's lines (the tee) after an expiry. */
export const carriedCart = cart({ id: 8, guestId: NEW_TOKEN, items: [tee], subTotal: 25, discount: 5 });
/** What checkout sends after a compute. */
export const computedCart = cart({ id: 7, items: [tee], subTotal: 25, discount: 5, shipping: 9.95, taxAmount: 1.4, totalAmount: 31.35 });

export const notFound = { name: 'ApiError', status: 404, message: 'No guest cart for this token' };
export const networkError = { name: 'ApiError', status: 0, message: 'Network Error' };

/*
 * Line changes of the graph model: one of each event (an add of a product not in the cart, a
 * quantity change, a delete). The add of a product already in the cart and quantity 0 change
 * only payloads, not transitions; they have targeted tests in cart.test.ts, which keeps the
 * graph small.
 */
export const lineChanges = [
  { type: 'cart.item.add', line: { productId: 'RA-CAP-OD', productName: 'Ridgeline Cap', quantity: 1 } },
  { type: 'cart.item.update', itemId: 1, quantity: 3 },
  { type: 'cart.item.delete', itemId: 1 },
] as const satisfies CartEvent[];

export const ownershipEvents = [
  { type: 'cart.owner.guest' },
  { type: 'cart.owner.user' },
  { type: 'cart.reset' },
  { type: 'cart.owner.expired' },
  { type: 'xstate.done.actor.createGuestToken', output: NEW_TOKEN },
  { type: 'xstate.error.actor.createGuestToken', error: networkError },
  { type: 'xstate.done.actor.loadGuestCart', output: guestCart },
  { type: 'xstate.error.actor.loadGuestCart', error: notFound },
  { type: 'xstate.error.actor.loadGuestCart', error: networkError },
  { type: 'xstate.done.actor.mergeGuestCart', output: mergedCart },
  { type: 'xstate.error.actor.mergeGuestCart', error: networkError },
  { type: 'xstate.done.actor.loadUserCart', output: userCart },
  { type: 'xstate.error.actor.loadUserCart', error: networkError },
  { type: 'xstate.done.actor.carryLines', output: carriedCart },
  { type: 'xstate.error.actor.carryLines', error: networkError },
] as unknown as CartEvent[];

const events = [
  ...ownershipEvents,
  ...lineChanges,
  { type: 'cart.refresh' },
  { type: 'cart.replace', cart: computedCart },
  { type: 'xstate.done.actor.changeCart', output: changedCart },
  { type: 'xstate.error.actor.changeCart', error: notFound },
  { type: 'xstate.error.actor.changeCart', error: networkError },
] as unknown as CartEvent[];

/**
 * Line changes are asked in `ready`, and once more while one runs ("one runs, one waits"): enough
 * to see queueing, and the graph stays finite. (The transitions are on the root, so asking them
 * elsewhere adds paths, not coverage.)
 */
export const isLineChange = (event: { type: string }) => event.type.startsWith('cart.item.');
/** The destination events have their own model below; the owner and line-change graph leaves them out. */
const isDestinationEvent = (event: { type: string }) => event.type.startsWith('cart.destination.');
export const underQueueLimit = (
  state: { context: { queue: unknown[] }; matches: (value: never) => boolean },
  event: { type: string },
) => {
  if (!isLineChange(event)) return true;
  return state.matches('ready' as never) || (state.matches('busy' as never) && state.context.queue.length < 2);
};

/** The two starts the app has: a stored guest token, or none (first visit). */
export const cartModel: PathModel<typeof cartMachine> = {
  machine: cartMachine,
  options: {
    events,
    filterEvents: (state, event) => !isDestinationEvent(event) && underQueueLimit(state, event),
    // The change that finished is part of a transition: an add's answer (with its message) and a
    // delete's (none) may reach the same state. So is whose cart it was: a sign-out from a user's
    // cart and a reset of a guest's reach the same state from the same state name.
    serializeTransition: (_state, event, previous) =>
      event
        ? ` via ${JSON.stringify(event)}${previous ? ` from ${JSON.stringify(previous.value)} ${previous.context.owner} ${previous.context.queue[0]?.kind ?? ''}` : ''}`
        : '',
  },
  starts: [
    { name: 'with a stored guest token', input: { guestToken: STORED_TOKEN } },
    { name: 'without a stored guest token', input: { guestToken: null } },
  ],
  // A step: the state value, the owner and the queue (its length and first change) before; the
  // event with its payload; the state value, owner and queue length after. The queue rule (one
  // change runs, the next waits, each sent with the cart as it then is) depends on nothing else.
  stepKey: (previous, event, next) => `${signature(previous)} ${JSON.stringify(event)} ${signature(next)}`,
};

function signature(state: { value: unknown; context: { owner: unknown; queue: { kind: string }[] } } | undefined): string {
  if (!state) return 'start';
  const { owner, queue } = state.context;
  return `${JSON.stringify(state.value)}/${String(owner)}/${queue.length}${queue[0] ? `:${queue[0].kind}` : ''}`;
}

/*
 * Where the goods go (decision 030): checkout's accepted destination, the profile's default (a
 * shipping address, or none), and the sign-out that forgets both, from a first start and from a
 * start with the destination restored from session storage. The state is the owner state and the
 * destination; the rest of the cart does not read it.
 */
export const CALIFORNIA: ShipmentDestination = { state: 'CA', zip: '95814' };
export const NEW_YORK: ShipmentDestination = { state: 'NY', zip: '10001' };
const destinationEvents = [
  { type: 'cart.destination.chosen', destination: CALIFORNIA },
  { type: 'cart.destination.default', destination: NEW_YORK },
  { type: 'cart.destination.default', destination: null },
  { type: 'cart.reset' },
] as const satisfies CartEvent[];
const destinationTypes = new Set<string>(destinationEvents.map((event) => event.type));

export const destinationModel: PathModel<typeof cartMachine> = {
  machine: cartMachine,
  options: {
    events: destinationEvents as unknown as CartEvent[],
    filterEvents: (_state, event) => destinationTypes.has(event.type),
    serializeState: (state) => JSON.stringify({ value: state.value, destination: state.context.destination }),
  },
  starts: [
    { name: 'first visit', input: { guestToken: STORED_TOKEN, destination: null } },
    { name: 'destination restored from session storage', input: { guestToken: STORED_TOKEN, destination: CALIFORNIA } },
  ],
};
