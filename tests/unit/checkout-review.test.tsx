import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Actor } from 'xstate';
import { connect, orderReview } from '../../machines/checkout/checkout.connect';
import type { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { BillingValues, Cart } from '../../machines/checkout/checkout.types';
import { PaymentStep } from '../../src/features/checkout/payment-step';
import { dealer, guestCart, idaho, item, startCheckout } from '../machines/checkout-support';

/**
 * The payment step's review block (issue 18) as a shopper meets it, rendered over the real
 * checkout machine (fake API calls): what the order sends, and Edit buttons that go back to the
 * billing step the way the progress bar does, closed while the order is being placed.
 */

afterEach(cleanup);

const methods = [
  { id: 1, name: 'Ground', price: 9.95 },
  { id: 2, name: 'Store pickup', price: 0 },
];
const licence = { dealerId: dealer.dealerId, licenceEnding: '12345' };
const cap = item({ id: 13, productId: 'CAP-RANGE-BLK', productName: 'Range Cap' });
const rifle = item({ id: 11, productId: 'RIFLE-1', productName: 'Ridgeline Rifle', isFflItem: true });

function Harness({ actor }: { actor: Actor<typeof checkoutMachine> }) {
  const api = useSelector(actor, (snapshot) => connect(snapshot, actor.send));
  return <PaymentStep checkout={api} review={orderReview(api, methods, licence)} />;
}

async function toPayment(items: Cart['items'], billing: BillingValues = idaho, shipping = 9.95) {
  const cart = guestCart({ items, subTotal: 100, totalAmount: 100 });
  const sut = startCheckout(cart);
  sut.actor.send({ type: 'dealer.chosen', dealer });
  sut.actor.send({ type: 'billing.submit', billing });
  await sut.fakes.resolve('computeCart', { ...cart, shipping });
  expect(sut.actor.getSnapshot().value).toBe('payment');
  render(<Harness actor={sut.actor} />);
  return { ...sut, review: screen.getByRole('region', { name: 'Review your order' }) };
}

const editButtons = (review: HTMLElement) => within(review).getAllByRole<HTMLButtonElement>('button', { name: /^Edit / });

describe('checkout payment step: the review block', () => {
  it('shows the billing address, "Same as billing", the dealer and the shipping method with its price', async () => {
    const { actor, review } = await toPayment([rifle, cap], { ...idaho, mainContact: '(208) 555-0142' });
    const term = (name: string) => within(review).getByText(name, { selector: 'dt' }).parentElement!;
    expect(term('Billing address').textContent).toMatch(/Sam Shopper.*1 Main St.*Boise, ID 83702.*shopper@example\.com.*\(208\) 555-0142/);
    expect(term('Shipping address').textContent).toMatch('Same as billing');
    expect(term('FFL dealer').textContent).toMatch(/Boise Guns.*9 Range Rd.*Boise, ID 83704.*FFL license ending 12345/);
    expect(term('Shipping method').textContent).toMatch(/Ground.*\$9\.95/);
    // Before the card form and Place Order.
    const placeOrder = screen.getByRole('button', { name: 'Place Order' });
    expect(review.compareDocumentPosition(placeOrder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(editButtons(review).map((button) => button.textContent)).toEqual([
      'Edit billing address',
      'Edit shipping address',
      'Edit FFL dealer',
      'Edit shipping method',
    ]);
    actor.stop();
  });

  it('shows a separate shipping address, no dealer without FFL items, and free shipping as Free', async () => {
    const billing: BillingValues = {
      ...idaho,
      shippingMethodId: 2,
      shippingSameAsBilling: false,
      shippingFirstName: 'Alex',
      shippingLastName: 'Shopper',
      shippingAddress: '700 W Jefferson St',
      shippingCity: 'Boise',
      shippingState: 'ID',
      shippingZip: '83720',
    };
    const { actor, review } = await toPayment([cap], billing, 0);
    expect(review.textContent).toMatch(/Alex Shopper.*700 W Jefferson St.*Boise, ID 83720/);
    expect(review.textContent).not.toContain('Same as billing');
    expect(within(review).queryByText('FFL dealer')).toBeNull();
    expect(review.textContent).toMatch(/Store pickup.*Free/);
    actor.stop();
  });

  it('Edit goes back to the billing step', async () => {
    const { actor, review } = await toPayment([cap]);
    fireEvent.click(within(review).getByRole('button', { name: 'Edit shipping method' }));
    expect(actor.getSnapshot().value).toBe('billing');
    actor.stop();
  });

  it('Edit is disabled while the order is being placed', async () => {
    const { actor, review } = await toPayment([cap]);
    act(() => {
      actor.send({ type: 'payment.submit', card: { cardNumber: '4242424242424242', month: '12', year: '2030', cardCode: '123' } });
    });
    expect(actor.getSnapshot().matches('placingOrder')).toBe(true);
    for (const button of editButtons(review)) expect(button.disabled).toBe(true);
    fireEvent.click(editButtons(review)[0]);
    expect(actor.getSnapshot().matches('placingOrder')).toBe(true);
    actor.stop();
  });
});
