// @vitest-environment node
// Tax codes (decision 007, addendum 2026-11-26): each line is taxed by its catalogue code; the
// table exempts clothing in MN, NJ, PA and VT, under $110 an item in NY, and the first $175 /
// $250 of an item in MA / RI. Everything else keeps the state's base rate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, type PricedLine } from '../../../server/src/checkout/totals';
import { TAX_CODE_RULES, salesTaxCents, taxableBaseCents } from '../../../server/src/checkout/sales-tax';
import { TAX_CODES } from '../../../src/domain/tax-codes';
import { skus } from '../../../server/seed/skus';
import { builderSkus } from '../../../server/seed/builder';

const tee: PricedLine = { id: 1, sku: 'TEE', quantity: 2, listCents: 2_800, unitCents: 2_800, taxCode: 'clothing' };
const jacket: PricedLine = { id: 2, sku: 'JACKET', quantity: 1, listCents: 13_900, unitCents: 13_900, taxCode: 'clothing' };
const sling: PricedLine = { id: 3, sku: 'SLING', quantity: 1, listCents: 4_999, unitCents: 3_999, taxCode: 'general-merchandise' };
const rifle: PricedLine = { id: 4, sku: 'RIFLE', quantity: 1, listCents: 119_999, unitCents: 119_999, isFflItem: true, taxCode: 'firearms' };

const tax = (lines: PricedLine[], taxRegion: string, promoCents = 0, dealerTaxRegion?: string) =>
  computeTotals({ lines, promoCents, shippingCents: 995, taxRegion, dealerTaxRegion }).taxCents;

describe('clothing by state', () => {
  it('is exempt in New Jersey, Minnesota, Pennsylvania and Vermont; the other lines are not', () => {
    for (const state of ['NJ', 'MN', 'PA', 'VT']) {
      expect(tax([tee, jacket], state), state).toBe(0);
      expect(tax([tee, jacket, sling], state), state).toBe(salesTaxCents(3_999, state));
    }
  });

  it('is taxed in full where no rule applies (Idaho, California)', () => {
    expect(tax([tee, jacket], 'ID')).toBe(salesTaxCents(5_600 + 13_900, 'ID'));
    expect(tax([tee, jacket, sling], 'CA')).toBe(salesTaxCents(5_600 + 13_900 + 3_999, 'CA'));
  });

  it('New York: an item under $110 is exempt, one at $110 or more is taxed in full', () => {
    expect(tax([tee], 'NY')).toBe(0);
    expect(tax([jacket], 'NY')).toBe(salesTaxCents(13_900, 'NY'));
    expect(taxableBaseCents(11_000, 1, 'NY', 'clothing')).toBe(11_000);
    expect(taxableBaseCents(10_999, 1, 'NY', 'clothing')).toBe(0);
    // The price after discounts counts: a promo can bring the jacket under the threshold.
    expect(tax([jacket], 'NY', 3_000)).toBe(0);
  });

  it('Massachusetts and Rhode Island tax only what an item costs above $175 / $250', () => {
    const parka: PricedLine = { id: 5, sku: 'PARKA', quantity: 2, listCents: 30_000, unitCents: 30_000, taxCode: 'clothing' };
    expect(tax([jacket], 'MA')).toBe(0);
    expect(tax([parka], 'MA')).toBe(salesTaxCents(2 * (30_000 - 17_500), 'MA'));
    expect(tax([parka], 'RI')).toBe(salesTaxCents(2 * (30_000 - 25_000), 'RI'));
  });

  it('an FFL line is taxed at the dealer state by its own code, beside exempt clothing', () => {
    expect(tax([tee, rifle], 'NJ', 0, 'TX')).toBe(salesTaxCents(119_999, 'TX'));
    expect(tax([tee, rifle], 'NJ', 0, 'NJ')).toBe(salesTaxCents(119_999, 'NJ'));
  });

  it('the table only names known codes and states with a base rate', () => {
    for (const [state, rules] of Object.entries(TAX_CODE_RULES)) {
      for (const code of Object.keys(rules)) expect(TAX_CODES, `${state} ${code}`).toContain(code);
      expect(salesTaxCents(10_000, state), state).toBeGreaterThan(0);
    }
  });

  it('property: a tax code never raises the tax above the all-general tax, and without rules it is the same', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 5 }),
      unitCents: fc.integer({ min: 1, max: 100_000 }),
      taxCode: fc.constantFrom(...TAX_CODES),
      isFflItem: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom('NJ', 'NY', 'MA', 'RI', 'ID', 'TX', 'OR'), fc.integer({ min: 0, max: 50_000 }), (specs, state, promo) => {
        const lines = specs.map((s, i) => ({ id: i + 1, sku: `S${i}`, listCents: s.unitCents, ...s }));
        const general = lines.map((l) => ({ ...l, taxCode: 'general-merchandise' as const }));
        const coded = tax(lines, state, promo, 'TX');
        expect(coded).toBeLessThanOrEqual(tax(general, state, promo, 'TX'));
        if (!TAX_CODE_RULES[state]) expect(coded).toBe(tax(general, state, promo, 'TX'));
      }),
    );
  });
});

describe('the seed', () => {
  it('gives every sku a tax code: FFL items are firearms, apparel is clothing', () => {
    for (const row of [...skus, ...builderSkus]) {
      expect(TAX_CODES, row.sku).toContain(row.taxCode);
      if (row.isFflItem) expect(row.taxCode, row.sku).toBe('firearms');
    }
    expect(skus.filter((s) => s.productDocumentId === 'logo-tee').every((s) => s.taxCode === 'clothing')).toBe(true);
    expect(skus.find((s) => s.productDocumentId === 'ember-edition-tee')?.taxCode).toBe('clothing');
    expect(skus.find((s) => s.productDocumentId === 'two-point-sling')?.taxCode).toBe('general-merchandise');
  });
});
