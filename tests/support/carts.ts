import type { Cart } from '../../machines/cart/cart.types';

/** An empty, open guest cart (the API's Cart) with the fields a test cares about overridden. */
export function emptyGuestCart(overrides: Partial<Cart>): Cart {
  return {
    id: 1,
    userId: null,
    guestId: 'gid_guest',
    isAbandoned: false,
    isGuest: true,
    items: [],
    subTotal: 0,
    taxAmount: 0,
    shipping: 0,
    discount: 0,
    totalAmount: 0,
    discountAmount: 0,
    appliedDiscounts: [],
    ...overrides,
  };
}
