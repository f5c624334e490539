import { assertEvent, assign, emit, enqueueActions, setup } from 'xstate';
import { fflDealerMachine } from '../ffl-dealer/ffl-dealer.machine';
import {
  BILLING_FORM_ERRORS,
  DEALER_FORM_ERRORS,
  RESTRICTED_ITEMS_ERROR,
  isBillingValid,
  isDealerValid,
  shippingDestination,
} from '../../src/domain/checkout-forms';
import { errorStatus, networkErrorText } from '../../src/domain/error-text';
import { hasFflItems, hasHandguns } from '../../src/domain/ffl-items';
import { dealerStateRefusal, findRestrictedItems, type RestrictionAddresses } from '../../src/domain/restricted-items';
import { normalDestination } from '../../src/domain/shipment-destination';
import { addressTaxCode } from '../../src/domain/tax-codes';
import type { NotificationKind } from '../notification/notification.types';
import { notProvided } from '../shared/not-provided';
import type {
  BillingValues,
  CardValues,
  Cart,
  CartItem,
  ChosenDealer,
  CartRef,
  CheckoutContext,
  CheckoutEmitted,
  CheckoutEvent,
  CheckoutInput,
  ComputeInput,
  DealerValues,
  PlaceOrderInput,
  PlaceOrderOutput,
  PromoInput,
  RemoveItemsInput,
} from './checkout.types';

/**
 * The checkout (shop-core.md sections 2, 4, 5, 7, 8): billing -> payment -> placing the order ->
 * confirmed, strictly in that order.
 *
 * - billing.submit goes through `validating`: the billing form must be valid, the dealer form too
 *   when the cart holds FFL items ('Errors in the Billing Form' / 'Errors in the Dealer Address
 *   Form'), and no item may be restricted for the addresses ('Restricted Items in Cart' and the
 *   modal). Then the cart is computed for the address and shipping method; only a computation
 *   that returns items (and none restricted) opens the payment step.
 * - restricted: Remove Items removes every blocked item through the cart API; an emptied cart
 *   ends the checkout ('All Items have been removed from your cart', the view goes home),
 *   otherwise 'All restricted items have been removed from your cart' and back to billing.
 *   Update Address goes back to the form.
 * - payment: Back, a promo code ('Discount code applied successfully' / 'Discount code is
 *   invalid'), Place Order: the card becomes a one-time token, then the order is posted with an
 *   Idempotency-Key. A tokenizer failure or a declined card returns to payment with
 *   'Error: {message}'. While the order is being placed, further submits are ignored.
 * - A 404 on a guest cart call (compute, promo code, removals) is silenced (section 8): the cart
 *   checked out is no longer the guest's (gone, merged, or ordered in another tab), so there is
 *   nothing left to check out. The cart actor is told to load the guest's cart again (a new guest
 *   cart when the token is spent) and the checkout ends in `cartGone`; the view leaves for home,
 *   as it does for a cart emptied at checkout (decision 034). A signed-in user's 404 is an error.
 * - A change of the cart after it was computed (the cart panel is open on every page) sends the
 *   shopper back to billing, so the payment step always shows the cart that will be charged.
 * - A reload does not lose the checkout (issue 18 item 4, decision 040): the view keeps the
 *   persisted snapshot (checkout.persistence.ts) with what was typed (`billing.draft`) and
 *   submitted and the dealer, never card data. A checkout restored past billing starts in
 *   `resuming`, which checks the current cart again (restricted items, compute) before payment.
 * - The FFL dealer is chosen from the shop's dealers in the `fflDealer` child (decision 029),
 *   invoked for the whole visit: on the billing step it reports `dealer.chosen` (the record's
 *   fields and id) and `dealer.cleared`; the dealer checks above read that choice, never typed
 *   text. A signed-in customer's FFL cart asks the child once for their last dealer.
 */

