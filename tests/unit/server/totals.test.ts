// @vitest-environment node
// Tax where the goods go (decision 007): FFL lines at the dealer's state, the others at the
// shipping address's state, one group per state, the promo shared in proportion.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportionCents, computeTotals, type PricedLine } from '../../../server/src/checkout/totals';
import { STATE_TAX_RATES, salesTaxCents } from '../../../server/src/checkout/sales-tax';

const rifle: PricedLine = { id: 1, sku: 'RIFLE', quantity: 1, listCents: 129_999, unitCents: 119_999, isFflItem: true };
const magazine: PricedLine = { id: 2, sku: 'MAG', quantity: 2, listCents: 2_999, unitCents: 2_999 };
const sling: PricedLine = { id: 3, sku: 'SLING', quantity: 1, listCents: 4_999, unitCents: 3_999 };

describe('computeTotals by destination', () => {
  it('a cart without FFL lines is taxed at the shipping state, whatever the dealer', () => {
    const totals = computeTotals({ lines: [magazine, sling], promoCents: 0, shippingCents: 995, taxRegion: 'OR', dealerTaxRegion: 'TX' });
    expect(totals.taxCents).toBe(0); // Oregon has no sales tax
    expect(totals.taxGroups).toEqual([{ region: 'OR', lineIds: [2, 3], merchandiseCents: 9_997, promoCents: 0, taxableCents: 9_997, taxBaseCents: 9_997, taxCents: 0 }]);
    const inTexas = computeTotals({ lines: [magazine, sling], promoCents: 0, shippingCents: 995, taxRegion: 'TX', dealerTaxRegion: 'OR' });
    expect(inTexas.taxCents).toBe(625); // 6.25% of 99.97 = 6.248
  });

  it('an FFL-only cart is taxed at the dealer state: a Texas dealer for an Oregon buyer', () => {
    const totals = computeTotals({ lines: [rifle], promoCents: 0, shippingCents: 1_995, taxRegion: 'OR', dealerTaxRegion: 'TX' });
    expect(totals.taxCents).toBe(7_500); // 6.25% of 1,199.99 = 74.999
    expect(totals.taxGroups.map((g) => [g.region, g.lineIds, g.taxCents])).toEqual([['TX', [1], 7_500]]);
    expect(totals.totalCents).toBe(129_999 - 10_000 + 1_995 + 7_500);
  });

  it('a mixed cart adds the dealer group and the shipping group, each rounded to the cent', () => {
    const totals = computeTotals({ lines: [rifle, magazine, sling], promoCents: 0, shippingCents: 1_995, taxRegion: 'CA', dealerTaxRegion: 'TX' });
    const ca = salesTaxCents(9_997, 'CA'); // 7.25% of 99.97 = 7.247 -> 7.25
    expect(totals.taxGroups.map((g) => [g.region, g.lineIds, g.taxableCents, g.taxCents])).toEqual([
      ['TX', [1], 119_999, 7_500],
      ['CA', [2, 3], 9_997, ca],
    ]);
    expect(totals.taxCents).toBe(7_500 + ca);
    expect(totals.totalCents).toBe(totals.subTotalCents - totals.discountCents + totals.shippingCents + totals.taxCents);
  });

  it('a dealer in the shipping state makes one group, taxed as one amount', () => {
    const totals = computeTotals({ lines: [rifle, magazine], promoCents: 0, shippingCents: 0, taxRegion: 'TX', dealerTaxRegion: 'tx' });
    expect(totals.taxGroups).toHaveLength(1);
    expect(totals.taxCents).toBe(salesTaxCents(119_999 + 5_998, 'TX'));
  });

  it('taxes FFL lines at the shipping state until the dealer is known', () => {
    const totals = computeTotals({ lines: [rifle, magazine], promoCents: 0, shippingCents: 0, taxRegion: 'TX' });
    expect(totals.taxGroups.map((g) => g.region)).toEqual(['TX']);
  });

  it('shares the promo in proportion to the eligible lines of each group, to the exact cent', () => {
    // 10% of everything: 1,259.95 -> 126.00 (rounded), shared 1,199.99 : 59.98.
    const all = computeTotals({ lines: [rifle, magazine], promoCents: 12_600, shippingCents: 0, taxRegion: 'CA', dealerTaxRegion: 'TX' });
    expect(all.taxGroups.map((g) => g.promoCents)).toEqual([12_000, 600]);
    expect(all.taxGroups.reduce((sum, g) => sum + g.promoCents, 0)).toBe(all.promoCents);
    expect(all.taxCents).toBe(salesTaxCents(119_999 - 12_000, 'TX') + salesTaxCents(5_998 - 600, 'CA'));
    // A promo on the magazine only comes off the California group only.
    const magOnly = computeTotals({ lines: [rifle, magazine], promoCents: 500, promoLineIds: [2], shippingCents: 0, taxRegion: 'CA', dealerTaxRegion: 'TX' });
    expect(magOnly.taxGroups.map((g) => g.promoCents)).toEqual([0, 500]);
  });
});

