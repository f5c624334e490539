import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine';
import type { BillingValues, CardValues, CheckoutEvent, CheckoutStep, DealerValues } from './checkout.types';

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
    /** Every item was removed: the view goes home. */
    isEmptied: snapshot.matches('emptied'),
    orderId: snapshot.matches('confirmed') ? context.orderId : null,
    restrictedItems: context.restrictedItems,
    /** The cart as computed for the address (the payment step's totals); null on billing. */
    computedCart: step === 'payment' ? context.computedCart : null,
    billing: context.billing,
    dealer: context.dealer,
    paymentError: context.paymentError,
    canGoBack: snapshot.can({ type: 'payment.back' }),
    submitBilling: (billing: BillingValues, dealer: DealerValues | null) => send({ type: 'billing.submit', billing, dealer }),
    removeRestricted: () => send({ type: 'restricted.remove' }),
    updateAddress: () => send({ type: 'restricted.update-address' }),
    back: () => send({ type: 'payment.back' }),
    applyPromo: (promoCode: string) => send({ type: 'promo.apply', promoCode }),
    placeOrder: (card: CardValues) => send({ type: 'payment.submit', card }),
  };
}

export type CheckoutApi = ReturnType<typeof connect>;
