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