const EMPTY_CART_TEXT = 'There are no products in the cart';
const ALL_REMOVED = 'All Items have been removed from your cart';
const RESTRICTED_REMOVED = 'All restricted items have been removed from your cart';
const PROMO_APPLIED = 'Discount code applied successfully';
const PROMO_INVALID = 'Discount code is invalid';
const CART_CHANGED = 'Your cart has changed, please review your order';

/** A signed-in customer's cart with FFL items: their last dealer is offered first (decision 029). */
function isCustomerFflCart(cart: Cart | null): boolean {
  return !!cart && !cart.isGuest && hasFflItems(cart.items);
}

/** Where the submitted addresses send goods: shipping (or billing) for most, the dealer for FFL items. */
export function restrictionAddresses(billing: BillingValues, dealer: DealerValues | null): RestrictionAddresses {
  return {
    shipping: shippingDestination(billing),
    dealer: dealer ? { state: dealer.dealerState, zip: dealer.dealerZip } : null,
  };
}

/** The items blocked for the submitted addresses (the pure rule of src/domain). */
export function restrictedItemsFor(cart: Cart | null, billing: BillingValues | null, dealer: DealerValues | null): CartItem[] {
  if (!cart || !billing) return [];
  return findRestrictedItems(cart.items, restrictionAddresses(billing, dealer));
}

function cartRef(cart: Cart): CartRef {
  return { cartId: cart.id, guestToken: cart.isGuest ? cart.guestId : null };
}

/** Lines as id x quantity, to tell whether the cart changed since it was computed. */
function lineKey(cart: Cart | null): string {
  return (cart?.items ?? []).map((item) => `${item.id}x${item.quantity}`).join(',');
}

/** An uuid-like key; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newAttemptKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Whether the outcome of a failed order call is unknown (no answer, or a server error other
 * than the gateway's "nothing charged"): then the next Place Order is a retry of the same
 * attempt and keeps its key. A definite answer (declined, invalid) ends the attempt, since the
 * gateway answers a reused key with its first outcome (decision 007).
 */
