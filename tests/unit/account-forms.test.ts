import { describe, expect, it } from 'vitest';
import { toAddressInput } from '../../machines/account/account.actors';
import { splitAddresses } from '../../machines/account/account.connect';
import { addressSchema, addressValuesOf, detailsSchema, newAddressValues, statesFor } from '../../src/domain/address-forms';
import { addressLines, formatOrderDate, paymentStatusLabel } from '../../src/features/account/account-format';
import { backTarget } from '../../src/features/account/account-layout';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('address form (shop-core.md sections 3 and 5)', () => {
  it("requires the spec's fields with '{field} is required'", () => {
    const errors = errorsOf(addressSchema.safeParse({}));
    expect(errors).toEqual({
      addressName: 'Address name is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      mainContact: 'Phone is required',
      addressLine1: 'Address line 1 is required',
      city: 'City is required',
      state: 'State is required',
      postalCode: 'Postal code is required',
      country: 'Country is required',
      addressType: 'Address type is required',
    });
  });

  it('checks phone, fax, postal code and the state of the chosen country', () => {
    const base = { addressName: 'Home', firstName: 'A', lastName: 'B', mainContact: '(406) 555-0142', addressLine1: '1 Main', city: 'X', state: 'MT', postalCode: '59715', country: 'United States', addressType: '10' };
    expect(addressSchema.safeParse(base).success).toBe(true);
    expect(errorsOf(addressSchema.safeParse({ ...base, mainContact: '12', faxContact: 'abc', postalCode: '123', state: 'ZZ' }))).toEqual({
      mainContact: 'Must be a valid phone number',
      faxContact: 'Must be a valid phone number',
      postalCode: 'Postal code must be at least 5 digits',
      state: 'State is required',
    });
    expect(statesFor('United States')).toHaveLength(51);
    expect(statesFor('Canada')).toEqual([]);
  });

  it('a new address: type 10, United States, both defaults and residential on', () => {
    expect(newAddressValues()).toMatchObject({ addressType: 10, country: 'United States', isDefaultShipping: true, isDefaultBilling: true, residential: true });
  });

  it('sends no id and leaves out empty optional fields; phones as US numbers', () => {
    const input = toAddressInput({ ...newAddressValues(), addressName: ' Cabin ', firstName: 'Dana', lastName: 'Demo', mainContact: '4065550142', addressLine1: '9 Pine', city: 'Whitefish', state: 'MT', postalCode: '59937' });
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('company');
    expect(input).not.toHaveProperty('faxContact');
    expect(input).toMatchObject({ addressName: 'Cabin', mainContact: '(406) 555-0142', addressType: 10 });
    expect(input).not.toHaveProperty('addressContact');
  });

  it("sends the care-of contact (the spec's addressContact) trimmed, and reads it back into the form", () => {
    const values = { ...newAddressValues(), addressName: 'Cabin', firstName: 'Dana', lastName: 'Demo', mainContact: '4065550142', addressLine1: '9 Pine', city: 'Whitefish', state: 'MT', postalCode: '59937', addressContact: ' Front desk ' };
    expect(addressSchema.safeParse(values).success).toBe(true);
    expect(toAddressInput(values)).toMatchObject({ addressContact: 'Front desk' });
    const saved = { ...toAddressInput(values), id: 3, company: null, faxContact: null, addressLine2: null, addressContact: 'Front desk', isDefaultShipping: true, isDefaultBilling: true, residential: true };
    expect(addressValuesOf(saved).addressContact).toBe('Front desk');
    expect(addressValuesOf({ ...saved, addressContact: null }).addressContact).toBe('');
  });

  it('details: first and last name required, phone optional but valid', () => {
    expect(errorsOf(detailsSchema.safeParse({ phoneNumber: '1' }))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phoneNumber: 'Must be a valid phone number',
    });
    expect(detailsSchema.safeParse({ firstName: 'A', lastName: 'B' }).success).toBe(true);
  });
});

describe('account display rules', () => {
  it('dates are MM/DD/YYYY; unusable dates are empty', () => {
    expect(formatOrderDate('2026-03-05T10:00:00.000Z')).toBe('03/05/2026');
    expect(formatOrderDate('not a date')).toBe('');
    expect(formatOrderDate(null)).toBe('');
  });

  it('payment status in words; address lines skip empty parts', () => {
    expect(paymentStatusLabel('paid')).toBe('Paid');
    expect(paymentStatusLabel('weird')).toBe('Weird');
    expect(addressLines({ firstName: 'Dana', lastName: 'Demo', company: null, addressLine1: '1 Main', addressLine2: '', city: 'Bozeman', state: 'MT', postalCode: '59715', country: 'United States' })).toEqual([
      'Dana Demo',
      '1 Main',
      'Bozeman, MT 59715',
      'United States',
    ]);
    expect(addressLines({ firstName: 'Dana', lastName: 'Demo', addressContact: 'Front desk', addressLine1: '1 Main', city: 'Bozeman', state: 'MT', postalCode: '59715' })).toEqual([
      'Dana Demo',
      'c/o Front desk',
      '1 Main',
      'Bozeman, MT 59715',
    ]);
  });

  it('Back goes to the list of a detail screen, else to the overview', () => {
    expect(backTarget('/profile/orders/12')).toBe('/profile/orders');
    expect(backTarget('/profile/address-book/new')).toBe('/profile/address-book');
    expect(backTarget('/profile/details')).toBe('/profile');
  });

  it('the address book shows defaults first', () => {
    const a = { id: 1, isDefaultShipping: true, isDefaultBilling: false } as never;
    const b = { id: 2, isDefaultShipping: false, isDefaultBilling: false } as never;
    expect(splitAddresses([b, a])).toEqual({ defaults: [a], others: [b] });
  });
});
