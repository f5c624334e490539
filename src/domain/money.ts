/** Prices in USD, US locale (shop-core.md section 9). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(amount: number | null | undefined): string {
  return usd.format(amount ?? 0);
}

/** Shipping methods with price 0 show 'Free'. */
export function formatShipping(amount: number | null | undefined): string {
  return !amount ? 'Free' : formatPrice(amount);
}

/** '(N% off)' when the final price is below the price (catalogue spec section 9). */
export function discountLabel(price: number, finalPrice: number): string | null {
  if (!(price > 0) || !(finalPrice < price)) return null;
  return `(${Math.round(((price - finalPrice) / price) * 100)}% off)`;
}
