import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRestrictedItems, isRestrictedAt } from '../../../src/domain/restricted-items';
import { detectCardBrand, expiryMonths, expiryYears, formatCardNumber } from '../../../src/domain/card';
import { discountLabel, formatPrice, formatShipping } from '../../../src/domain/money';
import { formatUsPhone, isUsPhone } from '../../../src/domain/phone';

describe('restricted items', () => {
  const magazine = { id: 'mag30', isFflItem: false, restrictedStates: ['CA', 'NY'], restrictedZips: ['100', '021'] };
  const rifle = { id: 'rifle', isFflItem: true, restrictedStates: ['MA'], restrictedZips: ['606'] };
  const shirt = { id: 'shirt', isFflItem: false, restrictedStates: [], restrictedZips: [] };

  it('blocks a non-FFL item by the shipping state or a zip contained in the shipping zip', () => {
    expect(isRestrictedAt(magazine, { state: 'CA', zip: '90001' })).toBe(true);
    expect(isRestrictedAt(magazine, { state: 'ny', zip: '12207' })).toBe(true);
    expect(isRestrictedAt(magazine, { state: 'TX', zip: '10001' })).toBe(true);
    expect(isRestrictedAt(magazine, { state: 'TX', zip: '75001' })).toBe(false);
  });

  it('checks FFL items against the dealer, not the shipping address', () => {
    const items = [magazine, rifle, shirt];
    expect(findRestrictedItems(items, { shipping: { state: 'MA', zip: '60601' }, dealer: { state: 'TX', zip: '75001' } })).toEqual([]);
    expect(findRestrictedItems(items, { shipping: { state: 'TX', zip: '75001' }, dealer: { state: 'MA', zip: '01001' } })).toEqual([rifle]);
    expect(findRestrictedItems(items, { shipping: { state: 'TX', zip: '75001' }, dealer: { state: 'IL', zip: '60601' } })).toEqual([rifle]);
    expect(findRestrictedItems(items, { shipping: { state: 'CA', zip: '90001' }, dealer: { state: 'IL', zip: '60601' } })).toEqual([magazine, rifle]);
  });

  it('never blocks an item without restrictions, wherever it goes', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (state, zip, ffl) => {
        const item = { isFflItem: ffl, restrictedStates: [], restrictedZips: [] };
        return findRestrictedItems([item], { shipping: { state, zip }, dealer: { state, zip } }).length === 0;
      }),
    );
  });

  it('always blocks an item restricted in the destination state', () => {
    fc.assert(
      fc.property(fc.constantFrom('CA', 'NY', 'MA', 'NJ', 'TX'), fc.stringMatching(/^\d{5}$/), (state, zip) =>
        isRestrictedAt({ restrictedStates: [state] }, { state, zip }),
      ),
    );
  });
});

describe('card entry', () => {
  it('groups Amex 4-6-5 and others in fours, capped at 15 and 16 digits', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242-4242-4242-99')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42')).toBe('42');
  });

  it('detects the brand from the number', () => {
    expect(detectCardBrand('4111 1111 1111 1111')).toBe('Visa');
    expect(detectCardBrand('5555555555554444')).toBe('Mastercard');
    expect(detectCardBrand('2223003122003222')).toBe('Mastercard');
    expect(detectCardBrand('371449635398431')).toBe('Amex');
    expect(detectCardBrand('6011111111111117')).toBe('Discover');
    expect(detectCardBrand('9999')).toBeNull();
  });

  it('formatting is idempotent and keeps only digits and single spaces', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const once = formatCardNumber(input);
        return formatCardNumber(once) === once && /^[\d ]*$/.test(once) && !once.includes('  ');
      }),
    );
  });

  it('offers this year and the next 9, months 01 to 12', () => {
    expect(expiryYears(new Date('2026-11-22'))).toEqual(['2026', '2027', '2028', '2029', '2030', '2031', '2032', '2033', '2034', '2035']);
    expect(expiryMonths[0]).toBe('01');
    expect(expiryMonths).toHaveLength(12);
  });
});

describe('money and phone', () => {
  it('formats USD, Free shipping and discounts', () => {
    expect(formatPrice(1249.5)).toBe('$1,249.50');
    expect(formatShipping(0)).toBe('Free');
    expect(formatShipping(12.5)).toBe('$12.50');
    expect(discountLabel(100, 85)).toBe('(15% off)');
    expect(discountLabel(100, 100)).toBeNull();
  });

  it('accepts US phone numbers with optional +1 and separators', () => {
    for (const ok of ['2085550142', '208-555-0142', '(208) 555-0142', '+1 208 555 0142', '1.208.555.0142']) {
      expect(isUsPhone(ok), ok).toBe(true);
    }
    for (const bad of ['555-0142', '20855501420', 'phone', '+44 20 7946 0958']) expect(isUsPhone(bad), bad).toBe(false);
    expect(formatUsPhone('12085550142')).toBe('(208) 555-0142');
    expect(formatUsPhone('208555')).toBe('(208) 555');
  });
});
