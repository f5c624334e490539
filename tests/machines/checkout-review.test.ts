import { describe, expect, it } from 'vitest';
import { connect, orderReview } from '../../machines/checkout/checkout.connect';
import type { BillingValues, Cart } from '../../machines/checkout/checkout.types';
import { dealer, guestCart, idaho, item, startCheckout } from './checkout-support';

/**
 * The payment step's review (issue 18): a pure selector over what the checkout holds (billing
 * values, the chosen dealer, the computed cart) and the page's shipping methods. The graph of the
 * checkout itself is tests/machines/checkout.test.ts; the review adds no transition.
 */

const methods = [
  { id: 1, name: 'Ground', price: 9.95 },
  { id: 2, name: 'Store pickup', price: 0 },
];
const cap = item({ id: 13, productId: 'CAP-RANGE-BLK', productName: 'Range Cap' });
const rifle = item({ id: 11, productId: 'RIFLE-1', productName: 'Ridgeline Rifle', isFflItem: true });
const computed = (items: Cart['items'], shipping = 9.95) => guestCart({ items, subTotal: 100, shipping, totalAmount: 109.95 });
const withPhone: BillingValues = { ...idaho, mainContact: '(208) 555-0142', company: 'Range Co' };

describe('orderReview', () => {
  it('is null until billing values were submitted', () => {
    expect(orderReview({ billing: null, dealer: null, computedCart: computed([cap]) }, methods)).toBeNull();
  });

  it('shows the billing address with its contact, "same as billing", and the method with the charged shipping', () => {
    const review = orderReview({ billing: withPhone, dealer: null, computedCart: computed([cap], 12.5) }, methods);
    expect(review).toEqual({
      billing: {
        name: 'Sam Shopper',
        lines: ['Range Co', '1 Main St', 'Boise, ID 83702'],
        email: 'shopper@example.com',
        phone: '(208) 555-0142',
      },
      shipping: 'same',
      dealer: null,
      shippingMethod: { name: 'Ground', price: 12.5 },
    });
  });

  it('leaves out an empty phone and company', () => {
    const review = orderReview({ billing: idaho, dealer: null, computedCart: computed([cap]) }, methods);
    expect(review?.billing).toEqual({ name: 'Sam Shopper', lines: ['1 Main St', 'Boise, ID 83702'], email: 'shopper@example.com', phone: null });
  });

  it('shows a separate shipping address with its company and second line', () => {
    const billing: BillingValues = {
      ...idaho,
      shippingSameAsBilling: false,
      shippingFirstName: 'Alex',
      shippingLastName: 'Shopper',
      shippingCompany: 'Capitol Office',
      shippingAddress: '700 W Jefferson St',
      addressContact: 'Suite 210',
      shippingCity: 'Boise',
      shippingState: 'ID',
      shippingZip: '83720',
    };
    const review = orderReview({ billing, dealer: null, computedCart: computed([cap]) }, methods);
    expect(review?.shipping).toEqual({ name: 'Alex Shopper', lines: ['Capitol Office', '700 W Jefferson St', 'Suite 210', 'Boise, ID 83720'] });
  });

  it('shows the chosen dealer for a cart with FFL items, with its licence ending when the record is the same dealer', () => {
    const cart = computed([rifle, cap]);
    const review = orderReview({ billing: idaho, dealer, computedCart: cart }, methods, { dealerId: dealer.dealerId, licenceEnding: '12345' });
    expect(review?.dealer).toEqual({ name: 'Boise Guns', lines: ['9 Range Rd', 'Boise, ID 83704'], licenceEnding: '12345' });
    expect(review?.shipping).toBe('same');
    // Another dealer's record says nothing about this one's licence.
    const other = orderReview({ billing: idaho, dealer, computedCart: cart }, methods, { dealerId: 99, licenceEnding: '99999' });
    expect(other?.dealer?.licenceEnding).toBeNull();
  });

  it('has no shipping address when every item goes to the dealer', () => {
    const review = orderReview({ billing: idaho, dealer, computedCart: computed([rifle]) }, methods);
    expect(review?.shipping).toBeNull();
    expect(review?.dealer?.name).toBe('Boise Guns');
  });

  it('shows no dealer for a cart without FFL items, even when one was chosen', () => {
    expect(orderReview({ billing: idaho, dealer, computedCart: computed([cap]) }, methods)?.dealer).toBeNull();
  });

  it("uses the method's own price before the cart is computed, and no method when none matches", () => {
    expect(orderReview({ billing: { ...idaho, shippingMethodId: 2 }, dealer: null, computedCart: null }, methods)?.shippingMethod).toEqual({
      name: 'Store pickup',
      price: 0,
    });
    expect(orderReview({ billing: { ...idaho, shippingMethodId: 7 }, dealer: null, computedCart: computed([cap]) }, methods)?.shippingMethod).toBeNull();
  });

  it('reads what the machine holds on the payment step, and the way back is closed while the order is placed', async () => {
    const cart = guestCart({ items: [rifle, cap], subTotal: 100, totalAmount: 100 });
    const { actor, fakes } = startCheckout(cart);
    actor.send({ type: 'dealer.chosen', dealer });
    actor.send({ type: 'billing.submit', billing: idaho });
    await fakes.resolve('computeCart', { ...cart, shipping: 9.95 });
    const api = connect(actor.getSnapshot(), actor.send);
    expect(api.step).toBe('payment');
    const review = orderReview(api, methods);
    expect(review?.billing.lines).toEqual(['1 Main St', 'Boise, ID 83702']);
    expect(review?.dealer?.name).toBe('Boise Guns');
    expect(review?.shippingMethod).toEqual({ name: 'Ground', price: 9.95 });
    expect(api.canGoBack).toBe(true);

    actor.send({ type: 'payment.submit', card: { cardNumber: '4242424242424242', month: '12', year: '2030', cardCode: '123' } });
    expect(connect(actor.getSnapshot(), actor.send).canGoBack).toBe(false);
    actor.stop();
  });
});
