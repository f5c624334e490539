import { describe, expect, it } from 'vitest';
import { connect } from '../../machines/checkout/checkout.connect';
import type { BillingValues, Cart } from '../../machines/checkout/checkout.types';
import { california, dealer, guestCart, idaho, item, startCheckout } from './checkout-support';

/**
 * Decision 030, the checkout's part: a valid billing step reports where the shopper ships
 * (`destination.accepted`, which the app hands to the cart for the shipment notes before
 * checkout), whether or not the cart can go there; and the restricted-items modal names what
 * blocks each item, by the same rule that listed it. The graph of the checkout itself is
 * tests/machines/checkout.test.ts; this only adds an emitted event and a connect() field.
 */

const magazine = item({ id: 12, productId: 'RM30-30-BLK', productName: 'RM-30 Rifle Magazine', restrictedStates: ['CA', 'NY'], restrictedZips: ['100', '606'] });
const cap = item({ id: 13, productId: 'CAP-RANGE-BLK', productName: 'Range Cap' });
const rifle = item({ id: 11, productId: 'RIFLE-1', productName: 'Ridgeline Rifle', isFflItem: true, restrictedZips: ['837'] });

function startActor(items: Cart['items']) {
  const sut = startCheckout(guestCart({ items, subTotal: 100, totalAmount: 100 }));
  const destinations = () => sut.emitted.filter((event) => event.type === 'destination.accepted');
  return { ...sut, destinations };
}

describe('checkout: where the shopper ships (decision 030)', () => {
  it('a valid California billing step reports California before the modal opens', () => {
    const { actor, emitted, destinations } = startActor([cap, magazine]);
    actor.send({ type: 'billing.submit', billing: california });
    expect(actor.getSnapshot().value).toBe('restricted');
    expect(destinations()).toEqual([{ type: 'destination.accepted', destination: { state: 'CA', zip: '95814' } }]);
    // Reported first: the modal's notice follows it.
    expect(emitted.map((event) => event.type)).toEqual(['destination.accepted', 'notification.show']);
    actor.stop();
  });

  it('reports the shipping address when it differs from billing, as its 5-digit zip', () => {
    const { actor, destinations } = startActor([cap]);
    actor.send({
      type: 'billing.submit',
      billing: {
        ...idaho,
        shippingSameAsBilling: false,
        shippingFirstName: 'Sam',
        shippingLastName: 'Shopper',
        shippingAddress: '1315 10th St',
        shippingCity: 'Sacramento',
        shippingState: 'CA',
        shippingZip: '95814-4801',
      },
    });
    expect(destinations()).toEqual([{ type: 'destination.accepted', destination: { state: 'CA', zip: '95814' } }]);
    actor.stop();
  });

  it('reports nothing for a billing step that is not valid', () => {
    const { actor, destinations } = startActor([cap]);
    actor.send({ type: 'billing.submit', billing: { ...california, zip: '123' } });
    expect(actor.getSnapshot().value).toBe('billing');
    expect(destinations()).toEqual([]);
    actor.stop();
  });
});

describe('checkout connect(): the modal names what blocks each item (decision 030)', () => {
  it("'not available in California' for a state restriction", () => {
    const { actor } = startActor([cap, magazine]);
    actor.send({ type: 'billing.submit', billing: california });
    expect(connect(actor.getSnapshot(), actor.send).restrictedLines).toEqual([
      { id: 12, name: 'RM-30 Rifle Magazine', reason: 'not available in California' },
    ]);
    actor.stop();
  });

  it("'not available in zip 10001' for a zip restriction, and an FFL item by its dealer's zip", () => {
    const newYorkCity: BillingValues = { ...idaho, city: 'New York', state: 'NY', zip: '10001' };
    const { actor } = startActor([cap, { ...magazine, restrictedStates: [] }, rifle]);
    actor.send({ type: 'dealer.chosen', dealer });
    actor.send({ type: 'billing.submit', billing: newYorkCity });
    expect(connect(actor.getSnapshot(), actor.send).restrictedLines).toEqual([
      { id: 12, name: 'RM-30 Rifle Magazine', reason: 'not available in zip 10001' },
      { id: 11, name: 'Ridgeline Rifle', reason: 'not available in zip 83704' },
    ]);
    actor.stop();
  });

  it('Update Address closes the modal and empties the list', () => {
    const { actor } = startActor([magazine]);
    actor.send({ type: 'billing.submit', billing: california });
    actor.send({ type: 'restricted.update-address' });
    const api = connect(actor.getSnapshot(), actor.send);
    expect(api.isRestrictedOpen).toBe(false);
    expect(api.restrictedLines).toEqual([]);
    actor.stop();
  });
});
