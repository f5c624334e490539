// The checkout's order summary (shop-core.md section 2): lines and count from the cart, or from the
// computed cart on the payment step, and the amounts only once the server has computed them.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../src/api/schema';
import { orderSummary } from '../../../src/domain/order-summary';
import { cartLine, emptyGuestCart } from '../../support/carts';

type Cart = components['schemas']['Cart'];
type CartItem = components['schemas']['CartItem'];

function item(overrides: Partial<CartItem>): CartItem {
  return cartLine({ id: 1, productId: 'SKU-1', productName: 'RK-15 Carbine', productPrice: 1000, price: 1000, quantity: 1, productUrl: '/product/rk-15', ...overrides });
}

const cart = (items: CartItem[], amounts: Partial<Cart> = {}): Cart => emptyGuestCart({ id: 1, guestId: 'g', items, ...amounts });

describe('order summary', () => {
  it('counts quantities, prices each line by its quantity and strikes the list price when discounted', () => {
    const summary = orderSummary(
      cart([
        item({ id: 1, quantity: 2, price: 899.5, productPrice: 1000, isFflItem: true, options: [{ label: 'Finish', value: 'Black' }] as CartItem['options'] }),
        item({ id: 2, quantity: 1, price: 20, productPrice: 20 }),
      ]),
      null,
    );
    expect(summary.countText).toBe('3 items');
    expect(summary.lines).toEqual([
      { id: 1, name: 'RK-15 Carbine', imageUrl: null, options: [{ label: 'Finish', value: 'Black' }], quantity: 2, isFflItem: true, priceText: '$1,799.00', originalPriceText: '$2,000.00' },
      { id: 2, name: 'RK-15 Carbine', imageUrl: null, options: [], quantity: 1, isFflItem: false, priceText: '$20.00', originalPriceText: null },
    ]);
    expect(summary.totals).toBeNull();
  });

  it('says 1 item, and 0 items without a cart', () => {
    expect(orderSummary(cart([item({})]), null).countText).toBe('1 item');
    expect(orderSummary(null, null)).toEqual({ countText: '0 items', lines: [], totals: null });
  });

  it('on the payment step shows the computed cart and its amounts', () => {
    const computed = cart([item({ id: 3, quantity: 1, price: 500, productPrice: 500 })], {
      subTotal: 500,
      shipping: 0,
      discount: 25,
      taxAmount: 31.5,
      totalAmount: 506.5,
    });
    const summary = orderSummary(cart([item({ id: 1 })]), computed);
    expect(summary.lines.map((line) => line.id)).toEqual([3]);
    expect(summary.totals).toEqual({ subTotal: '$500.00', shipping: 'Free', discount: '-$25.00', tax: '$31.50', total: '$506.50' });
    expect(orderSummary(null, cart([], { shipping: 12.5 })).totals).toMatchObject({ shipping: '$12.50', discount: '$0.00' });
  });
});
