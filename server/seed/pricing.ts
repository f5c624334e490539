// Commercial data for the seed catalogue: list prices, option surcharges, discounts and stock.
// products.ts (add-on prices) and skus.ts (the shop catalogue rows) both read it, so an add-on's
// price is always the price the server will charge for that sku.

/** List price of a product's cheapest configuration, USD. */
export const basePrices: Record<string, number> = {
  'rk-15-carbine': 1149,
  'rk-15-sport': 899,
  'rk-15-pro': 1649,
  'rk-10-marksman': 2149,
  'rk-10-hunter': 1799,
  'summit-bolt-action': 1399,
  'summit-copper-canyon-edition': 2499,
  'trailhand-lever-action': 1249,
  'ridgeback-pcc-9': 949,
  'rk-22-trainer': 549,
  'rk-15-stripped-lower': 149,
  'rk-10-stripped-lower': 249,
  'rk-15-ember-edition': 1899,
  'rp-9-compact': 549,
  'rp-9-full-size': 579,
  'rp-9-subcompact': 519,
  'rp-45-full-size': 649,
  'rp-10-longslide': 799,
  'rp-380-pocket': 379,
  'rp-22-target': 429,
  'rp-9-ember-edition': 799,
  'rp-9-serialized-frame': 129,
  'logo-tee': 28,
  'topo-hoodie': 64,
  'range-cap': 30,
  'ridgeline-trucker': 32,
  'field-softshell': 139,
  'ember-edition-tee': 34,
  'rm-30-rifle-magazine': 19,
  'rp-9-magazine': 34,
  'summit-1-6-lpvo': 449,
  'rd-2-red-dot': 279,
  'rifle-case-42': 129,
  'range-pistol-case': 59,
  'two-point-sling': 45,
  'field-cleaning-kit': 39,
  'rp-iwb-holster': 69,
  'rf-flash-hider': 79,
};

/** Surcharge per variant option value, by product. Options not listed add nothing. */
export const optionSurcharges: Record<string, Record<string, number>> = {
  'rk-15-carbine': { '300blk': 50, '145': 75, fde: 50, odg: 50 },
  'rk-15-sport': { tng: 40 },
  'rk-15-pro': { '18': 60, fde: 60, slate: 60 },
  'rk-10-marksman': { '65cm': 50, '20': 80, fde: 70 },
  'rk-10-hunter': { '65cm': 50 },
  'summit-bolt-action': { '308': 0, '300wm': 150, '24': 50, fde: 30, blk: 0 },
  'trailhand-lever-action': { '4570': 100, walnut: 150 },
  'ridgeback-pcc-9': { fde: 40 },
  'rk-22-trainer': { ember: 30 },
  'rk-15-stripped-lower': { fde: 20, tng: 20 },
  'rp-9-compact': { orc: 60, fde: 20, odg: 20 },
  'rp-9-full-size': { tng: 30 },
  'rp-9-subcompact': { fde: 20 },
  'rp-45-full-size': { tng: 40 },
  'rp-10-longslide': { ember: 80 },
  'rp-380-pocket': { sand: 10 },
  'rp-22-target': { odg: 20 },
  'rp-9-serialized-frame': { fde: 10, odg: 10 },
  'logo-tee': { xxl: 3 },
  'topo-hoodie': { xxl: 4 },
  'field-softshell': { xxl: 10 },
  'rm-30-rifle-magazine': { '20': 3, '30': 5, fde: 2 },
  'rp-9-magazine': { '17': 4 },
  'summit-1-6-lpvo': { moa: 20, fde: 30 },
  'rd-2-red-dot': { '6moa': 0 },
  'rifle-case-42': { odg: 0 },
  'field-cleaning-kit': { pistol: -6 },
  'rf-flash-hider': { '58x24': 10 },
};

/** Best discount per sku, whole percent. */
export const discounts: Record<string, number> = {
  'RK15C-556-16-BLK': 10,
  'RK15C-556-16-FDE': 10,
  'RK15S-BLK': 15,
  'RK10M-308-18-BLK': 5,
  'SUMMIT-65CM-22-ODG': 12,
  'RP9C-STD-BLK': 10,
  'RP9C-ORC-BLK': 10,
  'RP45-TNG': 8,
  'RP9-EMBER': 10,
  'FIELD-SS-BLK-M': 20,
  'FIELD-SS-BLK-L': 20,
  'FIELD-SS-ODG-L': 20,
  'TEE-LOGO-SAND-S': 25,
  'LPVO16-BDC-BLK': 10,
  'SLING2P-EMBER': 15,
  'RK22-EMBER': 10,
};

/** Skus with nothing on hand (the product page shows Notify Me). */
export const soldOut: string[] = [
  'RK15-EMBER',
  'RK15C-300BLK-16-FDE',
  'RK15L-TNG',
  'RP9SC-FDE',
  'RP10L-EMBER',
  'TEE-LOGO-ODG-XXL',
  'TEE-LOGO-HEATHER-S',
  'HOODIE-TOPO-ODG-S',
  'RM30-30-FDE',
  'LPVO16-MOA-FDE',
  'TRAILHAND-4570-WALNUT',
];

/** Skus with a deliberately small stock (3 or fewer). */
export const lowStock: Record<string, number> = {
  'SUMMIT-CC-65CM': 3,
  'RP9-EMBER': 2,
  'TEE-EMBER-XL': 1,
  'RK10L-BLK': 2,
};

/** Service skus sold only as product add-ons (no product page of their own). */
export const serviceSkus: { sku: string; title: string; price: number }[] = [
  { sku: 'RA-SVC-SIGHTIN', title: 'Factory Sight-In Service', price: 49 },
  { sku: 'RA-SVC-ENGRAVE', title: 'Custom Slide Engraving', price: 89 },
  { sku: 'RA-SVC-ACTION', title: 'Action Tune and Trigger Job', price: 125 },
];

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** List price of one sku from its product and chosen option values. */
export function listPrice(documentId: string, optionValues: string[]): number {
  const base = basePrices[documentId];
  if (base === undefined) throw new Error(`no base price for ${documentId}`);
  const extra = optionValues.reduce((sum, v) => sum + (optionSurcharges[documentId]?.[v] ?? 0), 0);
  const whole = base + extra;
  // Items under $500 carry retail .99 endings; larger firearms are priced in whole dollars.
  return round2(whole < 500 ? whole - 0.01 : whole);
}

export function finalPrice(price: number, discountPercentage: number): number {
  return round2(price * (1 - discountPercentage / 100));
}

/** Deterministic stock between 4 and 47 units, so the seed is the same on every run. */
export function stockFor(sku: string): number {
  if (soldOut.includes(sku)) return 0;
  if (lowStock[sku] !== undefined) return lowStock[sku];
  let hash = 7;
  for (const ch of sku) hash = (hash * 31 + ch.charCodeAt(0)) % 9973;
  return 4 + (hash % 44);
}
