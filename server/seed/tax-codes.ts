// The tax code of every product of the demo catalogue (decision 007, addendum 2026-11-26): what
// the sales-tax table exempts or reduces per state. Every product must be listed, so a new
// product cannot be taxed by accident under a code nobody chose (skus.ts throws).
import type { TaxCode } from '../../src/domain/tax-codes';

export const productTaxCodes: Readonly<Record<string, TaxCode>> = {
  // Rifles, pistols, limited editions and receivers: firearms (FFL items).
  'rk-15-carbine': 'firearms',
  'rk-15-sport': 'firearms',
  'rk-15-pro': 'firearms',
  'rk-10-marksman': 'firearms',
  'rk-10-hunter': 'firearms',
  'summit-bolt-action': 'firearms',
  'summit-copper-canyon-edition': 'firearms',
  'trailhand-lever-action': 'firearms',
  'ridgeback-pcc-9': 'firearms',
  'rk-22-trainer': 'firearms',
  'rk-15-stripped-lower': 'firearms',
  'rk-10-stripped-lower': 'firearms',
  'rk-15-ember-edition': 'firearms',
  'rp-9-compact': 'firearms',
  'rp-9-full-size': 'firearms',
  'rp-9-subcompact': 'firearms',
  'rp-45-full-size': 'firearms',
  'rp-10-longslide': 'firearms',
  'rp-380-pocket': 'firearms',
  'rp-22-target': 'firearms',
  'rp-9-ember-edition': 'firearms',
  'rp-9-serialized-frame': 'firearms',
  // Apparel (the Ember Edition Tee is listed with the limited editions but is a shirt).
  'logo-tee': 'clothing',
  'topo-hoodie': 'clothing',
  'range-cap': 'clothing',
  'ridgeline-trucker': 'clothing',
  'field-softshell': 'clothing',
  'ember-edition-tee': 'clothing',
  // Accessories: general merchandise (magazines, optics, cases, slings, holsters, parts).
  'rm-30-rifle-magazine': 'general-merchandise',
  'rp-9-magazine': 'general-merchandise',
  'summit-1-6-lpvo': 'general-merchandise',
  'rd-2-red-dot': 'general-merchandise',
  'rifle-case-42': 'general-merchandise',
  'range-pistol-case': 'general-merchandise',
  'two-point-sling': 'general-merchandise',
  'field-cleaning-kit': 'general-merchandise',
  'rp-iwb-holster': 'general-merchandise',
  'rf-flash-hider': 'general-merchandise',
};

/** A product's tax code; a product missing from the list stops the seed. */
export function taxCodeOf(documentId: string): TaxCode {
  const code = productTaxCodes[documentId];
  if (!code) throw new Error(`server/seed/tax-codes.ts: product ${documentId} has no tax code`);
  return code;
}
