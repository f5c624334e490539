import type { Cart, CartItem } from '../../machines/cart/cart.types';

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

/**
 * A cart line (the API's CartItem) of an ordinary product: no options, no picture, not FFL, not a
 * receiver, not a build, unrestricted. A test names the product and whatever else it is about.
 */
export function cartLine(line: Pick<CartItem, 'id' | 'productId' | 'productName' | 'productPrice' | 'price' | 'quantity' | 'productUrl'> & Partial<CartItem>): CartItem {
  return {
    options: [],
    optionIds: [],
    imageUrl: null,
    isFflItem: false,
    isReceiverItem: false,
    buildId: null,
    notes: null,
    restrictedStates: [],
    restrictedZips: [],
    ...line,
  };
}
