import { describe, expect, it, vi } from 'vitest';
import { connect } from '../../../machines/cart/cart.connect';
import { selectDestination } from '../../../machines/cart/cart.selectors';
import { cartMachine } from '../../../machines/cart/cart.machine';
import type { Cart, CartContext, CartItem } from '../../../machines/cart/cart.types';
import { cartLine, emptyGuestCart } from '../../support/carts';

/** connect() turns a cart snapshot into what the header badge and the cart panel show. */

function item(overrides: Partial<CartItem>): CartItem {
  return cartLine({
    id: 1,
    productId: 'RK15C-556-16-BLK',
    productName: 'RK-15 Carbine',
    productPrice: 1149,
    price: 1034.1,
    quantity: 1,
    options: [{ label: 'Caliber', value: '5.56 NATO' }],
    optionIds: ['1'],
    imageUrl: '/media/rk15.svg',
    productUrl: '/product/product-short/rk15',
    isFflItem: true,
    ...overrides,
  });
}

const cart = (items: CartItem[], amounts: Partial<Cart> = {}): Cart => emptyGuestCart({ id: 3, guestId: 'gid_x', items, ...amounts });

function snapshot(context: Partial<CartContext>, value: Parameters<typeof cartMachine.resolveState>[0]['value'] = 'ready') {
  return cartMachine.resolveState({ value, context: { owner: 'guest', guestToken: 'gid_x', cart: null, queue: [], destination: null, userLines: null, carrying: null, carried: null, ...context } });
}

const carbine = item({});
const tee = item({ id: 2, productId: 'TEE-M', productName: 'Ridge Tee', productPrice: 25, price: 25, quantity: 2, options: [], optionIds: [], imageUrl: null });
const full = cart([carbine, tee], { subTotal: 1199, discount: 114.9 });

describe('cart connect()', () => {
  it('is empty before the cart is loaded: no items, $0.00 amounts, no checkout', () => {
    const api = connect(snapshot({ owner: null }, 'idle'));
    expect(api).toMatchObject({
      owner: null,
      isReady: false,
      itemCount: 0,
      isEmpty: true,
      canCheckout: false,
      lines: [],
      subTotalText: '$0.00',
      discountText: '$0.00',
      preTaxTotalText: '$0.00',
    });
  });

  it('counts items as the sum of quantities and prices the footer (pre-tax = subtotal - discount)', () => {
    const api = connect(snapshot({ cart: full }));
    expect(api.owner).toBe('guest');
    expect(api.isReady).toBe(true);
    expect(api.itemCount).toBe(3);
    expect(api.canCheckout).toBe(true);
    expect(api.subTotalText).toBe('$1,199.00');
    expect(api.discountText).toBe('-$114.90');
    expect(api.preTaxTotalText).toBe('$1,084.10');
  });

  it('shows the struck list price and the discount only for discounted lines', () => {
    const [discounted, regular] = connect(snapshot({ cart: full })).lines;
    expect(discounted).toMatchObject({
      name: 'RK-15 Carbine',
      priceText: '$1,034.10',
      originalPriceText: '$1,149.00',
      discountText: '(10% off)',
      removeLabel: 'Remove RK-15 Carbine',
      options: [{ label: 'Caliber', value: '5.56 NATO' }],
    });
    expect(regular).toMatchObject({ priceText: '$25.00', originalPriceText: null, discountText: null, quantity: 2 });
  });

  it('sends the line intents to the machine; an empty field is no change', () => {
    const send = vi.fn();
    const [line] = connect(snapshot({ cart: full }), send).lines;
    expect(line.commitQuantity(3)).toBeNull();
    expect(line.commitQuantity(Number.NaN)).toBe('Enter a whole number from 0 to 99');
    line.remove();
    expect(send.mock.calls).toEqual([
      [{ type: 'cart.item.update', itemId: 1, quantity: 3 }],
      [{ type: 'cart.item.delete', itemId: 1 }],
    ]);
  });

  it("refuses a quantity above the stock with 'Only {n} left', and the range, without sending (decision 027)", () => {
    const send = vi.fn();
    const [line] = connect(snapshot({ cart: cart([item({ quantity: 1, qtyOnHand: 2 })]) }), send).lines;
    expect(line.commitQuantity(500)).toBe('Enter a whole number from 0 to 99');
    expect(line.commitQuantity(100)).toBe('Enter a whole number from 0 to 99');
    expect(line.commitQuantity(-1)).toBe('Enter a whole number from 0 to 99');
    expect(line.commitQuantity(1.5)).toBe('Enter a whole number from 0 to 99');
    expect(line.commitQuantity(3)).toBe('Only 2 left');
    expect(send).not.toHaveBeenCalled();
    expect(line.commitQuantity(2)).toBeNull();
    expect(line.commitQuantity(0)).toBeNull();
    expect(send.mock.calls).toEqual([
      [{ type: 'cart.item.update', itemId: 1, quantity: 2 }],
      [{ type: 'cart.item.update', itemId: 1, quantity: 0 }],
    ]);
  });

  it('lets a line above the stock come down, and sends any quantity when the stock is not known', () => {
    const send = vi.fn();
    const [above, unknown] = connect(
      snapshot({ cart: cart([item({ quantity: 5, qtyOnHand: 2 }), item({ id: 2, quantity: 1, qtyOnHand: undefined })]) }),
      send,
    ).lines;
    expect(above.commitQuantity(4)).toBeNull();
    expect(above.commitQuantity(6)).toBe('Only 2 left');
    expect(unknown.commitQuantity(40)).toBeNull();
    expect(send.mock.calls).toEqual([
      [{ type: 'cart.item.update', itemId: 1, quantity: 4 }],
      [{ type: 'cart.item.update', itemId: 2, quantity: 40 }],
    ]);
  });

  it('shows the quantity a line will have once queued changes have run, and a queued removal', () => {
    const api = connect(
      snapshot(
        {
          cart: full,
          queue: [
            { kind: 'update', itemId: 1, quantity: 4 },
            { kind: 'delete', itemId: 2 },
          ],
        },
        'busy',
      ),
    );
    expect(api.isBusy).toBe(true);
    expect(api.isReady).toBe(false);
    expect(api.lines.map((line) => [line.quantity, line.isRemoving])).toEqual([
      [4, false],
      [0, true],
    ]);
    // The badge counts the cart as the server last answered it.
    expect(api.itemCount).toBe(3);
  });

  it('knows the user owner', () => {
    expect(connect(snapshot({ owner: 'user', cart: full, guestToken: null })).owner).toBe('user');
  });
});

