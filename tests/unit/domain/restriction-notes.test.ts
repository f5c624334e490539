// @vitest-environment node
// What blocks an item, and how the shopper is told (decision 030): restrictionOf() is the same rule
// as isRestrictedAt() (decision 026) with its reason kept; the notes before checkout judge an FFL
// item on the shopper's state only; the profile's default shipping address as a destination.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findRestrictedItems,
  isRestrictedAt,
  restrictionFor,
  restrictionOf,
  restrictionReason,
  shipmentNote,
  shopperRestriction,
  stateName,
} from '../../../src/domain/restricted-items';
import { defaultShippingDestination } from '../../../src/domain/shipment-destination';
import { US_STATES } from '../../../src/domain/us-zips';

const magazine = { isFflItem: false, restrictedStates: ['CA', 'NY'], restrictedZips: ['100', '606'] };
const handgun = { isFflItem: true, restrictedStates: ['CA', 'MA'], restrictedZips: ['021'] };
const cap = { isFflItem: false, restrictedStates: [], restrictedZips: [] };

describe('restrictionOf', () => {
  it('names the state that blocks the item', () => {
    expect(restrictionOf(magazine, { state: 'CA', zip: '95814' })).toEqual({ state: 'CA' });
    expect(restrictionOf(magazine, { state: ' ny ', zip: '12207' })).toEqual({ state: 'NY' });
  });

  it("names the zip's own state when the zip was typed with another state's code", () => {
    expect(restrictionOf(magazine, { state: 'NV', zip: '90001' })).toEqual({ state: 'CA' });
  });

  it('names the destination zip (5 digits) when only a restricted zip entry blocks it', () => {
    expect(restrictionOf(magazine, { state: 'IL', zip: '60601' })).toEqual({ zip: '60601' });
    expect(restrictionOf({ restrictedZips: ['10001'] }, { state: 'NJ', zip: '10001-2345' })).toEqual({ zip: '10001' });
  });

  it('is null where the item may go, or with no destination', () => {
    expect(restrictionOf(magazine, { state: 'GA', zip: '31006' })).toBeNull();
    expect(restrictionOf(cap, { state: 'CA', zip: '95814' })).toBeNull();
    expect(restrictionOf(magazine, null)).toBeNull();
    expect(restrictionOf(magazine, undefined)).toBeNull();
  });

  it('blocks exactly where isRestrictedAt does (one rule, its reason kept)', () => {
    const state = fc.constantFrom(...US_STATES.map((s) => s.code), '', 'ZZ');
    const zip = fc.oneof(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{5}-\d{4}$/), fc.constant(''));
    const entry = fc.oneof(fc.stringMatching(/^\d{3}$/), fc.stringMatching(/^\d{5}$/));
    fc.assert(
      fc.property(fc.array(state, { maxLength: 4 }), fc.array(entry, { maxLength: 4 }), state, zip, (states, zips, to, at) => {
        const item = { restrictedStates: states, restrictedZips: zips };
        const destination = { state: to, zip: at };
        expect(restrictionOf(item, destination) !== null).toBe(isRestrictedAt(item, destination));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('restrictionFor and the modal reason', () => {
  const addresses = { shipping: { state: 'NY', zip: '10001' }, dealer: { state: 'MA', zip: '02108' } };

  it('checks a non-FFL item at the shipping address and an FFL item at the dealer, like findRestrictedItems', () => {
    expect(restrictionFor(magazine, addresses)).toEqual({ state: 'NY' });
    expect(restrictionFor(handgun, addresses)).toEqual({ state: 'MA' });
    expect(restrictionFor(handgun, { shipping: addresses.shipping, dealer: null })).toBeNull();
    expect(findRestrictedItems([magazine, handgun, cap], addresses)).toEqual([magazine, handgun]);
  });

  it("reads 'not available in California' / 'not available in zip 10001'", () => {
    expect(restrictionReason({ state: 'CA' })).toBe('not available in California');
    expect(restrictionReason({ zip: '10001' })).toBe('not available in zip 10001');
  });

  it('names a state by its full name; an unknown code stays a code', () => {
    expect(stateName('dc')).toBe('District of Columbia');
    expect(stateName('ZZ')).toBe('ZZ');
  });
});

describe('the shopper-facing note before checkout', () => {
  it("says 'Not available for shipment to California' for a state restriction", () => {
    expect(shipmentNote(magazine, { state: 'CA', zip: '95814' })).toBe('Not available for shipment to California');
  });

  it("says 'Not available for shipment to 10001' for a zip-only block", () => {
    expect(shipmentNote(magazine, { state: 'NY', zip: '10001' })).toBe('Not available for shipment to New York');
    expect(shipmentNote({ restrictedZips: ['100'] }, { state: 'NY', zip: '10001' })).toBe('Not available for shipment to 10001');
  });

  it("judges an FFL item on the shopper's state only: their dealer is in-state, but not in their zip", () => {
    expect(shopperRestriction(handgun, { state: 'MA', zip: '01002' })).toEqual({ state: 'MA' });
    // A Boston shopper's dealer may be anywhere in Massachusetts: 021 is not held against them...
    expect(shopperRestriction({ ...handgun, restrictedStates: [] }, { state: 'MA', zip: '02108' })).toBeNull();
    // ...while a non-FFL item with that zip entry goes to Boston itself.
    expect(shopperRestriction({ ...cap, restrictedZips: ['021'] }, { state: 'MA', zip: '02108' })).toEqual({ zip: '02108' });
  });

  it('says nothing while the destination is unknown', () => {
    expect(shipmentNote(magazine, null)).toBeNull();
    expect(shipmentNote(handgun, { state: '', zip: '' })).toBeNull();
  });
});

describe('defaultShippingDestination', () => {
  const address = (overrides: Partial<{ isDefaultShipping: boolean; state: string; postalCode: string }>) => ({
    isDefaultShipping: false,
    state: 'ID',
    postalCode: '83702',
    ...overrides,
  });

  it("is the profile's default shipping address as state and 5-digit zip", () => {
    expect(defaultShippingDestination([address({}), address({ isDefaultShipping: true, state: 'ca', postalCode: '95814-4801' })])).toEqual({
      state: 'CA',
      zip: '95814',
    });
  });

  it('is null when no address is the default shipping one', () => {
    expect(defaultShippingDestination([address({})])).toBeNull();
    expect(defaultShippingDestination([])).toBeNull();
    expect(defaultShippingDestination(null)).toBeNull();
  });
});
