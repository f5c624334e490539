import { describe, expect, it } from 'vitest';
import { dealerStateReason, dealerStateRefusal } from '../../../src/domain/restricted-items';
import { HANDGUN_PRODUCTS, skus } from '../../../server/seed/skus';

/**
 * Handguns go to a dealer in the buyer's state, the billing address's (issue 39 item 10; 18 U.S.C.
 * 922(b)(3); decision 077): the one rule the dealer picker, the checkout machine and the server use.
 */

const pistol = { isFflItem: true, isHandgun: true };
const rifle = { isFflItem: true, isHandgun: false };
const cap = { isFflItem: false, isHandgun: false };

describe('dealerStateRefusal', () => {
  it('a handgun to a dealer in another state than the billing one is refused, naming the state it must go to', () => {
    expect(dealerStateRefusal([pistol], 'WY', 'CO')).toEqual({ buyerState: 'CO' });
    expect(dealerStateRefusal([rifle, cap, pistol], 'WY', 'CO')).toEqual({ buyerState: 'CO' });
    expect(dealerStateReason({ buyerState: 'CO' })).toBe('Handguns go to a dealer in Colorado, the state of your billing address');
  });

  it('a handgun to a dealer in the billing state is allowed, whatever the spelling of the codes', () => {
    expect(dealerStateRefusal([pistol], 'CO', 'CO')).toBeNull();
    expect(dealerStateRefusal([pistol], ' co', 'Co ')).toBeNull();
  });

  it('long guns and other goods keep their own rules: no state rule here', () => {
    expect(dealerStateRefusal([rifle, cap], 'WY', 'CO')).toBeNull();
    expect(dealerStateRefusal([], 'WY', 'CO')).toBeNull();
    expect(dealerStateRefusal(null, 'WY', 'CO')).toBeNull();
  });

  it('with no billing state yet nothing is refused (the checkout and the server check the submitted one)', () => {
    expect(dealerStateRefusal([pistol], 'WY', '')).toBeNull();
    expect(dealerStateRefusal([pistol], 'WY', null)).toBeNull();
  });

  it('a dealer without a state cannot take a handgun of a known buyer', () => {
    expect(dealerStateRefusal([pistol], '', 'CO')).toEqual({ buyerState: 'CO' });
  });
});

describe("the seed's handguns", () => {
  it('every pistol sku is a handgun and an FFL item; no rifle, receiver of a rifle or accessory is', () => {
    const handguns = skus.filter((sku) => sku.isHandgun);
    expect(new Set(handguns.map((sku) => sku.productDocumentId))).toEqual(HANDGUN_PRODUCTS);
    expect(handguns.every((sku) => sku.isFflItem)).toBe(true);
    expect(skus.find((sku) => sku.sku === 'RP9C-STD-BLK')?.isHandgun).toBe(true);
    expect(skus.find((sku) => sku.sku === 'RK15C-556-16-BLK')?.isHandgun).toBe(false);
    expect(skus.filter((sku) => sku.productDocumentId.startsWith('rp-') && sku.isFflItem).every((sku) => sku.isHandgun)).toBe(true);
  });
});
