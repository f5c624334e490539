import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createCheckoutActors } from '../../machines/checkout/checkout.actors';
import type { Cart, ComputeInput } from '../../machines/checkout/checkout.types';
import type { ApiClient } from '../../src/api/client';
import { addressTaxCode } from '../../src/domain/tax-codes';
import { dealer, guestCart, idaho, item, startCheckout } from './checkout-support';

/**
 * Shop-core section 3's compute payload carries `address.taxCode` (decision 007, addendum
 * 2026-11-26): the checkout machine hands the computeCart actor the code of the goods shipped to
 * the address, from the cart the server priced, and the actor sends it. The checkout's graph and
 * its transition coverage are tests/machines/checkout.test.ts; only the invoke input changed.
 */

const tee = item({ id: 21, productId: 'TEE-LOGO-BLK-M', productName: 'Logo Tee', taxCode: 'clothing' });
const cap = item({ id: 22, productId: 'CAP-RANGE-BLK', productName: 'Range Cap', taxCode: 'clothing' });
const sling = item({ id: 23, productId: 'SLING-2PT', productName: 'Two-Point Sling', taxCode: 'general-merchandise' });
const rifle = item({ id: 24, productId: 'RIFLE-1', productName: 'Ridgeline Rifle', isFflItem: true, taxCode: 'firearms' });

function computeInputFor(items: Cart['items']) {
  const { actor, fakes } = startCheckout(guestCart({ items, subTotal: 100, totalAmount: 100 }));
  if (items.some((line) => line.isFflItem)) actor.send({ type: 'dealer.chosen', dealer });
  actor.send({ type: 'billing.submit', billing: idaho });
  expect(actor.getSnapshot().value).toBe('computing');
  const [input] = fakes.callsOf('computeCart') as ComputeInput[];
  actor.stop();
  return input;
}

describe('checkout: the compute input carries the address tax code', () => {
  it("the shared code of the lines shipped to the address; the dealer's FFL lines do not count", () => {
    expect(computeInputFor([tee, cap]).taxCode).toBe('clothing');
    expect(computeInputFor([tee, rifle]).taxCode).toBe('clothing');
    expect(computeInputFor([sling]).taxCode).toBe('general-merchandise');
  });

  it('none when the codes differ, when only FFL lines are in the cart, or a line has no code', () => {
    expect(computeInputFor([tee, sling]).taxCode).toBeUndefined();
    expect(computeInputFor([rifle]).taxCode).toBeUndefined();
    expect(computeInputFor([tee, { ...cap, taxCode: undefined }]).taxCode).toBeUndefined();
    expect(addressTaxCode([])).toBeUndefined();
  });
});

describe('computeCart actor: address.taxCode in the payload', () => {
  async function payloadFor(taxCode: ComputeInput['taxCode']) {
    const bodies: unknown[] = [];
    const api = {
      POST: (_path: string, init: { body: unknown }) => {
        bodies.push(init.body);
        return Promise.resolve({ data: guestCart({}), response: new Response(null, { status: 200 }) });
      },
    } as unknown as ApiClient;
    const actors = createCheckoutActors({ api, tokenizeCard: () => Promise.resolve('tok') });
    const input: ComputeInput = { cartId: 5, guestToken: 'gid_guest', billing: { ...idaho, shippingMethodId: 1 }, dealer: null, taxCode };
    await toPromise(createActor(actors.computeCart, { input }).start());
    return bodies[0] as { address: Record<string, unknown> };
  }

  it('sends the code with the address when there is one, and leaves it out otherwise', async () => {
    expect((await payloadFor('clothing')).address).toMatchObject({ region: 'ID', country: 'US', taxCode: 'clothing' });
    expect((await payloadFor(undefined)).address).not.toHaveProperty('taxCode');
  });
});
