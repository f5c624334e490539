import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { BillingValues, CardValues, Cart, CheckoutEvent, ChosenDealer } from '../../machines/checkout/checkout.types';
import { isBillingValid, isDealerValid } from '../../src/domain/checkout-forms';
import { california, dealer, guestCart, idaho, item } from './checkout-support';
import type { PathModel } from './test-model';

/**
 * The checkout's path model (shared by tests/machines/checkout.test.ts and the scenario docs,
 * docs/machines/checkout.md): the guest's cart of the paths, the forms' values, the API's answers,
 * and every event the model may send with its payload and a short name for the test titles.
 */

const rifle = item({ id: 11, productId: 'RIFLE-1', productName: 'Ridgeline Rifle', isFflItem: true, price: 1299, productPrice: 1299 });
/** Restricted in California (the modal's case). */
export const magazine = item({ id: 12, productId: 'MAG-30', productName: '30-round magazine', restrictedStates: ['CA'], price: 39 });

/** The guest's cart of the paths: the rifle and the magazine unless told otherwise. */
export const cart = (overrides: Partial<Cart>): Cart => guestCart({ items: [rifle, magazine], subTotal: 1338, totalAmount: 1338, ...overrides });

export const startCart = cart({});
/** The cart panel changed a quantity while the shopper was on payment. */
export const changedCart = cart({ items: [rifle, { ...magazine, quantity: 2 }], subTotal: 1377, totalAmount: 1377 });
export const computedCart = cart({ shipping: 9.95, taxAmount: 79.56, totalAmount: 1427.51 });
/** The server's lines differ: the rifle is now restricted at the dealer's zip. */
export const computedRestricted = cart({ items: [{ ...rifle, restrictedZips: ['837'] }, magazine] });
export const computedEmpty = cart({ items: [], subTotal: 0, totalAmount: 0 });
const promoCart = cart({ shipping: 9.95, discount: 129.9, discountAmount: 129.9, totalAmount: 1297.61 });
const afterRemoval = cart({ items: [rifle], subTotal: 1299, totalAmount: 1299 });
export const emptiedCart = cart({ items: [], subTotal: 0, totalAmount: 0 });
export const newCart = cart({ id: 6, items: [], subTotal: 0, totalAmount: 0 });

const invalidBilling: BillingValues = { ...idaho, email: 'not-an-email', zip: '123' };
/** A listed dealer whose record breaks the dealer form's rules: still refused on Next. */
const invalidDealer: ChosenDealer = { ...dealer, dealerId: 2, dealerPhone: '12' };
export const card: CardValues = { cardNumber: '4242 4242 4242 4242', month: '12', year: '2030', cardCode: '123' };

export const declined = { name: 'ApiError', status: 402, message: 'Your card was declined' };
export const networkError = { name: 'ApiError', status: 0, message: 'Network Error' };
export const tokenizerError = { name: 'Error', message: 'Your card number is incorrect' };
const promoInvalid = { name: 'ApiError', status: 400, message: 'Discount code is invalid' };
const serverError = { name: 'ApiError', status: 500, message: 'Internal Server Error' };
/** The guest cart checked out is not the guest's any more (merged, ordered elsewhere, gone): silenced. */
export const guestCartGone = { name: 'ApiError', status: 404, message: 'No cart with this id belongs to you' };

