// What the billing form starts from (shop-core.md section 5): what was submitted, else a signed-in
// customer's default addresses, else empty with the first shipping method.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../src/api/schema';
import { billingPrefill } from '../../../src/domain/checkout-prefill';
import { COUNTRY, emptyBilling } from '../../../src/domain/checkout-forms';

type Address = components['schemas']['Address'];
type Profile = components['schemas']['User'];

const methods = [{ id: 7 }, { id: 8 }];

function address(overrides: Partial<Address>): Address {
  return {
    id: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: null,
    mainContact: '2085550100',
    faxContact: null,
    addressName: 'Home',
    addressContact: null,
    addressType: 10,
    addressLine1: '1 Main St',
    addressLine2: null,
    city: 'Boise',
    state: 'ID',
    postalCode: '83702',
    country: COUNTRY,
    isDefaultShipping: false,
    isDefaultBilling: false,
    residential: true,
    ...overrides,
  };
}

function profile(addresses: Address[]): Profile {
  return {
    keycloakId: 'sub-1',
    fullName: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: '2085550199',
    addresses,
    orders: [],
  };
}

describe('billing prefill', () => {
  it('a guest starts empty, with the first shipping method', () => {
    expect(billingPrefill(null, methods, null)).toEqual({ ...emptyBilling, shippingMethodId: 7 });
    expect(billingPrefill(null, [], null).shippingMethodId).toBeNull();
  });

  it('values submitted before win over the profile', () => {
    const submitted = { ...emptyBilling, firstName: 'Grace', shippingMethodId: 8 };
    expect(billingPrefill(profile([address({ isDefaultBilling: true })]), methods, submitted)).toBe(submitted);
  });

  it('without addresses, the profile gives the name, phone and email', () => {
    const values = billingPrefill(profile([]), methods, null);
    expect(values).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', mainContact: '2085550199', email: 'ada@example.com', shippingSameAsBilling: true });
    expect(values.address).toBe('');
  });

  it('one default address for both fills billing, shipping same as billing', () => {
    const both = address({ isDefaultBilling: true, isDefaultShipping: true, company: 'Engines Ltd', addressLine2: 'Suite 2' });
    expect(billingPrefill(profile([both]), methods, null)).toEqual({
      ...emptyBilling,
      shippingMethodId: 7,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engines Ltd',
      mainContact: '2085550100',
      address: '1 Main St, Suite 2',
      city: 'Boise',
      state: 'ID',
      zip: '83702',
      country: COUNTRY,
      email: 'ada@example.com',
      shippingSameAsBilling: true,
    });
  });

  it('a default shipping address alone fills billing', () => {
    const values = billingPrefill(profile([address({ isDefaultShipping: true, city: 'Nampa' })]), methods, null);
    expect(values).toMatchObject({ city: 'Nampa', shippingSameAsBilling: true, shippingCity: emptyBilling.shippingCity });
  });

  it('another default shipping address fills the shipping fields, line 2 with its care-of contact', () => {
    const billing = address({ id: 1, isDefaultBilling: true });
    const shipping = address({
      id: 2,
      isDefaultShipping: true,
      firstName: 'Charles',
      lastName: 'Babbage',
      addressLine1: '9 Dock Rd',
      addressLine2: 'Unit 4',
      addressContact: 'c/o Harbour office',
      city: 'Portland',
      state: 'OR',
      postalCode: '97201',
    });
    expect(billingPrefill(profile([billing, shipping]), methods, null)).toMatchObject({
      address: '1 Main St',
      shippingSameAsBilling: false,
      shippingFirstName: 'Charles',
      shippingLastName: 'Babbage',
      shippingCompany: '',
      addressContact: 'Unit 4, c/o Harbour office',
      shippingAddress: '9 Dock Rd',
      shippingCity: 'Portland',
      shippingState: 'OR',
      shippingZip: '97201',
      shippingCountry: COUNTRY,
    });
  });
});
