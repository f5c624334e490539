import { describe, expect, it } from 'vitest';
import { toFflDealer, toFflDealers } from '../../../machines/ffl-dealer/ffl-dealer.actors';
import { chosenDealerOf } from '../../../machines/ffl-dealer/ffl-dealer.machine';
import { billingWithDealerSchema, CHOOSE_DEALER, emptyBilling } from '../../../src/domain/checkout-forms';
import { dealerSnapshot, dealerView, licenceCurrent, licenceEnding } from '../../../server/src/checkout/ffl-dealers';

/** Decision 029: the dealer of an FFL checkout is chosen from the shop's list, never typed. */

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

const row = {
  id: 'gallatin-range-supply',
  number: 3,
  name: 'Gallatin Range Supply',
  phoneNumber: '(406) 555-0133',
  address1: '610 N 7th Ave',
  address2: 'Bozeman, MT 59715',
  city: 'Bozeman',
  state: 'MT',
  postalCode: '59715',
  latitude: 45.6835,
  longitude: -111.0429,
  active: true,
  email: 'transfers@gallatinrangesupply.example',
  licenceNumber: '3-59-715-01-1K-25838',
  licenceExpires: '2031-11-01',
};

describe('the billing step with FFL items', () => {
  it('asks for a dealer from the list before anything about the dealer fields', () => {
    expect(messages(billingWithDealerSchema.safeParse(billing))).toEqual({ dealerId: CHOOSE_DEALER });
  });

  it("checks the chosen dealer's fields with the dealer form's messages", () => {
    const chosen = { ...chosenDealerOf(toFflDealer(dealerView(row, '2026-11-25'))!), dealerId: '3' };
    expect(billingWithDealerSchema.safeParse({ ...billing, ...chosen }).success).toBe(true);
    expect(messages(billingWithDealerSchema.safeParse({ ...billing, ...chosen, dealerPhone: '12' }))).toEqual({ dealerPhone: 'Must be a valid phone number' });
  });
});

describe("a dealer's licence", () => {
  it('is current through its last day, and not without one on file', () => {
    expect(licenceCurrent(row, '2031-11-01')).toBe(true);
    expect(licenceCurrent(row, '2031-11-02')).toBe(false);
    expect(licenceCurrent({ licenceNumber: null, licenceExpires: '2031-11-01' }, '2026-01-01')).toBe(false);
    expect(licenceCurrent({ licenceNumber: row.licenceNumber, licenceExpires: null }, '2026-01-01')).toBe(false);
  });

  it('shows only its last five characters', () => {
    expect(licenceEnding(row.licenceNumber)).toBe('25838');
    expect(licenceEnding('1-2')).toBeNull();
    expect(licenceEnding(null)).toBeNull();
    expect(JSON.stringify(dealerView(row, '2026-11-25'))).not.toContain(row.licenceNumber);
  });
});

describe('the dealer record', () => {
  it('is the dealer form the order keeps', () => {
    expect(dealerSnapshot(row)).toEqual({
      dealerName: 'Gallatin Range Supply',
      dealerAddress: '610 N 7th Ave',
      dealerEmail: 'transfers@gallatinrangesupply.example',
      dealerPhone: '(406) 555-0133',
      dealerCity: 'Bozeman',
      dealerState: 'MT',
      dealerZip: '59715',
      dealerCountry: 'United States',
    });
  });

  it('is listed in checkout with what the step needs; one that cannot be placed is left out', () => {
    const view = dealerView(row, '2026-11-25');
    expect(toFflDealer(view)).toEqual({
      id: 3,
      name: 'Gallatin Range Supply',
      address: '610 N 7th Ave',
      city: 'Bozeman',
      state: 'MT',
      zip: '59715',
      email: 'transfers@gallatinrangesupply.example',
      phone: '(406) 555-0133',
      licenceEnding: '25838',
      licenceCurrent: true,
      latitude: 45.6835,
      longitude: -111.0429,
    });
    expect(toFflDealers([view, { ...view, id: 4, latitude: 200 }, { ...view, id: 5, name: ' ' }]).map((d) => d.id)).toEqual([3]);
    expect(toFflDealer({ ...view, licenceCurrent: false })?.licenceCurrent).toBe(false);
  });
});