/** Every event the model may send, with its payload, and a short name for the test titles. */
const labelled: [string, { type: string } & Record<string, unknown>][] = [
  ['dealer.chosen(Boise)', { type: 'dealer.chosen', dealer }],
  ['dealer.chosen(bad record)', { type: 'dealer.chosen', dealer: invalidDealer }],
  ['dealer.cleared', { type: 'dealer.cleared' }],
  ['billing.submit(Idaho)', { type: 'billing.submit', billing: idaho }],
  ['billing.submit(invalid billing)', { type: 'billing.submit', billing: invalidBilling }],
  ['billing.submit(California)', { type: 'billing.submit', billing: california }],
  ['cart.updated(unchanged)', { type: 'checkout.cart.updated', cart: computedCart }],
  ['cart.updated(changed)', { type: 'checkout.cart.updated', cart: changedCart }],
  ['restricted.remove', { type: 'restricted.remove' }],
  ['restricted.update-address', { type: 'restricted.update-address' }],
  ['payment.back', { type: 'payment.back' }],
  ['promo.apply(RIDGE10)', { type: 'promo.apply', promoCode: 'RIDGE10' }],
  ['payment.submit(4242)', { type: 'payment.submit', card }],
  ['computeCart done', { type: 'xstate.done.actor.computeCart', output: computedCart }],
  ['computeCart done(restricted lines)', { type: 'xstate.done.actor.computeCart', output: computedRestricted }],
  ['computeCart done(no items)', { type: 'xstate.done.actor.computeCart', output: computedEmpty }],
  ['computeCart error', { type: 'xstate.error.actor.computeCart', error: serverError }],
  ['computeCart error(guest cart gone)', { type: 'xstate.error.actor.computeCart', error: guestCartGone }],
  ['removeCartItems done(items left)', { type: 'xstate.done.actor.removeCartItems', output: afterRemoval }],
  ['removeCartItems done(emptied)', { type: 'xstate.done.actor.removeCartItems', output: emptiedCart }],
  ['removeCartItems error', { type: 'xstate.error.actor.removeCartItems', error: networkError }],
  ['removeCartItems error(guest cart gone)', { type: 'xstate.error.actor.removeCartItems', error: guestCartGone }],
  ['applyPromoCode done', { type: 'xstate.done.actor.applyPromoCode', output: promoCart }],
  ['applyPromoCode error', { type: 'xstate.error.actor.applyPromoCode', error: promoInvalid }],
  ['applyPromoCode error(guest cart gone)', { type: 'xstate.error.actor.applyPromoCode', error: guestCartGone }],
  ['tokenizeCard done', { type: 'xstate.done.actor.tokenizeCard', output: 'tok_sandbox_visa' }],
  ['tokenizeCard error', { type: 'xstate.error.actor.tokenizeCard', error: tokenizerError }],
  ['placeOrder done', { type: 'xstate.done.actor.placeOrder', output: { orderId: 42, cart: newCart } }],
  ['placeOrder error(declined)', { type: 'xstate.error.actor.placeOrder', error: declined }],
  ['placeOrder error(no answer)', { type: 'xstate.error.actor.placeOrder', error: networkError }],
];
/**
 * Events outside the model's traversal, used by the selected paths only: what the shopper types
 * (a draft changes no guard) and the cart actor's "no cart yet" while a restored checkout waits.
 */
const selectedOnly: [string, { type: string } & Record<string, unknown>][] = [
  ['billing.draft(typing)', { type: 'billing.draft', billing: { ...idaho, address: '1 Main' } }],
  ['cart.updated(no cart yet)', { type: 'checkout.cart.updated', cart: null }],
  ['cart.updated(start)', { type: 'checkout.cart.updated', cart: startCart }],
];
const events = labelled.map(([, event]) => event) as unknown as CheckoutEvent[];
const named = [...labelled, ...selectedOnly];
export const byLabel = new Map(named.map(([label, event]) => [label, event as unknown as CheckoutEvent]));
export const labelOf = (event: unknown) => named.find(([, e]) => JSON.stringify(e) === JSON.stringify(event))?.[0] ?? JSON.stringify(event);

export const checkoutModel: PathModel<typeof checkoutMachine> = {
  machine: checkoutMachine,
  options: {
    events,
    // What the guards read: the state, the cart's lines, the submitted forms, the computed lines.
    serializeState: (state) => {
      const c = state.context;
      const lines = (x: Cart | null) => x?.items.map((i) => `${i.id}x${i.quantity}:${i.restrictedZips.join('|')}`).join(',') ?? '-';
      return JSON.stringify({
        value: state.value,
        cart: lines(c.cart),
        computed: lines(c.computedCart),
        billing: c.billing?.state ?? null,
        billingValid: isBillingValid(c.billing),
        dealerValid: isDealerValid(c.dealer),
        key: c.attemptKey !== null,
      });
    },
  },
  starts: [{ name: '', input: { cart: startCart } }],
  labelOf,
};
