import type { SnapshotFrom } from 'xstate';
import { restrictionFor, restrictionReason } from '../../src/domain/restricted-items';
import { restrictionAddresses, type checkoutMachine } from './checkout.machine';
import type { BillingValues, CardValues, CheckoutEvent, CheckoutStep } from './checkout.types';

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
    submitBilling: (billing: BillingValues) => send({ type: 'billing.submit', billing }),
    removeRestricted: () => send({ type: 'restricted.remove' }),
    updateAddress: () => send({ type: 'restricted.update-address' }),
    back: () => send({ type: 'payment.back' }),
    applyPromo: (promoCode: string) => send({ type: 'promo.apply', promoCode }),
    placeOrder: (card: CardValues) => send({ type: 'payment.submit', card }),
  };
}

export type CheckoutApi = ReturnType<typeof connect>;