describe('cart connect(): shipment notes (decision 030)', () => {
  const magazine = item({ id: 5, productName: 'RM-30 Rifle Magazine', isFflItem: false, restrictedStates: ['CA', 'NY'], restrictedZips: ['100', '606'] });
  const handgun = item({ id: 6, productName: 'RP-9 Compact', isFflItem: true, restrictedStates: ['CA', 'MA'], restrictedZips: ['021'] });
  const lines = [magazine, handgun, tee];
  const notes = (destination: CartContext['destination']) =>
    connect(snapshot({ cart: cart(lines), destination })).lines.map((line) => line.restrictionNote);

  it('says nothing while the destination is not known', () => {
    expect(notes(null)).toEqual([null, null, null]);
  });

  it("names the state that blocks a line, for FFL lines too ('Not available for shipment to California')", () => {
    expect(notes({ state: 'CA', zip: '95814', source: 'checkout' })).toEqual([
      'Not available for shipment to California',
      'Not available for shipment to California',
      null,
    ]);
  });

  it('names the zip for a zip-only block; an FFL line is judged on the state only (its dealer has another zip)', () => {
    expect(notes({ state: 'IL', zip: '60601', source: 'profile' })).toEqual([
      'Not available for shipment to 60601',
      null,
      null,
    ]);
    expect(notes({ state: 'MA', zip: '02108', source: 'profile' })).toEqual([null, 'Not available for shipment to Massachusetts', null]);
    expect(notes({ state: 'ID', zip: '83702', source: 'checkout' })).toEqual([null, null, null]);
  });

  it('gives views the known destination alone', () => {
    const destination = { state: 'CA', zip: '95814', source: 'checkout' as const };
    expect(selectDestination(snapshot({ destination }))).toBe(destination);
    expect(selectDestination(snapshot({}))).toBeNull();
  });
});
