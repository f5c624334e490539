/**
 * Prices in USD, US locale (shop-core.md section 9): "$1,234.50", "-$5.00".
 *
 * Written out instead of `Intl.NumberFormat`: the first Intl object a page creates loads the
 * browser's locale data, 35-80 ms of main thread on the bench machine before a price can show
 * (issue 16, decision 051). The output is Intl's en-US currency format to the character (checked
 * against it in tests/unit/domain/money.test.ts). Like Intl it rounds the number's shortest decimal
 * form (what `String(n)` writes) half away from zero: 0.015 is "$0.02". Values outside plain dollar
 * amounts (not finite, or beyond 2^53 cents) still go through Intl, created on first need.
 */
const MAX_PLAIN = Number.MAX_SAFE_INTEGER / 100;
let intl: Intl.NumberFormat | undefined;

function groupThousands(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${part},${out}` : part;
  }
  return out;
}

/** A non-negative amount below MAX_PLAIN as dollar digits and two cent digits, rounded half up. */
function toCents(abs: number): [string, string] {
  if (abs < 0.005) return ['0', '00'];
  const [whole, fraction = ''] = String(abs).split('.');
  const digits = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (digits[2] >= '5') cents += 1;
  return [String(Math.floor(cents / 100)), String(cents % 100).padStart(2, '0')];
}

export function formatPrice(amount: number | null | undefined): string {
  const value = amount ?? 0;
  if (!Number.isFinite(value) || Math.abs(value) >= MAX_PLAIN) {
    intl ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return intl.format(value);
  }
  const [dollars, cents] = toCents(Math.abs(value));
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}$${groupThousands(dollars)}.${cents}`;
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
