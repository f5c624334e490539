import type { NotificationKind } from '../notification/notification.types';
import type { Cart } from './cart.actors';

export type { Cart };

/**
 * Who owns the cart comes from the session (src/app/providers.tsx forwards the session's
 * emitted events): a guest until a user signs in, the user afterwards, a fresh guest after the
 * user is signed out (shop-core.md section 4).
 */
export type CartEvent =
  /** Nobody is signed in: use the stored guest cart, or make one. */
  | { type: 'cart.owner.guest' }
  /** A user signed in: merge the guest cart (if any) into the user's, then load the user's. */
  | { type: 'cart.owner.user' }
  /** The user was signed out or the token expired: reset and start a new guest cart. */
  | { type: 'cart.reset' };

export type CartEmitted = { type: 'notification.show'; kind: NotificationKind; text: string };

export interface CartContext {
  /** The guest token (local storage key `guestToken`), null once merged or before one exists. */
  guestToken: string | null;
  /** Any cart-change response replaces the whole cart (section 4). Null until loaded. */
  cart: Cart | null;
}

export interface CartInput {
  /** Read from local storage at start (section 4). */
  guestToken: string | null;
}

/** Local-storage key of the guest token (shop-core.md section 9). */
export const GUEST_TOKEN_KEY = 'guestToken';
