import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { components } from '../../src/api/schema';
import { careOfLine, orderAddresses, paymentMethodLabel } from '../../src/features/account/account-format';
import { OrderScreen } from '../../src/features/account/order-screen';
import { chargedCard } from '../../server/src/payments/gateway';
import { SandboxGateway } from '../../server/src/payments/sandbox-gateway';

/**
 * Order details (decision 040): the order's addresses, dealer, shipping method and the card the
 * provider named at charge time, as the account's order page shows them.
 */

afterEach(cleanup);

type OrderDetail = components['schemas']['OrderDetail'];

const item = (id: number, isFflItem: boolean): OrderDetail['items'][number] => ({
  id,
  productId: isFflItem ? 'SUMMIT-308-22-BLK' : 'CAP-RANGE-BLK',
  productName: isFflItem ? 'Summit .308' : 'Range Cap',
  productUrl: '/product/product-short/x',
  quantity: 1,
  unitPrice: 10,
  price: 10,
  isFflItem,
  options: [],
});

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 7,
  createdAt: '2026-03-05T10:00:00.000Z',
  status: 'paid',
  paymentStatus: 'paid',
  userEmail: 'pat.buyer@example.com',
  items: [item(1, false)],
  billingFirstName: 'Pat',
  billingLastName: 'Buyer',
  billingCompany: null,
  billingAddress: '100 Congress Ave',
  billingCity: 'Austin',
  billingState: 'TX',
  billingZipCode: '78701',
  billingCountry: 'United States',
  shippingSameAsBilling: true,
  shippingFirstName: 'Pat',
  shippingLastName: 'Buyer',
  shippingCompany: null,
  shippingAddress: '100 Congress Ave',
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZipCode: '78701',
  shippingCountry: 'United States',
  shippingMethodName: 'Ground',
  customerPhone: '(512) 555-0199',
  dealerName: null,
  dealerAddress: null,
  dealerCity: null,
  dealerState: null,
  dealerZipCode: null,
  dealerCountry: null,
  dealerPhone: null,
  dealerLicenceEnding: null,
  paymentCardBrand: 'Visa',
  paymentCardLast4: '4242',
  subTotal: 10,
  discountAmount: 0,
  shippingCost: 9.95,
  taxAmount: 0.83,
  totalAmount: 20.78,
  ...overrides,
});

const withDealer: Partial<OrderDetail> = {
  dealerName: 'Lone Star Arms Transfer',
  dealerAddress: '200 E 6th St',
  dealerCity: 'Austin',
  dealerState: 'TX',
  dealerZipCode: '78701',
  dealerCountry: 'United States',
  dealerPhone: '(512) 555-0111',
  dealerLicenceEnding: '24680',
};

describe('how an order was paid', () => {
  it("brand and last four: 'Visa ending in 4242'; without a brand, 'Card ending in ...'", () => {
    expect(paymentMethodLabel('Visa', '4242')).toBe('Visa ending in 4242');
    expect(paymentMethodLabel('American Express', '8431')).toBe('American Express ending in 8431');
    expect(paymentMethodLabel(null, '0005')).toBe('Card ending in 0005');
    expect(paymentMethodLabel('Mastercard', null)).toBe('Mastercard');
  });

  it('an order that kept no card shows none; anything but four digits is not shown as digits', () => {
    expect(paymentMethodLabel(null, null)).toBeNull();
    expect(paymentMethodLabel(undefined, undefined)).toBeNull();
    expect(paymentMethodLabel('', '')).toBeNull();
    expect(paymentMethodLabel(null, '4242424242424242')).toBeNull();
  });

  it("the provider's brand and number become the shop's brand and the last four digits only", () => {
    expect(chargedCard('Visa', 'XXXX1111')).toEqual({ brand: 'Visa', last4: '1111' });
    expect(chargedCard('MasterCard', 'XXXX0015')).toEqual({ brand: 'Mastercard', last4: '0015' });
    expect(chargedCard('AmericanExpress', 'XXXX0002')).toEqual({ brand: 'American Express', last4: '0002' });
    expect(chargedCard('DinersClub', 'XXXX0004')).toEqual({ brand: 'Diners Club', last4: '0004' });
    // A whole number sent by mistake is cut to its last four digits.
    expect(chargedCard('Visa', '4242 4242 4242 4242')).toEqual({ brand: 'Visa', last4: '4242' });
    expect(chargedCard('Unknown', '6011')).toEqual({ brand: null, last4: '6011' });
    expect(chargedCard('Visa', 'XX1')).toEqual({ brand: 'Visa', last4: null });
    expect(chargedCard(undefined, undefined)).toBeUndefined();
    expect(chargedCard(42, { number: '4242' })).toBeUndefined();
  });

  it("the sandbox's charge answer names the card its token kept", async () => {
    const sandbox = new SandboxGateway();
    const year = new Date().getUTCFullYear() + 2;
    const visa = sandbox.tokenize({ number: '4242 4242 4242 4242', month: 12, year, cvc: '123' });
    const amex = sandbox.tokenize({ number: '378282246310005', month: 12, year, cvc: '1234' });
    const charge = (token: string, key: string) =>
      sandbox.charge({ token, amountCents: 1000, currency: 'USD', idempotencyKey: key, description: 'test' });
    await expect(charge(visa.id, 'a')).resolves.toMatchObject({ status: 'captured', card: { brand: 'Visa', last4: '4242' } });
    await expect(charge(amex.id, 'b')).resolves.toMatchObject({ status: 'captured', card: { brand: 'American Express', last4: '0005' } });
  });
});

