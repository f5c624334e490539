import type { SnapshotFrom } from 'xstate';
import { allFflItems, hasFflItems } from '../../src/domain/ffl-items';
import { restrictionFor, restrictionReason } from '../../src/domain/restricted-items';
import { restrictionAddresses, type checkoutMachine } from './checkout.machine';
import type { BillingValues, Cart, CardValues, CheckoutEvent, CheckoutStep, ChosenDealer } from './checkout.types';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
type Send = (event: CheckoutEvent) => void;

/** Which step the page shows (and the `stepId` query parameter says): the machine decides. */
export function checkoutStep(snapshot: CheckoutSnapshot): CheckoutStep {
  return snapshot.matches('payment') || snapshot.matches('applyingPromo') || snapshot.matches('placingOrder') || snapshot.matches('confirmed')
    ? 'payment'
    : 'billing';
}

/**
 * A checkout snapshot as the page needs it (zag's connect pattern): the step, busy flags, the
 * modal, the computed totals and the intents. Views never decide whether checkout may advance.
 */
export function connect(snapshot: CheckoutSnapshot, send: Send) {
  const { context } = snapshot;
  const step = checkoutStep(snapshot);
  return {
    step,
    isBillingBusy: snapshot.matches('validating') || snapshot.matches('computing'),
    isRestrictedOpen: snapshot.matches('restricted') || snapshot.matches('removingItems'),
    isRemovingItems: snapshot.matches('removingItems'),
    isApplyingPromo: snapshot.matches('applyingPromo'),
    isPlacingOrder: snapshot.matches('placingOrder'),
    /**
     * The checkout is over without an order: every item was removed, or the guest's cart is gone
     * (a silenced 404, decision 034). The view goes home.
     */
    isEmptied: snapshot.matches('emptied') || snapshot.matches('cartGone'),
    orderId: snapshot.matches('confirmed') ? context.orderId : null,
    restrictedItems: context.restrictedItems,
    /**
     * The modal's lines: each blocked item and what blocks it ('not available in California',
     * 'not available in zip 10001'; decision 030), by the same rule that listed it.
     */
    restrictedLines: context.restrictedItems.map((item) => {
      const restriction = context.billing ? restrictionFor(item, restrictionAddresses(context.billing, context.dealer)) : null;
      return { id: item.id, name: item.productName, reason: restriction ? restrictionReason(restriction) : null };
    }),
    /** The cart as computed for the address (the payment step's totals); null on billing. */
    computedCart: step === 'payment' ? context.computedCart : null,
    billing: context.billing,
    dealer: context.dealer,
    paymentError: context.paymentError,
    canGoBack: snapshot.can({ type: 'payment.back' }),
    saveDraft: (billing: BillingValues) => send({ type: 'billing.draft', billing }),
    submitBilling: (billing: BillingValues) => send({ type: 'billing.submit', billing }),
    removeRestricted: () => send({ type: 'restricted.remove' }),
    updateAddress: () => send({ type: 'restricted.update-address' }),
    back: () => send({ type: 'payment.back' }),
    applyPromo: (promoCode: string) => send({ type: 'promo.apply', promoCode }),
    placeOrder: (card: CardValues) => send({ type: 'payment.submit', card }),
  };
}

export type CheckoutApi = ReturnType<typeof connect>;

/** A shipping method as the review shows it (the contract's ShippingMethod: id, name, price). */
export interface ReviewShippingMethod {
  id: number;
  name: string;
  price: number;
}

/** An address as the review shows it: the name, then its lines (company, street, 'City, ST 12345'). */
export interface ReviewAddress {
  name: string;
  lines: string[];
}

/** The review block of the payment step (issue 18): what the order will send, before Place Order. */
export interface OrderReview {
  billing: ReviewAddress & { email: string; phone: string | null };
  /** 'same' when shipping equals billing; null when every item goes to the FFL dealer. */
  shipping: ReviewAddress | 'same' | null;
  /** The chosen dealer, only when the cart holds FFL items; its licence ending when known. */
  dealer: (ReviewAddress & { licenceEnding: string | null }) | null;
  /** The chosen method; its price is the computed cart's shipping once computed (what is charged). */
  shippingMethod: { name: string; price: number } | null;
}

const joined = (...parts: string[]) => parts.map((part) => part.trim()).filter(Boolean);

function cityLine(city: string, state: string, zip: string): string {
  const stateZip = joined(state, zip).join(' ');
  return joined(city, stateZip).join(', ');
}

/**
 * The payment step's review (issue 18): billing, shipping (or 'same'), the FFL dealer and the
 * shipping method, from what the machine holds. The shipping methods come from the page's loader;
 * the licence ending from the dealer step's chosen record (the checkout keeps the form fields only).
 * Null until billing values were submitted.
 */
export function orderReview(
  checkout: { billing: BillingValues | null; dealer: ChosenDealer | null; computedCart: Cart | null },
  shippingMethods: readonly ReviewShippingMethod[],
  licence: { dealerId: number; licenceEnding: string | null } | null = null,
): OrderReview | null {
  const { billing, dealer, computedCart: cart } = checkout;
  if (!billing) return null;
  const items = cart?.items ?? [];
  const hasFfl = hasFflItems(items);
  const allFfl = allFflItems(items);
  const method = shippingMethods.find((m) => m.id === billing.shippingMethodId);
  return {
    billing: {
      name: joined(billing.firstName, billing.lastName).join(' '),
      lines: joined(billing.company, billing.address, cityLine(billing.city, billing.state, billing.zip)),
      email: billing.email,
      phone: billing.mainContact.trim() || null,
    },
    shipping: allFfl
      ? null
      : billing.shippingSameAsBilling
        ? 'same'
        : {
            name: joined(billing.shippingFirstName, billing.shippingLastName).join(' '),
            lines: joined(
              billing.shippingCompany,
              billing.shippingAddress,
              billing.addressContact,
              cityLine(billing.shippingCity, billing.shippingState, billing.shippingZip),
            ),
          },
    dealer:
      hasFfl && dealer
        ? {
            name: dealer.dealerName,
            lines: joined(dealer.dealerAddress, cityLine(dealer.dealerCity, dealer.dealerState, dealer.dealerZip)),
            licenceEnding: licence && licence.dealerId === dealer.dealerId ? licence.licenceEnding : null,
          }
        : null,
    shippingMethod: method ? { name: method.name, price: cart ? cart.shipping : method.price } : null,
  };
}
