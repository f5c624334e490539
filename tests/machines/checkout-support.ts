import { createActor, fromCallback, type AnyEventObject, type InspectionEvent, type Observer, type Snapshot } from 'xstate';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { fflDealerMachine } from '../../machines/ffl-dealer/ffl-dealer.machine';
import type { BillingValues, Cart, CheckoutEmitted, ChosenDealer } from '../../machines/checkout/checkout.types';
import { emptyBilling } from '../../src/domain/checkout-forms';
import { emptyGuestCart } from '../support/carts';
import { createFakeActors } from './fake-actors';

/**
 * The checkout machine's test harness, shared by tests/machines/checkout.test.ts (the graph) and
 * tests/machines/checkout-destination.test.ts (decision 030): cart lines and carts, the billing
 * and dealer steps' values, and a real checkout actor over fake API, tokenizer and dealer-step
 * actors.
 */

/** A cart line: a plain item unless told otherwise. */
export const item = (overrides: Partial<Cart['items'][number]>): Cart['items'][number] => ({
  id: 1,
  productId: 'SKU-1',
  productName: 'Item',
  productPrice: 10,
  price: 10,
  quantity: 1,
  options: [],
  optionIds: [],
  imageUrl: null,
  productUrl: '/product/product-short/x',
  isFflItem: false,
  isReceiverItem: false,
  restrictedStates: [],
  restrictedZips: [],
  ...overrides,
});

/** A guest's cart (id 5), empty unless told otherwise. */
export const guestCart = (overrides: Partial<Cart>): Cart => emptyGuestCart({ id: 5, ...overrides });

export const idaho: BillingValues = {
  ...emptyBilling,
  email: 'shopper@example.com',
  firstName: 'Sam',
  lastName: 'Shopper',
  address: '1 Main St',
  city: 'Boise',
  state: 'ID',
  zip: '83702',
  shippingMethodId: 1,
};
export const california: BillingValues = { ...idaho, city: 'Sacramento', state: 'CA', zip: '95814' };

/** The dealer step's choice (decision 029): a listed dealer's record and id. */
export const dealer: ChosenDealer = {
  dealerId: 1,
  dealerName: 'Boise Guns',
  dealerAddress: '9 Range Rd',
  dealerEmail: 'ffl@example.com',
  dealerPhone: '(208) 555-0142',
  dealerCity: 'Boise',
  dealerState: 'ID',
  dealerZip: '83704',
  dealerCountry: 'United States',
};

/** The dealer step as the checkout sees it: what it was started with and what it was told. */
export function fakeDealerStep() {
  const started: unknown[] = [];
  const told: AnyEventObject[] = [];
  const logic = fromCallback<AnyEventObject, { recall: boolean }>(({ input, receive }) => {
    started.push(input);
    receive((event) => told.push(event));
  }) as unknown as typeof fflDealerMachine;
  return { logic, started, told };
}

/**
 * A started checkout actor over fakes, with everything it emitted; from a persisted snapshot
 * when one is given (a checkout restored after a reload, decision 040).
 */
export function startCheckout(cart: Cart, inspect?: Observer<InspectionEvent>, snapshot?: Snapshot<unknown>) {
  const fakes = createFakeActors();
  const dealerStep = fakeDealerStep();
  const machine = checkoutMachine.provide({
    actors: {
      computeCart: fakes.promise('computeCart'),
      removeCartItems: fakes.promise('removeCartItems'),
      applyPromoCode: fakes.promise('applyPromoCode'),
      tokenizeCard: fakes.promise('tokenizeCard'),
      placeOrder: fakes.promise('placeOrder'),
      fflDealer: dealerStep.logic,
    },
  });
  const actor = createActor(machine, { input: { cart }, inspect, snapshot });
  const emitted: CheckoutEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted, dealerStep };
}
