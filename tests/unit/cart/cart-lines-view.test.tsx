// The cart panel's quantity field (shop-core.md section 2; decision 027): a quantity the cart
// cannot take stays in the field with its reason, and nothing is sent. A line that cannot ship
// where the shopper ships says so (decision 030).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect } from '../../../machines/cart/cart.connect';
import { cartMachine } from '../../../machines/cart/cart.machine';
import type { Cart, CartContext, CartItem } from '../../../machines/cart/cart.types';
import { CartLines } from '../../../src/features/cart/cart-contents';

afterEach(cleanup);

const line: CartItem = {
  id: 7,
  productId: 'SLING2P-FDE',
  productName: 'Ridgeline Two-Point Sling',
  productPrice: 44.99,
  price: 44.99,
  quantity: 1,
  options: [],
  optionIds: [],
  imageUrl: null,
  productUrl: '/product/product-short/sling',
  isFflItem: false,
  isReceiverItem: false,
  buildId: null,
  notes: null,
  restrictedStates: [],
  restrictedZips: [],
  qtyOnHand: 2,
};

const cart: Cart = {
  id: 3,
  userId: null,
  guestId: 'gid_x',
  isAbandoned: false,
  isGuest: true,
  items: [line],
  subTotal: 44.99,
  taxAmount: 0,
  shipping: 0,
  discount: 0,
  totalAmount: 44.99,
  discountAmount: 0,
  appliedDiscounts: [],
};

function renderLines(destination: CartContext['destination'] = null, inCart: Cart = cart) {
  const send = vi.fn();
  const snapshot = cartMachine.resolveState({ value: 'ready', context: { owner: 'guest', guestToken: 'gid_x', cart: inCart, queue: [], destination, userLines: null, carrying: null, carried: null } });
  render(
    <MemoryRouter>
      <CartLines lines={connect(snapshot, send).lines} />
    </MemoryRouter>,
  );
  return { send, field: screen.getByRole('spinbutton', { name: 'Qty of Ridgeline Two-Point Sling' }) as HTMLInputElement };
}

const errorOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('cart panel quantity field', () => {
  it("keeps a quantity above the stock with 'Only {n} left' under it, and sends nothing", () => {
    const { send, field } = renderLines();
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.blur(field);
    expect(field.value).toBe('5');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field)).toBe('Only 2 left');
    expect(screen.getByRole('alert').textContent).toBe('Only 2 left');
    expect(send).not.toHaveBeenCalled();
  });

  it('says the range for 500 instead of silently setting the line back', () => {
    const { send, field } = renderLines();
    fireEvent.change(field, { target: { value: '500' } });
    fireEvent.blur(field);
    expect(field.value).toBe('500');
    expect(errorOf(field)).toBe('Enter a whole number from 0 to 99');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a quantity it can take, and clears the reason', () => {
    const { send, field } = renderLines();
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.blur(field);
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.blur(field);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(send.mock.calls).toEqual([[{ type: 'cart.item.update', itemId: 7, quantity: 2 }]]);
  });
});

describe('cart panel shipment note (decision 030)', () => {
  const magazine: CartItem = {
    ...line,
    id: 8,
    productId: 'RM30-30-BLK',
    productName: 'RM-30 Rifle Magazine',
    restrictedStates: ['CA', 'NY'],
    restrictedZips: ['100', '606'],
  };
  const withMagazine: Cart = { ...cart, items: [line, magazine] };
  const lineOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;

  it('says "Not available for shipment to California" on the restricted line only', () => {
    renderLines({ state: 'CA', zip: '95814', source: 'checkout' }, withMagazine);
    expect(lineOf('RM-30 Rifle Magazine').textContent).toContain('Not available for shipment to California');
    expect(lineOf('Ridgeline Two-Point Sling').textContent).not.toContain('Not available');
  });

  it('names the zip when only the zip blocks the line', () => {
    renderLines({ state: 'NJ', zip: '07030', source: 'profile' }, { ...withMagazine, items: [line, { ...magazine, restrictedStates: [], restrictedZips: ['070'] }] });
    expect(lineOf('RM-30 Rifle Magazine').textContent).toContain('Not available for shipment to 07030');
  });

  it('says nothing while the destination is not known', () => {
    renderLines(null, withMagazine);
    expect(screen.queryByText(/Not available for shipment/)).toBeNull();
  });
});
