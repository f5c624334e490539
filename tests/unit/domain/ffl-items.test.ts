// Which orders need an FFL dealer and which need no shipping address (shop-core.md section 5):
// one rule for the checkout machine, its review, the confirmation page and the order details.
import { describe, expect, it } from 'vitest';
import { allFflItems, hasFflItems } from '../../../src/domain/ffl-items';

const firearm = { isFflItem: true };
const part = { isFflItem: false };

describe('FFL items', () => {
  it('an order needs a dealer when any line is a firearm', () => {
    expect(hasFflItems([part, firearm])).toBe(true);
    expect(hasFflItems([part, { isFflItem: null }])).toBe(false);
    expect(hasFflItems([])).toBe(false);
    expect(hasFflItems(null)).toBe(false);
    expect(hasFflItems(undefined)).toBe(false);
  });

  it('an order has no shipping address only when every line is a firearm', () => {
    expect(allFflItems([firearm, firearm])).toBe(true);
    expect(allFflItems([firearm, part])).toBe(false);
    expect(allFflItems([])).toBe(false);
    expect(allFflItems(null)).toBe(false);
  });
});