describe("an order's addresses", () => {
  it("shipping to the billing address reads 'Same as billing'; billing carries the phone", () => {
    expect(orderAddresses(order())).toEqual({
      billing: ['Pat Buyer', '100 Congress Ave', 'Austin, TX 78701', 'United States', '(512) 555-0199'],
      shipping: 'same',
      dealer: null,
    });
  });

  it('another shipping address is listed; every item to the dealer leaves no shipping address', () => {
    const gift = order({
      shippingSameAsBilling: false,
      shippingFirstName: 'Sam',
      shippingLastName: 'Demo',
      shippingCompany: 'Demo Co',
      shippingAddress: '800 W Main Street, Suite 2',
      shippingCity: 'Boise',
      shippingState: 'ID',
      shippingZipCode: '83702',
    });
    expect(orderAddresses(gift).shipping).toEqual(['Sam Demo', 'Demo Co', '800 W Main Street, Suite 2', 'Boise, ID 83702', 'United States']);
    const rifleOnly = order({ items: [item(1, true)], ...withDealer });
    expect(orderAddresses(rifleOnly).shipping).toBeNull();
    expect(orderAddresses(rifleOnly).dealer).toEqual(['Lone Star Arms Transfer', '200 E 6th St', 'Austin, TX 78701', 'United States', '(512) 555-0111']);
  });

  it("a care-of contact reads 'c/o ...' once", () => {
    expect(careOfLine('Front desk')).toBe('c/o Front desk');
    expect(careOfLine('c/o Front desk')).toBe('c/o Front desk');
    expect(careOfLine('Care of Sam')).toBe('Care of Sam');
    expect(careOfLine('  ')).toBe('');
    expect(careOfLine(null)).toBe('');
  });
});

function renderOrder(detail: OrderDetail) {
  const router = createMemoryRouter([{ path: '/profile/orders/:id', loader: () => ({ order: detail }), Component: OrderScreen, HydrateFallback: () => null }], {
    initialEntries: [`/profile/orders/${detail.id}`],
  });
  render(<RouterProvider router={router} />);
}

describe('the order details page', () => {
  it('shows the billing address, Same as billing, the FFL dealer, the shipping method and price, and the card', async () => {
    renderOrder(order({ items: [item(1, true), item(2, false)], ...withDealer, shippingMethodName: 'Two-Day', shippingCost: 19.95 }));
    await screen.findByRole('heading', { name: 'Order #7' });
    const card = (name: string) => screen.getByRole('article', { name });
    expect(card('Billing address').textContent).toContain('100 Congress Ave');
    expect(card('Shipping address').textContent).toBe('Shipping addressSame as billing');
    expect(within(card('FFL dealer')).getByText('Lone Star Arms Transfer')).toBeTruthy();
    expect(within(card('FFL dealer')).getByText('FFL license ending 24680')).toBeTruthy();
    expect(within(card('Shipping method')).getByText('Two-Day')).toBeTruthy();
    expect(within(card('Shipping method')).getByText('$19.95')).toBeTruthy();
    expect(within(card('Payment method')).getByText('Visa ending in 4242')).toBeTruthy();
  });

  it("free shipping reads 'Free'; an order that kept no card has no payment method", async () => {
    renderOrder(order({ shippingMethodName: 'Free Standard Shipping', shippingCost: 0, paymentCardBrand: null, paymentCardLast4: null }));
    await screen.findByRole('heading', { name: 'Order #7' });
    const method = screen.getByRole('article', { name: 'Shipping method' });
    expect(within(method).getByText('Free Standard Shipping')).toBeTruthy();
    expect(within(method).getByText('Free')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Payment method' })).toBeNull();
    expect(screen.queryByText(/ending in/)).toBeNull();
    expect(screen.queryByRole('article', { name: 'FFL dealer' })).toBeNull();
  });
});
