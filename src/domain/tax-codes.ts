/**
 * Product tax codes (decision 007, addendum 2026-11-26): every sku carries one in the catalogue,
 * and the sales-tax table can exempt or reduce a code per state (clothing in the states that
 * exempt it). The server taxes each line by its own catalogue's code; the browser only echoes it
 * in the compute payload (shop-core section 3, `address.taxCode`).
 */
export const TAX_CODES = ['general-merchandise', 'clothing', 'firearms', 'ammunition'] as const;

export type TaxCode = (typeof TAX_CODES)[number];

export const DEFAULT_TAX_CODE: TaxCode = 'general-merchandise';

export const isTaxCode = (value: unknown): value is TaxCode =>
  typeof value === 'string' && (TAX_CODES as readonly string[]).includes(value);

/**
 * The compute payload's `address.taxCode`: the code of the goods shipped to that address (the
 * lines that are not FFL items; those go to the dealer) when they share one; undefined when they
 * have different codes, one has none, or none ship to the address. Informational: the server
 * checks it against its catalogue and never lets it change the tax.
 */
export function addressTaxCode(items: readonly { isFflItem: boolean; taxCode?: string | null }[]): TaxCode | undefined {
  // A line without a code (a cart priced before codes existed) leaves the code unknown: not sent.
  const codes = new Set(items.filter((item) => !item.isFflItem).map((item) => item.taxCode ?? null));
  const [only] = codes;
  return codes.size === 1 && isTaxCode(only) ? only : undefined;
}