export function isOutcomeUnknown(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 0 || (status >= 500 && status !== 502);
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
    input: {} as CheckoutInput,
  },
  actors: {
    computeCart: notProvided<Cart, ComputeInput>('computeCart'),
    removeCartItems: notProvided<Cart, RemoveItemsInput>('removeCartItems'),
    applyPromoCode: notProvided<Cart, PromoInput>('applyPromoCode'),
    tokenizeCard: notProvided<string, CardValues>('tokenizeCard'),
    placeOrder: notProvided<PlaceOrderOutput, PlaceOrderInput>('placeOrder'),
    /** The FFL dealer step; the app provides it with its API actors. */
    fflDealer: fflDealerMachine,
  },
  actions: {
    setCart: assign({ cart: (_, params: { cart: Cart | null }) => params.cart }),
    setBilling: assign((_, params: { billing: BillingValues }) => ({ billing: params.billing, draft: params.billing })),
    /** What the billing form holds as the shopper types: kept so a reload or a later visit shows it again. */
    setDraft: assign({ draft: (_, params: { billing: BillingValues }) => params.billing }),
    setDealer: assign({ dealer: (_, params: { dealer: ChosenDealer | null }) => params.dealer }),
    /** The cart is a signed-in customer's with FFL items: the dealer step offers their last dealer. */
    recallLastDealer: enqueueActions(({ enqueue }, params: { cart: Cart | null }) => {
      if (isCustomerFflCart(params.cart)) enqueue.sendTo('fflDealer', { type: 'dealer.recall' });
    }),
    /**
     * A handgun came into the cart or left it: the dealer step offers (and keeps) only dealers in
     * the buyer's state while it holds one (decision 077). Before the cart is replaced.
     */
    tellDealerOfHandguns: enqueueActions(({ context, enqueue }, params: { cart: Cart | null }) => {
      const handguns = hasHandguns(params.cart?.items);
      if (handguns !== hasHandguns(context.cart?.items)) enqueue.sendTo('fflDealer', { type: 'dealer.handguns.change', handguns });
    }),
    setComputedCart: assign((_, params: { cart: Cart }) => ({ computedCart: params.cart, cart: params.cart })),
    clearComputedCart: assign({ computedCart: null }),
    setRestrictedItems: assign({
      restrictedItems: (_, params: { cart: Cart | null; billing: BillingValues | null; dealer: DealerValues | null }) =>
        restrictedItemsFor(params.cart, params.billing, params.dealer),
    }),
    clearRestrictedItems: assign({ restrictedItems: [] }),
    startAttempt: assign({
      attemptKey: ({ context }) => context.attemptKey ?? newAttemptKey(),
      paymentError: null,
      paymentToken: null,
    }),
    setPaymentToken: assign({ paymentToken: (_, params: { token: string }) => params.token }),
    countSubmission: assign({ orderSubmissions: ({ context }) => context.orderSubmissions + 1 }),
    paymentFailed: assign((_, params: { error: unknown; keepKey: boolean }) => ({
      paymentError: networkErrorText(params.error),
      paymentToken: null,
      ...(params.keepKey ? {} : { attemptKey: null }),
    })),
    setOrder: assign({ orderId: (_, params: { orderId: number }) => params.orderId, paymentToken: null }),
    replaceCart: emit((_, params: { cart: Cart }) => ({ type: 'cart.replace' as const, cart: params.cart })),
    /** The guest's cart is not the one checked out: the cart actor loads it again (decision 034). */
    reloadCart: emit({ type: 'cart.refresh' as const }),
    /**
     * Decision 030: a valid billing step says where the shopper ships, whether or not the cart can
     * go there (the modal may follow); the cart actor keeps it for the shipment notes.
     */
    reportDestination: enqueueActions(({ context, enqueue }) => {
      if (!isBillingValid(context.billing)) return;
      enqueue.emit({ type: 'destination.accepted', destination: normalDestination(shippingDestination(context.billing!)) });
    }),
    /** The order emptied the cart: hand the shopper's new cart, if it could be loaded, to the cart actor. */
    replaceCartIfLoaded: enqueueActions(({ enqueue }, params: { cart: Cart | null }) => {
      if (params.cart) enqueue.emit({ type: 'cart.replace', cart: params.cart });
    }),
    notify: emit((_, params: { kind: NotificationKind; text: string }) => ({
      type: 'notification.show' as const,
      kind: params.kind,
      text: params.text,
    })),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notification.show' as const,
      kind: 'error' as const,
      text: networkErrorText(params.error),
    })),
  },
  guards: {
    billingInvalid: ({ context }) => !isBillingValid(context.billing),
    // A handgun's dealer must be in the billing state (decision 077): the dealer step drops one that
    // is not, and this is checked again with the submitted billing address.
    dealerInvalid: ({ context }) =>
      hasFflItems(context.cart?.items) &&
      (!isDealerValid(context.dealer) || dealerStateRefusal(context.cart?.items, context.dealer?.dealerState, context.billing?.state) !== null),
    cartEmpty: ({ context }) => !context.cart || context.cart.items.length === 0,
    hasRestrictedItems: (_, params: { cart: Cart | null; billing: BillingValues | null; dealer: DealerValues | null }) =>
      restrictedItemsFor(params.cart, params.billing, params.dealer).length > 0,
    hasItems: (_, params: { cart: Cart }) => params.cart.items.length > 0,
    /** Section 8: a 404 on a guest cart call, silenced; the cart it named is not the guest's any more. */
    isGuestCartGone: (_, params: { error: unknown; cart: Cart | null }) => errorStatus(params.error) === 404 && !!params.cart?.isGuest,
    cartChangedSinceCompute: ({ context }, params: { cart: Cart | null }) => lineKey(params.cart) !== lineKey(context.computedCart),
    /** The cart actor has not loaded the shopper's cart yet. */
    noCart: (_, params: { cart: Cart | null }) => params.cart === null,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    cart: input.cart,
    billing: null,
    draft: null,
    dealer: null,
    computedCart: null,
    restrictedItems: [],
    attemptKey: null,
    orderSubmissions: 0,
    orderId: null,
    paymentError: null,
    paymentToken: null,
  }),
  initial: 'billing',
  invoke: {
    id: 'fflDealer',
    src: 'fflDealer',
    input: ({ context }) => ({ recall: isCustomerFflCart(context.cart), handguns: hasHandguns(context.cart?.items) }),
  },
  on: {
    'checkout.cart.updated': {
      actions: [
        { type: 'tellDealerOfHandguns', params: ({ event }) => ({ cart: event.cart }) },
        { type: 'setCart', params: ({ event }) => ({ cart: event.cart }) },
        { type: 'recallLastDealer', params: ({ event }) => ({ cart: event.cart }) },
      ],
    },
  },
  states: {
    billing: {
      on: {
        // The dealer step's choice (decision 029), made on this step only: what was checked on the
        // way to payment is what the order sends.
        'dealer.chosen': { actions: { type: 'setDealer', params: ({ event }) => ({ dealer: event.dealer }) } },
        'dealer.cleared': { actions: { type: 'setDealer', params: { dealer: null } } },
        'billing.draft': { actions: { type: 'setDraft', params: ({ event }) => ({ billing: event.billing }) } },
        'billing.submit': {
          target: 'validating',
          actions: { type: 'setBilling', params: ({ event }) => ({ billing: event.billing }) },
        },
      },
    },

    /**
     * A checkout restored after a reload past the billing step (issue 18 item 4; decision 040):
     * only ever entered from a persisted snapshot (checkout.persistence.ts), never by an event.
     * The submitted billing values and the dealer are kept, but nothing computed is trusted: the
     * cart actor's current cart (it always reports it once the view is wired) goes through the
     * billing step's checks again, restricted items and compute included, before payment. Next
     * works as on the billing step, so a cart that never loads does not hold the shopper.
     */
    resuming: {
      on: {
        'checkout.cart.updated': [
          { guard: { type: 'noCart', params: ({ event }) => ({ cart: event.cart }) } },
          {
            target: 'validating',
            actions: [
              { type: 'tellDealerOfHandguns', params: ({ event }) => ({ cart: event.cart }) },
              { type: 'setCart', params: ({ event }) => ({ cart: event.cart }) },
              { type: 'recallLastDealer', params: ({ event }) => ({ cart: event.cart }) },
            ],
          },
        ],
        'billing.submit': {
          target: 'validating',
          actions: { type: 'setBilling', params: ({ event }) => ({ billing: event.billing }) },
        },
        'billing.draft': { actions: { type: 'setDraft', params: ({ event }) => ({ billing: event.billing }) } },
        'dealer.chosen': { actions: { type: 'setDealer', params: ({ event }) => ({ dealer: event.dealer }) } },
        'dealer.cleared': { actions: { type: 'setDealer', params: { dealer: null } } },
      },
    },

    /** Section 4: billing to payment only when every check passes; each failure says which. */
    validating: {
      entry: 'reportDestination',
      always: [
        {
          guard: 'billingInvalid',
          target: 'billing',
          actions: { type: 'notify', params: { kind: 'error', text: BILLING_FORM_ERRORS } },
        },
        {
          guard: 'dealerInvalid',
          target: 'billing',
          actions: { type: 'notify', params: { kind: 'error', text: DEALER_FORM_ERRORS } },
        },
        {
          guard: 'cartEmpty',
          target: 'billing',
          actions: { type: 'notify', params: { kind: 'warning', text: EMPTY_CART_TEXT } },
        },
        {
          guard: {
            type: 'hasRestrictedItems',
            params: ({ context }) => ({ cart: context.cart, billing: context.billing, dealer: context.dealer }),
          },
          target: 'restricted',
          actions: [
            {
              type: 'setRestrictedItems',
              params: ({ context }) => ({ cart: context.cart, billing: context.billing, dealer: context.dealer }),
            },
            { type: 'notify', params: { kind: 'error', text: RESTRICTED_ITEMS_ERROR } },
          ],
        },
        { target: 'computing' },
      ],
    },

    computing: {
      invoke: {
        id: 'computeCart',
        src: 'computeCart',
        input: ({ context }) => ({
          ...cartRef(context.cart!),
          billing: context.billing!,
          dealer: hasFflItems(context.cart?.items) ? context.dealer : null,
          // Section 3's `address.taxCode`, from the cart the server priced (an echo it checks).
          taxCode: addressTaxCode(context.cart!.items),
        }),
        onDone: [
          {
            // The server's lines are the truth: check them again before payment.
            guard: {
              type: 'hasRestrictedItems',
              params: ({ context, event }) => ({ cart: event.output, billing: context.billing, dealer: context.dealer }),
            },
            target: 'restricted',
            actions: [
              { type: 'setCart', params: ({ event }) => ({ cart: event.output }) },
              { type: 'replaceCart', params: ({ event }) => ({ cart: event.output }) },
              {
                type: 'setRestrictedItems',
                params: ({ context, event }) => ({ cart: event.output, billing: context.billing, dealer: context.dealer }),
              },
              { type: 'notify', params: { kind: 'error', text: RESTRICTED_ITEMS_ERROR } },
            ],
          },
          {
            guard: { type: 'hasItems', params: ({ event }) => ({ cart: event.output }) },
            target: 'payment',
            actions: [
              { type: 'setComputedCart', params: ({ event }) => ({ cart: event.output }) },
              { type: 'replaceCart', params: ({ event }) => ({ cart: event.output }) },
            ],
          },
          {
            target: 'billing',
            actions: [
              { type: 'setCart', params: ({ event }) => ({ cart: event.output }) },
              { type: 'replaceCart', params: ({ event }) => ({ cart: event.output }) },
              { type: 'notify', params: { kind: 'warning', text: EMPTY_CART_TEXT } },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isGuestCartGone', params: ({ context, event }) => ({ error: event.error, cart: context.cart }) },
            target: 'cartGone',
            actions: 'reloadCart',
          },
          { target: 'billing', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },

    /** The restricted-items modal (section 5). */
    restricted: {
      on: {
        'restricted.remove': { target: 'removingItems' },
        'restricted.update-address': { target: 'billing', actions: 'clearRestrictedItems' },
      },
    },

    removingItems: {
      invoke: {
        id: 'removeCartItems',
        src: 'removeCartItems',
        input: ({ context }) => ({ ...cartRef(context.cart!), itemIds: context.restrictedItems.map((item) => item.id) }),
        onDone: [
          {
            guard: { type: 'hasItems', params: ({ event }) => ({ cart: event.output }) },
            target: 'billing',
            actions: [
              { type: 'setCart', params: ({ event }) => ({ cart: event.output }) },
              { type: 'replaceCart', params: ({ event }) => ({ cart: event.output }) },
              'clearRestrictedItems',
              { type: 'notify', params: { kind: 'success', text: RESTRICTED_REMOVED } },
            ],
          },
          {
            target: 'emptied',
            actions: [
              { type: 'setCart', params: ({ event }) => ({ cart: event.output }) },
              { type: 'replaceCart', params: ({ event }) => ({ cart: event.output }) },
              'clearRestrictedItems',
              { type: 'notify', params: { kind: 'warning', text: ALL_REMOVED } },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isGuestCartGone', params: ({ context, event }) => ({ error: event.error, cart: context.cart }) },
            target: 'cartGone',
            actions: 'reloadCart',
          },
          { target: 'restricted', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },

    /** Every item was removed: the checkout is over and the view goes home (section 5). */
    emptied: { type: 'final' },

    /**
     * A guest cart call answered 404 (silenced, section 8): the cart checked out is no longer the
     * guest's, so nothing is left to check out. The checkout is over and the view goes home, as
     * for an emptied cart; the cart actor reloads the guest's cart (decision 034).
     */
    cartGone: { type: 'final' },

    payment: {
      on: {
        'payment.back': { target: 'billing', actions: 'clearComputedCart' },
        'promo.apply': { target: 'applyingPromo' },
        'payment.submit': { target: 'placingOrder', actions: 'startAttempt' },
        'checkout.cart.updated': [
          {
            guard: { type: 'cartChangedSinceCompute', params: ({ event }) => ({ cart: event.cart }) },
            target: 'billing',
            actions: [
              { type: 'tellDealerOfHandguns', params: ({ event }) => ({ cart: event.cart }) },
              { type: 'setCart', params: ({ event }) => ({ cart: event.cart }) },
              'clearComputedCart',
              { type: 'notify', params: { kind: 'info', text: CART_CHANGED } },
              { type: 'recallLastDealer', params: ({ event }) => ({ cart: event.cart }) },
            ],
          },
          { actions: { type: 'setCart', params: ({ event }) => ({ cart: event.cart }) } },
        ],
      },
    },

    applyingPromo: {
      invoke: {
        id: 'applyPromoCode',
        src: 'applyPromoCode',
        input: ({ context, event }) => {
          assertEvent(event, 'promo.apply');
          return { ...cartRef(context.computedCart!), promoCode: event.promoCode };
        },
        onDone: {
          target: 'payment',
          actions: [
            { type: 'setComputedCart', params: ({ event }) => ({ cart: event.output }) },
            { type: 'replaceCart', params: ({ event }) => ({ cart: event.output }) },
            { type: 'notify', params: { kind: 'success', text: PROMO_APPLIED } },
          ],
        },
        onError: [
          // Section 8: a 404 on a guest cart call is silenced; the code was not the problem.
          {
            guard: { type: 'isGuestCartGone', params: ({ context, event }) => ({ error: event.error, cart: context.computedCart }) },
            target: 'cartGone',
            actions: 'reloadCart',
          },
          // Section 8: any other failure of the promo call reads 'Discount code is invalid'.
          { target: 'payment', actions: { type: 'notify', params: { kind: 'error', text: PROMO_INVALID } } },
        ],
      },
    },

    /** Place Order: tokenize, then submit once. Further payment.submit events are not handled here. */
    placingOrder: {
      initial: 'tokenizing',
      states: {
        tokenizing: {
          invoke: {
            id: 'tokenizeCard',
            src: 'tokenizeCard',
            input: ({ event }) => {
              assertEvent(event, 'payment.submit');
              return event.card;
            },
            onDone: {
              target: 'submitting',
              actions: { type: 'setPaymentToken', params: ({ event }) => ({ token: event.output }) },
            },
            // No order was sent: the attempt (and its key) stays as it was.
            onError: {
              target: '#checkout.payment',
              actions: [
                { type: 'paymentFailed', params: ({ event }) => ({ error: event.error, keepKey: true }) },
                { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        submitting: {
          entry: 'countSubmission',
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => ({
              ...cartRef(context.computedCart!),
              billing: context.billing!,
              dealer: hasFflItems(context.computedCart?.items) ? context.dealer : null,
              paymentToken: context.paymentToken!,
              idempotencyKey: context.attemptKey!,
            }),
            onDone: {
              target: '#checkout.confirmed',
              actions: [
                { type: 'setOrder', params: ({ event }) => ({ orderId: event.output.orderId }) },
                { type: 'replaceCartIfLoaded', params: ({ event }) => ({ cart: event.output.cart }) },
              ],
            },
            onError: {
              target: '#checkout.payment',
              actions: [
                { type: 'paymentFailed', params: ({ event }) => ({ error: event.error, keepKey: isOutcomeUnknown(event.error) }) },
                { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },

    /** The order is placed; the view goes to /confirm/{orderId}. */
    confirmed: { type: 'final' },
  },
});
