/** Money is kept in integer cents inside the server and sent as dollars (two decimals). */
export const toDollars = (cents: number) => Math.round(cents) / 100;

/** The sku's best discounted price: the final price is the discounted price, else the price. */
export function finalPriceCents(priceCents: number, discountPercent: number): number {
  if (discountPercent <= 0) return priceCents;
  return Math.round((priceCents * (100 - Math.min(discountPercent, 100))) / 100);
}
