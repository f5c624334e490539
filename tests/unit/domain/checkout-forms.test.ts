import { describe, expect, it } from 'vitest';
import { computeAddress, toCustomerInfo } from '../../../machines/checkout/checkout.actors';
import { billingSchema, cardSchema, dealerSchema, emptyBilling, emptyDealer, promoSchema } from '../../../src/domain/checkout-forms';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const billing = {
  ...emptyBilling,
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Shopper',
  address: '1 Main St',
  city: 'Boise',
  state: 'ID',
  zip: '83702',
  shippingMethodId: 1,
};

describe('checkout forms (shop-core.md section 5)', () => {
  it('accepts a complete billing form with shipping the same as billing', () => {
    expect(billingSchema.safeParse(billing).success).toBe(true);
  });

  it('gives the spec messages on the billing form', () => {
    const result = billingSchema.safeParse({ ...emptyBilling, email: 'sam@', zip: '123', mainContact: '555' });
    expect(messages(result)).toEqual({
      email: 'Must be a valid email address',
      firstName: 'Required',
      lastName: 'Required',
      mainContact: 'Must be a valid phone number',
      address: 'Required',
      city: 'Required',
      state: 'Required',
      zip: 'Zip code must be at least 5 digits',
      shippingMethodId: 'Required',
    });
  });

  it('requires the shipping fields only when shipping differs from billing', () => {
    const result = billingSchema.safeParse({ ...billing, shippingSameAsBilling: false, shippingZip: '12' });
    expect(messages(result)).toEqual({
      shippingFirstName: 'Required',
      shippingLastName: 'Required',
      shippingAddress: 'Required',
      shippingCity: 'Required',
      shippingState: 'Required',
      shippingZip: 'Zip code must be at least 5 digits',
    });
  });

  it('gives the spec messages on the dealer form', () => {
    const result = dealerSchema.safeParse({ ...emptyDealer, dealerEmail: 'x', dealerPhone: '12', dealerZip: '1' });
    expect(messages(result)).toEqual({
      dealerName: 'Required',
      dealerAddress: 'Required',
      dealerEmail: 'Must be a valid email address',
      dealerPhone: 'Must be a valid phone number',
      dealerCity: 'Required',
      dealerState: 'Required',
      dealerZip: 'Zip code must be at least 5 digits',
    });
  });

  it("uses the generic '{field} is required' on the card and promo forms", () => {
    expect(messages(cardSchema.safeParse({}))).toEqual({
      cardNumber: 'Card number is required',
      month: 'Month is required',
      year: 'Year is required',
      cardCode: 'Security code is required',
    });
    expect(messages(promoSchema.safeParse({ promoCode: ' ' }))).toEqual({ promoCode: 'Promo code is required' });
  });
});

describe('checkout payloads (shop-core.md section 3)', () => {
  it("joins first and last name into name and leaves out empty optional fields", () => {
    expect(toCustomerInfo(billing)).toEqual({
      email: 'sam@example.com',
      name: 'Sam Shopper',
      address: '1 Main St',
      city: 'Boise',
      state: 'ID',
      zip: '83702',
      country: 'United States',
      optInNewsletter: false,
      shippingSameAsBilling: true,
      shippingMethodId: 1,
    });
  });

  it('sends shippingName and the shipping address when shipping differs', () => {
    const info = toCustomerInfo({
      ...billing,
      shippingSameAsBilling: false,
      shippingFirstName: 'Pat',
      shippingLastName: 'Gift',
      shippingAddress: '2 Elm St',
      shippingCity: 'Helena',
      shippingState: 'MT',
      shippingZip: '59601',
    });
    expect(info).toMatchObject({ shippingName: 'Pat Gift', shippingState: 'MT', shippingCountry: 'United States' });
    expect(computeAddress({ ...billing, shippingSameAsBilling: false, shippingAddress: '2 Elm St', shippingCity: 'Helena', shippingState: 'MT', shippingZip: '59601' })).toEqual({
      line1: '2 Elm St',
      city: 'Helena',
      region: 'MT',
      postalCode: '59601',
      country: 'US',
    });
  });
});
