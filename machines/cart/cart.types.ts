import type { NotificationKind } from '../notification/notification.types';
import type { Cart, CartLineInput } from './cart.actors';

export type { Cart, CartLineInput };

/** A line of the cart as the API returns it. */
export type CartItem = Cart['items'][number];

/**
 * A change the shopper asked for, queued in the order asked (context.queue) and run one at a
 * time against the latest cart, so quick repeated clicks neither lose nor double an update.
 */
export type CartOperation =
  /**
   * `retried` once a 404 (the guest cart is gone) sent it back to run again on the guest's
   * current cart: it runs at most twice (issue 18 item 9, decision 034).
   */
  | ({ kind: 'add'; line: CartLineInput; retried?: true } & BatchNotice)
  | { kind: 'update'; itemId: number; quantity: number }
  | { kind: 'delete'; itemId: number };

/**
 * One notice for lines added together (a product with its add-ons, issue 19 item 8): every line
 * but the last is `quiet`, and the last one's notice names each line of `together`.
 */
export interface BatchNotice {
  quiet?: true;
  together?: CartLineInput[];
}

/**
 * The call an operation turns into when its turn comes (cart.operations.ts `resolveOperation`):
 * an add of a product already in the cart is an update of its quantity (section 4).
 */
export type CartRequest =
  | ({ kind: 'add'; line: CartLineInput } & BatchNotice)
  | ({ kind: 'update'; itemId: number; quantity: number; productName: string } & BatchNotice)
  | { kind: 'delete'; itemId: number };

export type CartOwner = 'guest' | 'user';

/** Input of the `changeCart` actor: the owner's variant of the call (section 7). */
export interface ChangeCartInput {
  owner: CartOwner;
  /** The guest token for a guest cart; null for the user's cart (bearer token). */
  guestToken: string | null;
  /** The queued operation as asked, kept for tracing. */
  operation: CartOperation;
  request: CartRequest;
}

/**
 * Who owns the cart comes from the session (src/app/app-actors.ts forwards the session's
 * emitted events): a guest until a user signs in, the user afterwards, a fresh guest after the
 * user is signed out (shop-core.md section 4). Line changes come from the views.
 */
export type CartEvent =
  /** Nobody is signed in: use the stored guest cart, or make one. */
  | { type: 'cart.owner.guest' }
  /** A user signed in: merge the guest cart (if any) into the user's, then load the user's. */
  | { type: 'cart.owner.user' }
  /** The user was signed out (or the provider ended the session): reset and start a new guest cart. */
  | { type: 'cart.reset' }
  /**
   * The user's session expired and could not be renewed; the shopper did not sign out (issue 18).
   * The cart carries on as a guest's: the guest cart from before sign-in if it was never merged,
   * else a new guest cart with the lines the user's cart had.
   */
  | { type: 'cart.owner.expired' }
  /**
   * Add a line (product pages, builder); the same product and options again adds 1 to it.
   * `with`: add-ons added right after it, in order, announced with it in one notice.
   */
  | { type: 'cart.item.add'; line: CartLineInput; with?: CartLineInput[] }
  /** A line's quantity field lost focus with a changed value; 0 removes the line. */
  | { type: 'cart.item.update'; itemId: number; quantity: number }
  /** The line's delete button. */
  | { type: 'cart.item.delete'; itemId: number }
  /** Load the owner's cart again (when idle, or after a failed load). */
  | { type: 'cart.refresh' }
  /** Another machine (checkout: compute, promo code, restricted removals) got a new whole cart. */
  | { type: 'cart.replace'; cart: Cart }
  /**
   * Checkout accepted the billing step with this shipping destination (decision 030): it is where
   * the shopper ships this visit, so it wins over the profile's default and is kept for the visit.
   */
  | { type: 'cart.destination.chosen'; destination: ShipmentDestination }
  /** The signed-in customer's profile loaded: its default shipping address, or null when none. */
  | { type: 'cart.destination.default'; destination: ShipmentDestination | null };

export type CartEmitted = { type: 'notification.show'; kind: NotificationKind; text: string };

export interface CartContext {
  /**
   * Whose cart it is, as the session last said (null until it has): a guest's is called with the
   * guest token, a user's with the bearer token. The guest token can outlive the guest owner: a
   * failed merge keeps it for the next sign-in.
   */
  owner: CartOwner | null;
  /** The guest token (local storage key `guestToken`), null once merged or before one exists. */
  guestToken: string | null;
  /** Any cart-change response replaces the whole cart (section 4). Null until loaded. */
  cart: Cart | null;
  /** Operations not finished yet, oldest first; the head is the one running (state `busy`). */
  queue: CartOperation[];
  /**
   * Where the shopper's goods go, once known (decision 030): product pages and cart lines say
   * 'Not available for shipment to {state}' against it. Null until known.
   */
  destination: KnownDestination | null;
  /**
   * The lines of the signed-in user's cart as last loaded (session storage `userCartLines`, so a
   * reload whose session cannot be renewed still knows them); null when no user's cart is known.
   */
  userLines: CartLineInput[] | null;
  /** After an expiry: the lines the new guest cart is to get once its token exists. */
  carrying: CartLineInput[] | null;
  /**
   * The lines the current guest cart got from the user's cart after an expiry (local storage
   * `guestCartCarried`, next to the guest token): the next sign-in adds to the user's cart only
   * what the guest cart has beyond them, since the user's cart still has them. Null otherwise.
   */
  carried: CartLineInput[] | null;
}

export interface CartInput {
  /** Read from local storage at start (section 4). */
  guestToken: string | null;
  /** The destination accepted at checkout earlier this visit, read from session storage at start. */
  destination?: ShipmentDestination | null;
  /** The signed-in user's cart lines as last seen in this tab, read from session storage at start. */
  userLines?: CartLineInput[] | null;
  /** What the stored guest cart carried over from the user's cart, read from local storage at start. */
  carried?: CartLineInput[] | null;
}

/** Input of the `mergeGuestCart` actor. */
export interface MergeGuestCartInput {
  guestToken: string;
  /** The guest cart's lines that came from the user's cart (after an expiry); null for a plain merge. */
  carried: CartLineInput[] | null;
}

/** Input of the `carryLines` actor: a new guest cart and the user's lines it gets. */
export interface CarryLinesInput {
  guestToken: string;
  lines: CartLineInput[];
}

/** A shipping destination as far as the restriction rule needs it: USPS state code and zip. */
export interface ShipmentDestination {
  state: string;
  zip: string;
}

/** The known destination and where it came from: checkout this visit wins over the profile's default. */
export interface KnownDestination extends ShipmentDestination {
  source: 'checkout' | 'profile';
}

/** Session-storage key of the destination accepted at checkout (kept for the browser session). */
export const DESTINATION_KEY = 'shipmentDestination';

/** Local-storage key of the guest token (shop-core.md section 9). */
export const GUEST_TOKEN_KEY = 'guestToken';

/** Session-storage key of the signed-in user's cart lines as last seen (issue 18). */
export const USER_LINES_KEY = 'userCartLines';

/** Local-storage key of the lines the guest cart carried over from the user's cart (issue 18). */
export const CARRIED_LINES_KEY = 'guestCartCarried';

/** The contract's quantity range of a line (QuantityInput: 0 removes, at most 99). */
export const MAX_LINE_QUANTITY = 99;
