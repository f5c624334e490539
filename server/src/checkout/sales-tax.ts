/**
 * State sales-tax rates keyed by USPS region code (decision 007).
 *
 * Source: Tax Foundation, "State and Local Sales Tax Rates, 2024" (rates in effect on
 * January 1, 2024), the "State Tax Rate" column. Only the state base rate is charged: county,
 * city and district rates are NOT included, so the tax here is lower than the real combined rate
 * in most places. Rates that the source counts as state-level include statewide add-ons collected
 * everywhere in the state (California's 1% local, Utah's 1.25%, Virginia's 1%).
 *
 * Stored in thousandths of a percent (6.875% = 6875) so every rate is an integer.
 * Alaska, Delaware, Montana, New Hampshire and Oregon have no state sales tax.
 */
import { DEFAULT_TAX_CODE, type TaxCode } from '../../../src/domain/tax-codes';

export const STATE_TAX_RATES_AS_OF = '2024-01-01';
export const STATE_TAX_RATES_SOURCE = 'Tax Foundation, State and Local Sales Tax Rates, 2024 (state rates only)';

export const STATE_TAX_RATES: Readonly<Record<string, number>> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 4450,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 6100,
  VT: 6000,
  VA: 5300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
};

/** Rate of a region in thousandths of a percent; an unknown or missing region taxes nothing. */
export function stateTaxRate(region: string | null | undefined): number {
  if (!region) return 0;
  return STATE_TAX_RATES[region.trim().toUpperCase()] ?? 0;
}

/**
 * Sales tax in cents on a taxable amount in cents, rounded half up to the cent. The taxable
 * amount is the merchandise after every discount; shipping is not taxed (decision 007).
 */
export function salesTaxCents(taxableCents: number, region: string | null | undefined): number {
  if (taxableCents <= 0) return 0;
  return Math.round((taxableCents * stateTaxRate(region)) / 100_000);
}

/**
 * How a state treats a tax code differently from its base rate (decision 007, addendum
 * 2026-11-26). Amounts are per item, on the price after discounts:
 * - `exempt`: not taxed at all;
 * - `exempt-below`: an item sold for less than `unitCents` is not taxed; one at or above it is
 *   taxed in full (New York's clothing rule);
 * - `exempt-first`: the first `unitCents` of each item are not taxed, the rest is (Massachusetts,
 *   Rhode Island).
 */
export type TaxCodeRule =
  | { kind: 'exempt' }
  | { kind: 'exempt-below'; unitCents: number }
  | { kind: 'exempt-first'; unitCents: number };

/**
 * Clothing in the states whose state sales tax exempts or reduces it, as of 2024-01-01 (state
 * statutes cited in decision 007's addendum). Only the state rate is modelled, like the table
 * above; local rules (New York's counties that tax clothing under $110) are not.
 */
export const TAX_CODE_RULES: Readonly<Record<string, Readonly<Partial<Record<TaxCode, TaxCodeRule>>>>> = {
  MN: { clothing: { kind: 'exempt' } }, // Minn. Stat. 297A.67 subd. 8
  NJ: { clothing: { kind: 'exempt' } }, // N.J.S.A. 54:32B-8.4
  PA: { clothing: { kind: 'exempt' } }, // 72 P.S. 7204(26)
  VT: { clothing: { kind: 'exempt' } }, // 32 V.S.A. 9741(45)
  NY: { clothing: { kind: 'exempt-below', unitCents: 110_00 } }, // N.Y. Tax Law 1115(a)(30)
  MA: { clothing: { kind: 'exempt-first', unitCents: 175_00 } }, // M.G.L. c. 64H, 6(k)
  RI: { clothing: { kind: 'exempt-first', unitCents: 250_00 } }, // R.I. Gen. Laws 44-18-30(27)
};

export function taxCodeRule(region: string | null | undefined, code: TaxCode | null | undefined): TaxCodeRule | undefined {
  if (!region) return undefined;
  return TAX_CODE_RULES[region.trim().toUpperCase()]?.[code ?? DEFAULT_TAX_CODE];
}

/**
 * The part of a line the state taxes, in cents: `taxableCents` (the line after its share of the
 * promo) for `quantity` items of `code` going to `region`. Without a rule it is the whole line.
 */
export function taxableBaseCents(
  taxableCents: number,
  quantity: number,
  region: string | null | undefined,
  code: TaxCode | null | undefined,
): number {
  if (taxableCents <= 0) return 0;
  const rule = taxCodeRule(region, code);
  if (!rule) return taxableCents;
  if (rule.kind === 'exempt') return 0;
  const items = Math.max(1, quantity);
  if (rule.kind === 'exempt-below') return taxableCents < rule.unitCents * items ? 0 : taxableCents;
  return Math.max(0, taxableCents - rule.unitCents * items);
}