describe('apportionCents', () => {
  it('rounds down and gives the cents left to the largest fractions', () => {
    expect(apportionCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportionCents(10, [3, 7])).toEqual([3, 7]);
    expect(apportionCents(0, [3, 7])).toEqual([0, 0]);
    expect(apportionCents(5, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the amount, and no share exceeds its weight', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 4 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, f) => {
        const total = weights.reduce((a, b) => a + b, 0);
        const amount = Math.floor(total * f);
        const shares = apportionCents(amount, weights);
        return (total === 0 || shares.reduce((a, b) => a + b, 0) === amount) && shares.every((s, i) => s >= 0 && s <= weights[i]);
      }),
    );
  });
});

describe('tax by destination, as properties', () => {
  const states = Object.keys(STATE_TAX_RATES);
  const line = (id: number) =>
    fc.record({
      id: fc.constant(id),
      sku: fc.constant(`SKU-${id}`),
      quantity: fc.integer({ min: 1, max: 99 }),
      unitCents: fc.integer({ min: 0, max: 500_000 }),
      isFflItem: fc.boolean(),
    }).map((l): PricedLine => ({ ...l, listCents: l.unitCents }));
  const cart = fc.integer({ min: 0, max: 8 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => line(i + 1))));
  const state = fc.constantFrom(...states);

  it('the groups\' taxes add up to the tax, their promo shares to the promo, their lines to the cart', () => {
    fc.assert(
      fc.property(cart, fc.double({ min: 0, max: 1, noNaN: true }), state, state, (lines, f, shipTo, dealer) => {
        const merchandise = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
        const totals = computeTotals({ lines, promoCents: Math.floor(merchandise * f), shippingCents: 995, taxRegion: shipTo, dealerTaxRegion: dealer });
        const sum = (pick: (g: (typeof totals.taxGroups)[number]) => number) => totals.taxGroups.reduce((acc, g) => acc + pick(g), 0);
        expect(sum((g) => g.taxCents)).toBe(totals.taxCents);
        expect(sum((g) => g.promoCents)).toBe(totals.promoCents);
        expect(sum((g) => g.merchandiseCents)).toBe(totals.merchandiseCents);
        expect(totals.taxGroups.flatMap((g) => g.lineIds).sort((a, b) => a - b)).toEqual(lines.map((l) => l.id));
        for (const g of totals.taxGroups) expect(g.taxableCents).toBeGreaterThanOrEqual(0);
        expect(totals.totalCents).toBe(totals.subTotalCents - totals.discountCents + totals.shippingCents + totals.taxCents);
        for (const value of [totals.taxCents, totals.totalCents, totals.promoCents]) expect(Number.isInteger(value)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('an FFL-only cart\'s tax depends only on the dealer\'s state', () => {
    fc.assert(
      fc.property(cart, fc.double({ min: 0, max: 1, noNaN: true }), state, state, state, (lines, f, dealer, shipA, shipB) => {
        const fflOnly = lines.map((l) => ({ ...l, isFflItem: true }));
        const merchandise = fflOnly.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
        const promoCents = Math.floor(merchandise * f);
        const at = (shipTo: string) => computeTotals({ lines: fflOnly, promoCents, shippingCents: 0, taxRegion: shipTo, dealerTaxRegion: dealer }).taxCents;
        expect(at(shipA)).toBe(at(shipB));
        expect(at(shipA)).toBe(salesTaxCents(merchandise - Math.min(promoCents, merchandise), dealer));
      }),
      { numRuns: 500 },
    );
  });
});
