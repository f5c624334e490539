import type { BillingValues, CardValues, DealerValues } from '../../src/domain/checkout-forms';
import type { NotificationKind } from '../notification/notification.types';
import type { Cart } from '../cart/cart.types';
import type { TaxCode } from '../../src/domain/tax-codes';
import type { ChosenDealer, FflDealerReport } from '../ffl-dealer/ffl-dealer.types';

export type { BillingValues, CardValues, ChosenDealer, DealerValues, Cart };
export type CartItem = Cart['items'][number];

/**
 * Turns card data into a one-time payment token (shop-core.md section 7, card payment provider).
 * The app provides the provider's browser script adapter; the card number never reaches our API.
 */
export type TokenizeCard = (card: CardValues) => Promise<string>;

/** What the compute, promo and removal actors need to address the cart (guest or user calls). */
export interface CartRef {
  cartId: number;
  /** The guest token when the cart is a guest cart; null for the signed-in user's cart. */
  guestToken: string | null;
}

export interface ComputeInput extends CartRef {
  billing: BillingValues;
  /** The FFL dealer when the cart holds FFL items: its state taxes the FFL lines (decision 007). */
  dealer: DealerValues | null;
  /** The tax code of the goods shipped to the address, when they share one (decision 007, addendum). */
  taxCode?: TaxCode;
}

export interface PromoInput extends CartRef {
  promoCode: string;
}

export interface RemoveItemsInput extends CartRef {
  itemIds: number[];
}

export interface PlaceOrderInput extends CartRef {
  billing: BillingValues;
  /** The chosen dealer, only when the cart holds FFL items; the order sends its id. */
  dealer: ChosenDealer | null;
  paymentToken: string;
  /** One key per checkout attempt, reused when the outcome of the last try is unknown. */
  idempotencyKey: string;
}

export interface PlaceOrderOutput {
  orderId: number;
  /** The shopper's new (empty) cart after the order, when it could be loaded. */
  cart: Cart | null;
}

export type CheckoutEvent =
  /** The cart actor's cart changed (forwarded by the view wiring). */
  | { type: 'checkout.cart.updated'; cart: Cart | null }
  /** The billing form's values as the shopper types (kept for a reload, never checked). */
  | { type: 'billing.draft'; billing: BillingValues }
  /** Next on the billing step, with the billing form's values (the dealer is the one chosen). */
  | { type: 'billing.submit'; billing: BillingValues }
  /** From the FFL dealer step (decision 029): a dealer was chosen, or the choice was undone. */
  | FflDealerReport
  | { type: 'restricted.remove' }
  | { type: 'restricted.update-address' }
  | { type: 'payment.back' }
  | { type: 'promo.apply'; promoCode: string }
  | { type: 'payment.submit'; card: CardValues };

export type CheckoutEmitted =
  | { type: 'notification.show'; kind: NotificationKind; text: string }
  /** The cart changed on the server (compute, promo, removals, order): the cart actor takes it. */
  | { type: 'cart.replace'; cart: Cart }
  /**
   * A guest cart call answered 404: the cart checked out is no longer the guest's (gone, merged
   * or ordered elsewhere). The cart actor loads the guest's cart again, and makes a new guest
   * cart when the token is spent (decision 034).
   */
  | { type: 'cart.refresh' }
  /**
   * A valid billing step was submitted: where non-FFL goods ship (state code, 5-digit zip). The
   * cart actor keeps it for the visit, for the shipment notes before checkout (decision 030).
   */
  | { type: 'destination.accepted'; destination: { state: string; zip: string } };

export interface CheckoutInput {
  cart: Cart | null;
}

export interface CheckoutContext {
  /** The shopper's cart as the cart actor holds it. */
  cart: Cart | null;
  /** The last billing values submitted (kept when going back, for the form). */
  billing: BillingValues | null;
  /**
   * What the billing form holds: the typed values (billing.draft), else the submitted ones. The
   * form starts from it after a reload or a later visit (issue 18 item 4).
   */
  draft: BillingValues | null;
  /** The FFL dealer chosen in the dealer step (its record's fields and id), or null. */
  dealer: ChosenDealer | null;
  /** The cart as the compute (and later the promo) call returned it; the payment step's totals. */
  computedCart: Cart | null;
  /** Items blocked for the submitted addresses (the modal's list). */
  restrictedItems: CartItem[];
  /** Idempotency key of the current Place Order attempt. */
  attemptKey: string | null;
  /** How many times an order was submitted to the API in this checkout. */
  orderSubmissions: number;
  orderId: number | null;
  /** The one-time token of the attempt in progress (never the card itself). */
  paymentToken: string | null;
  /** The last payment error, shown on the payment step. */
  paymentError: string | null;
}

/** The query parameter stepId of /checkout (shop-core.md section 2). */
export type CheckoutStep = 'billing' | 'payment';
